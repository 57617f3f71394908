// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { redactUrl, track, trackBookingClicks, trackPageView } from '../../../src/lib/analytics.ts';

const TOKEN = 'Zk3q9XbT2vLmN8pR4sW6yA1cE5gH7jK0';

describe('redactUrl: no secret of an address reaches analytics', () => {
  it.each([
    [`/report/${TOKEN}`, '/report/[redacted]'],
    [`/report/${TOKEN}/pdf`, '/report/[redacted]/pdf'],
    [
      `https://www.bolesta.example/report/${TOKEN}?utm_source=mail#top`,
      'https://www.bolesta.example/report/[redacted]?utm_source=mail',
    ],
    [`/admin?reset=${TOKEN}`, '/admin?reset=[redacted]'],
    [`/admin?confirm=${TOKEN}`, '/admin?confirm=[redacted]'],
    [
      `https://www.bolesta.example/admin?lead=42&reset=${TOKEN}`,
      'https://www.bolesta.example/admin?lead=42&reset=[redacted]',
    ],
    [
      `/api/auth/verify-email?token=${TOKEN}&callbackURL=%2Fadmin`,
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fadmin',
    ],
    [
      `/x?uploadToken=${TOKEN}&Reset=${TOKEN}&code=${TOKEN}`,
      '/x?uploadToken=[redacted]&Reset=[redacted]&code=[redacted]',
    ],
    ['/sitemap?ref=newsletter', '/sitemap?ref=newsletter'],
    ['/reports/guide', '/reports/guide'],
    ['https://calendly.com/bolesta/strategy', 'https://calendly.com/bolesta/strategy'],
    ['', ''],
  ])('%s → %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });
});

describe('the analytics hook', () => {
  let calls: unknown[][];
  beforeEach(() => {
    calls = [];
    window.gtag = (...args: unknown[]) => void calls.push(args);
  });
  afterEach(() => {
    delete window.gtag;
    history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('never sends the token of a report link, in the page path, the location or the referrer', () => {
    history.replaceState(null, '', `/report/${TOKEN}`);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${location.origin}/report/${TOKEN}/pdf`);
    document.body.innerHTML = '<a data-booking="strategyCall" href="https://calendly.com/x">Book</a>';
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    trackPageView();
    trackBookingClicks();
    document.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    track('audit_submitted', { from: `/report/${TOKEN}` });

    expect(calls.map((c) => c[1])).toEqual(['page_view', 'booking_click', 'audit_submitted']);
    expect(JSON.stringify(calls)).not.toContain(TOKEN);
    expect(calls[0]![2]).toEqual({
      page_path: '/report/[redacted]',
      page_title: document.title,
      page_location: `${location.origin}/report/[redacted]`,
      page_referrer: `${location.origin}/report/[redacted]/pdf`,
    });
  });

  it('never sends the token of a password-reset link', () => {
    history.replaceState(null, '', `/admin?reset=${TOKEN}`);
    trackPageView();
    expect(JSON.stringify(calls)).not.toContain(TOKEN);
    expect(calls[0]![2]).toMatchObject({
      page_path: '/admin?reset=[redacted]',
      page_location: `${location.origin}/admin?reset=[redacted]`,
    });
  });

  it('keeps the rest of the address as it was', () => {
    history.replaceState(null, '', '/sitemap?ref=newsletter');
    trackPageView();
    expect(calls[0]![2]).toMatchObject({ page_path: '/sitemap?ref=newsletter', page_referrer: '' });
  });
});
