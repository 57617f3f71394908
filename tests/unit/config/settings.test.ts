/**
 * The per-site settings (src/config/settings.ts): each read from its environment variable with the
 * repository's placeholder as the default, validated, and refused by a deployed site while a placeholder.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  invalidSettings,
  isReservedHost,
  placeholderProblems,
  readSettings,
  SETTINGS,
} from '../../../src/config/settings.ts';
import { deployedSettings } from '../../fixtures/deployed-settings.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('reading the settings', () => {
  it('gives every default locally, and refuses none of them there', () => {
    const settings = readSettings({});
    expect(settings).toEqual(Object.fromEntries(Object.entries(SETTINGS).map(([k, v]) => [k, v.fallback])));
    expect(invalidSettings({})).toEqual([]);
  });

  it('takes each variable when set, trimmed; an empty one is unset', () => {
    const settings = readSettings({ ...deployedSettings, STAFF_INBOX: '  team@agency.com ', MAIL_FROM_NAME: '' });
    expect(settings.STAFF_INBOX).toBe('team@agency.com');
    expect(settings.MAIL_FROM).toBe('noreply@bolesta-agency.com');
    expect(settings.MAIL_FROM_NAME).toBe('Bolesta');
    expect(settings.BOOKING_URL_DISCOVERY_CALL).toBe('https://cal.com/bolesta-agency/discovery');
  });

  it("takes the site's address as an origin, and Netlify's URL when SITE_URL is not set", () => {
    expect(readSettings({ SITE_URL: 'https://www.agency.com/' }).SITE_URL).toBe('https://www.agency.com');
    expect(readSettings({ URL: 'https://agency-site.netlify.app' }).SITE_URL).toBe('https://agency-site.netlify.app');
    expect(readSettings({ URL: 'https://agency-site.netlify.app', SITE_URL: 'https://www.agency.com' }).SITE_URL).toBe(
      'https://www.agency.com',
    );
  });

  it('names each malformed value and why, and runs on the default with a warning instead', () => {
    const env = {
      SITE_URL: 'https://www.agency.com/home',
      STAFF_INBOX: 'leads at agency.com',
      MAIL_FROM: 'noreply@',
      MAIL_FROM_NAME: 'Agency <ops>',
      BOOKING_URL_STRATEGY_CALL: 'http://cal.com/agency',
      BOOKING_URL_US_MARKET_CALL: 'cal.com/agency',
    };
    expect(invalidSettings(env)).toEqual([
      { setting: 'SITE_URL', problem: 'must be an origin, with no path ("https://www.agency.com/home")' },
      { setting: 'STAFF_INBOX', problem: 'is not an email address ("leads at agency.com")' },
      { setting: 'MAIL_FROM', problem: 'is not an email address ("noreply@")' },
      { setting: 'MAIL_FROM_NAME', problem: 'may not hold < > " \\ or a line break ("Agency <ops>")' },
      { setting: 'BOOKING_URL_STRATEGY_CALL', problem: 'must start with https:// ("http://cal.com/agency")' },
      { setting: 'BOOKING_URL_US_MARKET_CALL', problem: 'is not a web address (https://…) ("cal.com/agency")' },
    ]);
    const warnings: string[] = [];
    const settings = readSettings(env, (line) => warnings.push(line));
    expect(settings.STAFF_INBOX).toBe(SETTINGS.STAFF_INBOX.fallback);
    expect(warnings).toHaveLength(6);
    expect(warnings[1]).toBe(
      'STAFF_INBOX is not an email address ("leads at agency.com"): using leads@bolesta.example instead.',
    );
  });
});

describe('placeholders', () => {
  it('are every default but the sender name, and a deploy that sets them all has none', () => {
    expect(placeholderProblems({}).map((p) => p.setting)).toEqual(
      Object.keys(SETTINGS).filter((name) => name !== 'MAIL_FROM_NAME'),
    );
    expect(placeholderProblems({ ...deployedSettings })).toEqual([]);
  });

  it('include any address or page on a domain reserved for examples', () => {
    expect(placeholderProblems({ ...deployedSettings, STAFF_INBOX: 'leads@Agency.EXAMPLE' })).toEqual([
      { setting: 'STAFF_INBOX', problem: 'is a placeholder (leads@Agency.EXAMPLE)' },
    ]);
    expect(placeholderProblems({ ...deployedSettings, SITE_URL: 'https://www.example.com' })).toEqual([
      { setting: 'SITE_URL', problem: 'is a placeholder (https://www.example.com)' },
    ]);
    for (const host of ['a.example', 'example.org', 'x.example.net', 'site.test', 'a.invalid', 'localhost'])
      expect(isReservedHost(host), host).toBe(true);
    for (const host of ['agency.com', 'example-labs.com', 'examples.org', 'bolesta.netlify.app'])
      expect(isReservedHost(host), host).toBe(false);
  });

  it("is not the site's address once Netlify gives it (its own netlify.app or custom domain)", () => {
    const { SITE_URL: _unset, ...rest } = deployedSettings;
    expect(placeholderProblems({ ...rest, URL: 'https://bolesta.netlify.app' })).toEqual([]);
    expect(placeholderProblems(rest)).toEqual([
      { setting: 'SITE_URL', problem: 'is not set (https://www.bolesta.example is a placeholder)' },
    ]);
  });
});

describe('the site module', () => {
  it('reads the settings when it loads: addresses, sender, site address and scheduling pages', async () => {
    for (const [key, value] of Object.entries(deployedSettings)) vi.stubEnv(key, value);
    vi.stubEnv('MAIL_FROM_NAME', 'Bolesta Leads');
    vi.resetModules();
    const { site } = await import('../../../src/config/site.ts');
    expect(site.url).toBe('https://www.bolesta-agency.com');
    expect(site.staffInbox).toBe('leads@bolesta-agency.com');
    expect(site.mailFrom).toBe('Bolesta Leads <noreply@bolesta-agency.com>');
    expect(site.scheduling).toEqual({
      strategyCall: 'https://cal.com/bolesta-agency/strategy-call',
      usMarketCall: 'https://cal.com/bolesta-agency/us-market',
      discoveryCall: 'https://cal.com/bolesta-agency/discovery',
    });
  });

  it('keeps the placeholders for npm start', async () => {
    for (const key of Object.keys(SETTINGS)) vi.stubEnv(key, undefined);
    vi.stubEnv('URL', undefined);
    vi.resetModules();
    const { site } = await import('../../../src/config/site.ts');
    expect(site.staffInbox).toBe('leads@bolesta.example');
    expect(site.mailFrom).toBe('Bolesta <noreply@bolesta.example>');
  });
});
