// The dashboard's lead figures (src/features/dashboard/queries.ts) against hand-computed fixtures: leads by
// source and by form, per week and in all, the top landing pages and campaigns, and the first response against
// the 24-hour promise. The period 2026-03-02 to 03-15 is two agency weeks, across the spring-forward Sunday
// (2026-03-08): New York is UTC-5 before it, UTC-4 after.
import { describe, expect, it } from 'vitest';
import { leads } from '../../../src/db/schema.ts';
import { getDashboard } from '../../../src/features/dashboard/dashboard.ts';
import { addLead, dashboard, handle, plusHours } from './dashboard-harness.ts';

const FROM = '2026-03-02';
const TO = '2026-03-15';

describe('dashboard: leads', () => {
  it('counts the period’s leads by source and by form, per week and in all, spam and other days aside', async () => {
    const services = { landingPath: '/services', utmSource: 'linkedin', utmCampaign: 'spring-launch' };
    await addLead({ requested: '2026-03-02T14:00:00Z', source: 'linkedin', form: 'message', attribution: services });
    await addLead({ requested: '2026-03-03T15:00:00Z', source: 'linkedin', form: 'intake', attribution: services });
    await addLead({
      requested: '2026-03-04T16:00:00Z',
      source: 'google',
      form: 'contact_page',
      attribution: { landingPath: '/' },
    });
    await addLead({ requested: '2026-03-10T14:00:00Z', source: null, form: 'message' }); // before attribution
    await addLead({
      requested: '2026-03-12T14:00:00Z',
      source: 'direct',
      form: 'intake',
      attribution: { landingPath: '/audit-intake' },
    });
    // Sunday 03-15, 23:30 in New York (UTC-4): the period's last half hour, in its second week.
    await addLead({ requested: '2026-03-16T03:30:00Z', source: 'linkedin', form: 'message', attribution: services });
    // Left out: spam; Sunday 03-01 07:00 New York (before the period); Monday 03-16 00:30 New York (after it).
    await addLead({
      requested: '2026-03-05T12:00:00Z',
      source: 'google',
      spam: true,
      attribution: { landingPath: '/' },
    });
    await addLead({ requested: '2026-03-01T12:00:00Z', source: 'google', attribution: { landingPath: '/' } });
    await addLead({ requested: '2026-03-16T04:30:00Z', source: 'google', attribution: { landingPath: '/' } });

    const reply = await dashboard(FROM, TO);
    expect(reply).toMatchObject({
      from: FROM,
      to: TO,
      timeZone: 'America/New_York',
      weeks: ['2026-03-02', '2026-03-09'],
    });
    expect(reply.totals.leads).toBe(6);
    expect(reply.leadsBySource).toEqual([
      { source: 'linkedin', count: 3 },
      { source: 'direct', count: 1 },
      { source: 'google', count: 1 },
      { source: null, count: 1 },
    ]);
    expect(reply.leadsByForm).toEqual([
      { form: 'message', count: 3 },
      { form: 'contact_page', count: 1 },
      { form: 'intake', count: 2 },
      { form: 'download', count: 0 },
      { form: 'booking', count: 0 },
    ]);
    expect(reply.leadsPerWeek).toEqual([
      {
        week: '2026-03-02',
        total: 3,
        bySource: [
          { source: 'linkedin', count: 2 },
          { source: 'google', count: 1 },
        ],
        byForm: [
          { form: 'message', count: 1 },
          { form: 'contact_page', count: 1 },
          { form: 'intake', count: 1 },
          { form: 'download', count: 0 },
          { form: 'booking', count: 0 },
        ],
      },
      {
        week: '2026-03-09',
        total: 3,
        bySource: [
          { source: 'direct', count: 1 },
          { source: 'linkedin', count: 1 },
          { source: null, count: 1 },
        ],
        byForm: [
          { form: 'message', count: 2 },
          { form: 'contact_page', count: 0 },
          { form: 'intake', count: 1 },
          { form: 'download', count: 0 },
          { form: 'booking', count: 0 },
        ],
      },
    ]);
    expect(reply.topLandingPages).toEqual([
      { path: '/services', count: 3 },
      { path: '/', count: 1 },
      { path: '/audit-intake', count: 1 },
    ]);
    expect(reply.topCampaigns).toEqual([{ campaign: 'spring-launch', source: 'linkedin', count: 3 }]);
  });

  it('names at most TOP_LIMIT landing pages, most leads first', async () => {
    for (let i = 0; i < 12; i++) {
      for (let n = 0; n <= i; n++) {
        await addLead({
          requested: '2026-03-03T15:00:00Z',
          attribution: { landingPath: `/page-${String(i).padStart(2, '0')}` },
        });
      }
    }
    const { topLandingPages } = await dashboard(FROM, TO);
    expect(topLandingPages.map((p) => p.path)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `/page-${String(i).padStart(2, '0')}`),
    );
    expect(topLandingPages[0]!.count).toBe(12);
  });
});

describe('dashboard: first response', () => {
  it('times the first response per week of the first request and in all, against lead_response_due', async () => {
    // Week of 03-02: 2 h (within), 30 h (late), unanswered, and a Saturday request answered on Monday 16:00
    // (53 h, within: a weekend request is due by the end of Monday, here across the clock change).
    await addLead({ requested: '2026-03-02T14:00:00Z', responded: plusHours('2026-03-02T14:00:00Z', 2) });
    await addLead({ requested: '2026-03-03T14:00:00Z', responded: plusHours('2026-03-03T14:00:00Z', 30) });
    await addLead({ requested: '2026-03-04T14:00:00Z' });
    await addLead({ requested: '2026-03-07T15:00:00Z', responded: '2026-03-09T20:00:00Z' });
    // Week of 03-09: 1.25 h, and exactly 24 h (still within the promise).
    await addLead({ requested: '2026-03-10T14:00:00Z', responded: plusHours('2026-03-10T14:00:00Z', 1.25) });
    await addLead({ requested: '2026-03-11T14:00:00Z', responded: plusHours('2026-03-11T14:00:00Z', 24) });
    await addLead({ requested: '2026-03-12T14:00:00Z', responded: plusHours('2026-03-12T14:00:00Z', 1), spam: true });

    const reply = await dashboard(FROM, TO);
    expect(reply.responseTimes).toEqual([
      // Hours 2, 30, 53: median 30; p90 30 + 0.8 × 23 = 48.4.
      { week: '2026-03-02', leads: 4, answered: 3, promiseDue: 4, withinPromise: 2, medianHours: 30, p90Hours: 48.4 },
      // Hours 1.25, 24: median 12.625 → 12.6; p90 1.25 + 0.9 × 22.75 = 21.725 → 21.7.
      { week: '2026-03-09', leads: 2, answered: 2, promiseDue: 2, withinPromise: 2, medianHours: 12.6, p90Hours: 21.7 },
    ]);
    // Over the period, not a median of the weeks' medians: 1.25, 2, 24, 30, 53 → 24; p90 30 + 0.6 × 23 = 43.8.
    expect(reply.totals).toMatchObject({
      leads: 6,
      answered: 5,
      promiseDue: 6,
      withinPromise: 4,
      medianResponseHours: 24,
      p90ResponseHours: 43.8,
    });
  });

  it('counts in the promise’s figure only the leads answered or past their due time', async () => {
    // Monday 03-09 14:00 UTC: a lead a minute old is inside its 24 hours, on neither side of the figure; one
    // waiting since Saturday 03-07 (a weekend request: due by the end of Monday) is not due yet either; one from Wednesday is
    // past due, unanswered; one answered in 2 h counts within; one that only downloaded a file ran no clock.
    const now = new Date('2026-03-09T14:01:00Z');
    await addLead({ requested: '2026-03-09T14:00:00Z' });
    await addLead({ requested: '2026-03-07T15:00:00Z' });
    await addLead({ requested: '2026-03-04T14:00:00Z' });
    await addLead({ requested: '2026-03-03T14:00:00Z', responded: plusHours('2026-03-03T14:00:00Z', 2) });
    await addLead({ requested: '2026-03-05T14:00:00Z', form: 'download' });

    const reply = await getDashboard(handle.db, { from: FROM, to: TO }, now);
    expect(reply.totals).toMatchObject({ leads: 5, answered: 1, promiseDue: 2, withinPromise: 1 });
    expect(reply.responseTimes.map((w) => [w.week, w.leads, w.promiseDue, w.withinPromise])).toEqual([
      ['2026-03-02', 4, 2, 1],
      ['2026-03-09', 1, 0, 0],
    ]);
    // Alone, the minute-old lead makes no figure at all: not "0% — 0 of 1".
    await handle.db.delete(leads);
    await addLead({ requested: '2026-03-09T14:00:00Z' });
    const fresh = await getDashboard(handle.db, { from: FROM, to: TO }, now);
    expect(fresh.totals).toMatchObject({ leads: 1, promiseDue: 0, withinPromise: 0 });
  });
});
