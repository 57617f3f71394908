/**
 * A deployed site never runs on a development default: every function refuses with 503 `misconfigured`
 * (and a log line naming the setting) until production's settings are there, and the health check says
 * what is missing. "Deployed" is what Netlify shows a function: SITE_ID and URL, no NODE_ENV, no CONTEXT.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb, useDatabase, type DbHandle } from '../../../src/db/client.ts';
import { openDatabase } from '../../../src/db/embedded.ts';
import { getAuth } from '../../../src/features/accounts/auth.ts';
import type { Handler } from '../../../src/server/http.ts';
import {
  assertProductionReady,
  DEV_AUTH_SECRET,
  isDeployed,
  MisconfiguredError,
  missingSettings,
} from '../../../src/config/platform.ts';
import { SECURITY_HEADERS } from '../../../src/server/security-headers.ts';
import { deployedSettings } from '../../fixtures/deployed-settings.ts';
import { inventedIdentity, realIdentity } from '../../fixtures/site-identity.ts';
import { call } from '../function-harness.ts';
import { openTestDatabase } from '../test-db.ts';

// The Site settings the functions are built with: an agency's own values, or (one test) the repository's invented ones.
const identityFile = vi.hoisted(() => ({}) as Record<string, unknown>);
vi.mock('../../../content/site/settings.json', async () => {
  const { realIdentity: own } = await import('../../fixtures/site-identity.ts');
  return { default: Object.assign(identityFile, structuredClone(own)) };
});

const functionsDir = path.resolve(import.meta.dirname, '../../../netlify/functions');
const functionNames = readdirSync(functionsDir)
  .filter((f) => f.endsWith('.mts'))
  .map((f) => f.replace(/\.mts$/, ''));

const STRONG_SECRET = 'x'.repeat(44);
const HEALTH_TOKEN = 'h'.repeat(43);
/** The health check's detail, as the holder of HEALTH_TOKEN asks for it. */
const health = async () =>
  call(await load('health'), '/api/health', undefined, {
    method: 'GET',
    headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
  });
const netlify = {
  SITE_ID: 'a1b2c3',
  URL: 'https://bolesta.netlify.app',
  SITE_NAME: 'bolesta',
  HEALTH_TOKEN,
  ...deployedSettings,
};

/** Runs with Netlify's environment shape plus `extra` (undefined removes a variable). */
function deployWith(extra: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries({ ...netlify, NODE_ENV: undefined, ...extra })) vi.stubEnv(key, value);
}

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
}, 60_000);
afterAll(() => handle.close());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  useDatabase(handle);
});

const load = async (name: string) =>
  ((await import(path.join(functionsDir, `${name}.mts`))) as { default: Handler }).default;

/** The settings check of a deploy whose health answers 503 (the check's log line kept quiet). */
async function failingSettings() {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const response = await health();
  expect(response.status).toBe(503);
  const report = (await response.json()) as { checks: Record<string, { ok: boolean; detail: string }> };
  return report.checks.settings;
}

describe('deployed means on Netlify, in any context', () => {
  it('is told by SITE_ID (what every deployed function sees) or a Netlify build', () => {
    expect(isDeployed({})).toBe(false);
    expect(isDeployed({ NODE_ENV: 'production' })).toBe(false);
    expect(isDeployed({ SITE_ID: 'a1b2c3' })).toBe(true);
    expect(isDeployed({ NETLIFY: 'true' })).toBe(true);
  });

  it('names every missing or unsafe setting', () => {
    expect(missingSettings({}).slice(0, 3)).toEqual([
      { setting: 'BETTER_AUTH_SECRET', problem: 'is not set' },
      { setting: 'DATABASE_URL or Netlify Database', problem: 'is not set' },
      { setting: 'SITE_URL', problem: 'is not set (https://www.bolesta.example is a placeholder)' },
    ]);
    const ready = { ...deployedSettings, DATABASE_URL: 'postgres://x' };
    expect(missingSettings({ ...ready, BETTER_AUTH_SECRET: DEV_AUTH_SECRET })).toEqual([
      { setting: 'BETTER_AUTH_SECRET', problem: 'is the public development secret' },
    ]);
    expect(missingSettings({ ...ready, BETTER_AUTH_SECRET: 'short-secret' })).toEqual([
      { setting: 'BETTER_AUTH_SECRET', problem: 'is shorter than 32 bytes' },
    ]);
    expect(missingSettings({ ...ready, BETTER_AUTH_SECRET: STRONG_SECRET })).toEqual([]);
    expect(() => assertProductionReady({ ...netlify })).toThrow(MisconfiguredError);
    expect(() => assertProductionReady({})).not.toThrow(); // local: the development defaults apply
  });
});

describe('a deployed function refuses to run without what production needs', () => {
  const cases: [string, Record<string, string | undefined>, RegExp][] = [
    [
      'without an auth secret',
      { BETTER_AUTH_SECRET: undefined, DATABASE_URL: 'postgres://db' },
      /BETTER_AUTH_SECRET is not set/,
    ],
    [
      'with the development secret',
      { BETTER_AUTH_SECRET: DEV_AUTH_SECRET, DATABASE_URL: 'postgres://db' },
      /public development secret/,
    ],
    [
      'with a short secret',
      { BETTER_AUTH_SECRET: 'sixteen-bytes-ab', DATABASE_URL: 'postgres://db' },
      /shorter than 32 bytes/,
    ],
    [
      'without a database',
      { BETTER_AUTH_SECRET: STRONG_SECRET, DATABASE_URL: undefined },
      /DATABASE_URL or Netlify Database is not set/,
    ],
    [
      'with the placeholder staff inbox',
      { BETTER_AUTH_SECRET: STRONG_SECRET, DATABASE_URL: 'postgres://db', STAFF_INBOX: undefined },
      /STAFF_INBOX is not set \(leads@bolesta\.example is a placeholder\)/,
    ],
    [
      'with a sender on a domain reserved for examples',
      { BETTER_AUTH_SECRET: STRONG_SECRET, DATABASE_URL: 'postgres://db', MAIL_FROM: 'noreply@agency.example' },
      /MAIL_FROM is a placeholder \(noreply@agency\.example\)/,
    ],
    [
      'with the placeholder scheduling page',
      { BETTER_AUTH_SECRET: STRONG_SECRET, DATABASE_URL: 'postgres://db', BOOKING_URL_DISCOVERY_CALL: undefined },
      /BOOKING_URL_DISCOVERY_CALL is not set/,
    ],
    [
      'with a reply domain but no webhook secret',
      { BETTER_AUTH_SECRET: STRONG_SECRET, DATABASE_URL: 'postgres://db', MAIL_REPLY_DOMAIN: 'reply.agency.com' },
      /RESEND_WEBHOOK_SECRET is not set, but MAIL_REPLY_DOMAIN is/,
    ],
    [
      'with a malformed site address',
      { BETTER_AUTH_SECRET: STRONG_SECRET, DATABASE_URL: 'postgres://db', SITE_URL: 'www.agency.com' },
      /SITE_URL is not a web address/,
    ],
  ];

  it.each(cases)(
    '%s: every function but the health check answers 503 misconfigured and logs why',
    async (_, env, logged) => {
      deployWith(env);
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      for (const name of functionNames.filter((n) => n !== 'health')) {
        const response = await call(await load(name), '/api/anything', {}, { method: 'POST' });
        expect(response.status, name).toBe(503);
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error.code, name).toBe('misconfigured');
        expect(body.error.message).not.toMatch(/BETTER_AUTH|DATABASE_URL|STAFF_INBOX|MAIL_FROM|Error|\n\s+at /); // nothing internal to visitors
        expect(response.headers.get('x-frame-options'), name).toBe('DENY');
        expect(log.mock.calls.at(-1)?.join(' '), name).toMatch(logged);
      }
      expect(functionNames.length).toBeGreaterThanOrEqual(15);
    },
  );

  it('does not refuse locally: `npm start` runs on the development defaults', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await call(await load('auth'), '/api/auth/get-session', undefined, { method: 'GET' });
    expect(response.status).toBe(200);
  });

  it('never opens the embedded database when deployed', async () => {
    deployWith({ BETTER_AUTH_SECRET: STRONG_SECRET, DATABASE_URL: undefined });
    (globalThis as { __bolestaDb?: unknown }).__bolestaDb = undefined;
    await expect(getDb()).rejects.toBeInstanceOf(MisconfiguredError);
    await expect(openDatabase({ dataDir: '/nonexistent' })).rejects.toThrow(/local use only/);
  });

  it('refuses the development secret in better-auth itself, not only at the door', () => {
    deployWith({ BETTER_AUTH_SECRET: DEV_AUTH_SECRET, DATABASE_URL: 'postgres://db' });
    const fresh = { ...handle.db } as typeof handle.db; // a handle better-auth has no instance for yet
    expect(() => getAuth(fresh)).toThrow(MisconfiguredError);
  });
});

describe('the health check of a deployed site', () => {
  it('answers 503 and names each missing dependency', async () => {
    deployWith({ BETTER_AUTH_SECRET: undefined, DATABASE_URL: undefined, RESEND_API_KEY: undefined });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await health();
    expect(response.status).toBe(503);
    const report = (await response.json()) as { ok: boolean; site: string; checks: Record<string, unknown> };
    expect(report.ok).toBe(false);
    expect(report.site).toBe('production');
    expect(report.checks.database).toEqual({ ok: false, detail: 'DATABASE_URL or Netlify Database is not set' });
    expect(report.checks.authSecret).toEqual({
      ok: false,
      detail: 'BETTER_AUTH_SECRET is not set',
      suggestion: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/), // 32 random bytes to paste into Netlify
    });
    const again = (await (await health()).json()) as {
      checks: { authSecret: { suggestion: string } };
    };
    expect(again.checks.authSecret.suggestion).not.toBe(
      (report.checks.authSecret as { suggestion: string }).suggestion,
    );
    expect(report.checks.settings).toEqual({ ok: true, detail: 'set' });
    expect(report.checks.mail).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^RESEND_API_KEY is not set/),
    });
  });

  it('is ok with a strong secret, a migrated database and a mail key', async () => {
    deployWith({ BETTER_AUTH_SECRET: STRONG_SECRET, DATABASE_URL: 'postgres://db', RESEND_API_KEY: 're_key' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await health();
    const report = (await response.json()) as { checks: Record<string, { ok: boolean; detail: string }> };
    expect(report.checks.database).toEqual({ ok: true, detail: 'reachable and migrated' });
    expect(report.checks.authSecret).toEqual({ ok: true, detail: 'set' });
    expect(report.checks.settings).toEqual({ ok: true, detail: 'set' });
    expect(report.checks.mail).toEqual({ ok: true, detail: 'resend, 0 pending' });
    // No Blobs on this test machine: reported, not thrown.
    expect(report.checks.blobs).toEqual({ ok: false, detail: 'unreachable' });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(response.headers.get('strict-transport-security')).toBe(SECURITY_HEADERS['Strict-Transport-Security']);
  });

  it('names a reply domain set without its webhook secret', async () => {
    deployWith({
      BETTER_AUTH_SECRET: STRONG_SECRET,
      DATABASE_URL: 'postgres://db',
      MAIL_REPLY_DOMAIN: 'reply.agency.com',
    });
    expect(await failingSettings()).toEqual({
      ok: false,
      detail: 'RESEND_WEBHOOK_SECRET is not set, but MAIL_REPLY_DOMAIN is',
    });
  });

  it("names each field of the Site settings that is still the repository's invented value", async () => {
    deployWith({ BETTER_AUTH_SECRET: STRONG_SECRET, DATABASE_URL: 'postgres://db' });
    Object.assign(identityFile, structuredClone(inventedIdentity));
    try {
      expect(await failingSettings()).toEqual({
        ok: false,
        detail:
          'Site settings: email is a placeholder (hello@bolesta.example); ' +
          'Site settings: phone is a placeholder (+1 (555) 010-0199); ' +
          'Site settings: address is a placeholder (100 Market Street, Suite 300, Philadelphia, PA 19106); ' +
          'Site settings: LinkedIn is a placeholder (https://www.linkedin.com/company/bolesta-example); ' +
          'Site settings: map is a placeholder (the map of the invented address); ' +
          'Site settings: legal entity is a placeholder (Bolesta Example LLC)',
      });
    } finally {
      Object.assign(identityFile, structuredClone(realIdentity));
    }
  });

  it('names every placeholder setting, so the first deploy says what to set in Netlify', async () => {
    deployWith({
      BETTER_AUTH_SECRET: STRONG_SECRET,
      DATABASE_URL: 'postgres://db',
      STAFF_INBOX: undefined,
      MAIL_FROM: 'noreply@bolesta.example',
      BOOKING_URL_STRATEGY_CALL: undefined,
    });
    expect(await failingSettings()).toEqual({
      ok: false,
      detail:
        'STAFF_INBOX is not set (leads@bolesta.example is a placeholder); MAIL_FROM is a placeholder (noreply@bolesta.example); ' +
        'BOOKING_URL_STRATEGY_CALL is not set (https://calendly.com/bolesta-example/30min is a placeholder)',
    });
  });
});
