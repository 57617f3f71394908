/**
 * The visit counter (docs/decisions/0046-bookings-from-the-schedulers.md): `POST /api/visits` adds one to the day's
 * count under the visit's source, campaign and landing page, and stores nothing that names a visitor; refused from
 * a foreign Origin, rate limited per client, size bounded, a bad field a 422 naming it; the housekeeping deletes the
 * counts older than VISIT_COUNT_MONTHS.
 */
import { describe, expect, it } from 'vitest';
import visits from '../../../netlify/functions/visits.mts';
import { rateLimits, visitDays } from '../../../src/db/schema.ts';
import {
  countVisit,
  sweepVisitCounts,
  VISIT_BODY_BYTES,
  VISIT_COUNT_MONTHS,
  VISITS_RATE_LIMIT,
} from '../../../src/features/funnel/visits.ts';
import { call, expectPublicPostGuards } from '../function-harness.ts';
import { useTestDatabase } from '../test-db.ts';

const handle = useTestDatabase({ empty: [visitDays, rateLimits] });
const send = (body: unknown, init: Parameters<typeof call>[3] = {}) => call(visits, '/api/visits', body, init);
const counts = async () =>
  (await handle.db.select().from(visitDays))
    .map((r) => [r.source, r.campaign, r.landingPath, r.count])
    .sort((a, b) => String(a).localeCompare(String(b)));

describe('POST /api/visits', () => {
  it('counts each visit under its source, campaign and landing page, and stores no identifier or address', async () => {
    const ip = '203.0.113.78';
    const linkedin = { landingPath: '/services/digital-marketing', utmSource: 'LinkedIn', utmCampaign: 'cro-q1' };
    for (const body of [
      linkedin,
      linkedin,
      { landingPath: '/', referrer: 'https://www.google.de' },
      { landingPath: '/about', referrer: 'https://news.example.org' },
      {},
    ]) {
      const res = await send(body, { ip, headers: { 'user-agent': 'Mozilla/5.0 (a visitor)' } });
      expect(res.status, await res.clone().text()).toBe(204);
    }
    expect(await counts()).toEqual([
      ['direct', '', '', 1],
      ['google', '', '/', 1],
      ['linkedin', 'cro-q1', '/services/digital-marketing', 2],
      ['referral', '', '/about', 1],
    ]);
    // A day, a source, a campaign, a landing page and a count: nothing else could name a visitor (no referrer
    // address, no user agent, no address).
    const [row] = await handle.db.select().from(visitDays);
    expect(Object.keys(row!).sort()).toEqual(['campaign', 'count', 'day', 'landingPath', 'source']);
    const keys = (await handle.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toEqual([expect.stringMatching(/^visits:[\w-]{22}$/)]);
    expect(keys[0]).not.toContain('203.0.113');
  });

  it('counts by the day in New York, not in UTC', async () => {
    await countVisit(handle.db, { landingPath: '/' }, new Date('2026-11-27T03:30:00Z')); // 22:30 on the 26th
    await countVisit(handle.db, { landingPath: '/' }, new Date('2026-11-27T05:30:00Z')); // 00:30 on the 27th
    const rows = await handle.db.select({ day: visitDays.day, count: visitDays.count }).from(visitDays);
    expect(rows.map((r) => [r.day, r.count]).sort()).toEqual([
      ['2026-11-26', 1],
      ['2026-11-27', 1],
    ]);
  });

  it('answers 422 naming the field and its reason, 413 past the size bound, and counts nothing', async () => {
    const bad = await send({ landingPath: '/x?token=secret' });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toEqual({ landingPath: expect.stringMatching(/path on this site, without a query/) });
    const referrer = await send({ referrer: 'https://www.linkedin.com/in/someone' });
    expect(((await referrer.json()) as typeof body).error.fields).toEqual({
      referrer: expect.stringMatching(/origin/),
    });
    const utm = await send({ utmCampaign: 'x'.repeat(101) });
    expect(((await utm.json()) as typeof body).error.fields).toEqual({ utmCampaign: expect.stringMatching(/100/) });
    const large = await send(undefined, { raw: JSON.stringify({ utmTerm: 'y'.repeat(VISIT_BODY_BYTES) }) });
    expect(large.status).toBe(413);
    expect(((await large.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    expect((await send(undefined, { raw: 'a=1', type: 'text/plain' })).status).toBe(415);
    expect(await counts()).toEqual([]);
    // Other keys are dropped, never kept.
    expect((await send({ landingPath: '/', visitor: 'abc', ip: '1.2.3.4' })).status).toBe(204);
    expect(await counts()).toEqual([['direct', '', '/', 1]]);
  });

  it('refuses a foreign Origin, a missing one, and anything but POST, counting nothing', async () => {
    await expectPublicPostGuards(send, { landingPath: '/' });
    expect(await counts()).toEqual([]);
  });

  it('limits how many visits one client can count', async () => {
    const ip = '198.51.100.210';
    for (let i = 0; i < VISITS_RATE_LIMIT.limit; i++)
      expect((await send({ landingPath: '/' }, { ip })).status).toBe(204);
    const refused = await send({ landingPath: '/' }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await send({ landingPath: '/' }, { ip: '198.51.100.211' })).status).toBe(204);
    expect(await counts()).toEqual([['direct', '', '/', VISITS_RATE_LIMIT.limit + 1]]);
  });
});

describe('the daily housekeeping', () => {
  it(`deletes the counts of days more than ${VISIT_COUNT_MONTHS} months old, and keeps the rest`, async () => {
    const now = new Date('2026-12-07T15:00:00Z');
    await countVisit(handle.db, { landingPath: '/old' }, new Date('2024-12-06T15:00:00Z'));
    await countVisit(handle.db, { landingPath: '/kept' }, new Date('2024-12-07T15:00:00Z'));
    expect(await sweepVisitCounts(handle.db, now)).toBe(1);
    expect((await counts()).map((r) => r[2])).toEqual(['/kept']);
  });
});
