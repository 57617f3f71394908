// The dashboard's audit and report figures (src/features/dashboard/queries.ts) against hand-computed fixtures:
// audit requests against the 72-hour promise (their first delivered version), reports by their first delivery
// and their opening, the intake funnel, the resources' downloads, and a period with nothing in it.
import { describe, expect, it } from 'vitest';
import { funnelSteps } from '../../../src/features/dashboard/contract.ts';
import {
  addAudit,
  addAuditOf,
  addDelivery,
  addDownload,
  addFunnel,
  addLead,
  addWritten,
  dashboard,
  plusHours,
} from './dashboard-harness.ts';

const FROM = '2026-03-02';
const TO = '2026-03-15';

describe('dashboard: audits and reports', () => {
  it('counts audit requests by their first delivery against 72 hours, and reports by their first delivery and opening', async () => {
    // Requested in the week of 03-02: delivered after 48 h (a second version later, opened at once), exactly
    // 72 h (never opened), 73 h (opened on Monday, 48 h after).
    const a1 = await addAudit('2026-03-02T14:00:00Z');
    await addDelivery(a1, plusHours('2026-03-02T14:00:00Z', 48), '2026-03-04T20:00:00Z');
    await addDelivery(a1, plusHours('2026-03-02T14:00:00Z', 100), '2026-03-06T19:00:00Z');
    const a2 = await addAudit('2026-03-03T14:00:00Z');
    await addDelivery(a2, plusHours('2026-03-03T14:00:00Z', 72));
    const a3 = await addAudit('2026-03-04T14:00:00Z');
    await addDelivery(a3, plusHours('2026-03-04T14:00:00Z', 73), '2026-03-09T15:00:00Z');
    // Requested in the week of 03-09, not delivered; and a spam request, delivered, counted nowhere.
    await addAudit('2026-03-10T14:00:00Z');
    const spam = await addAudit('2026-03-10T15:00:00Z', { spam: true });
    await addDelivery(spam, '2026-03-11T15:00:00Z', '2026-03-11T16:00:00Z');
    // Requested before the period: first delivered before it too (a second version in it is no first delivery),
    // and one first delivered in the week of 03-09, opened 2.5 h later.
    const early = await addAudit('2026-02-20T14:00:00Z');
    await addDelivery(early, '2026-02-25T14:00:00Z', '2026-02-25T15:00:00Z');
    await addDelivery(early, '2026-03-10T14:00:00Z', '2026-03-10T15:00:00Z');
    const late = await addAudit('2026-03-01T12:00:00Z');
    await addDelivery(late, '2026-03-12T14:00:00Z', '2026-03-12T16:30:00Z');

    const reply = await dashboard(FROM, TO);
    expect(reply.auditDelivery).toEqual([
      { week: '2026-03-02', requested: 3, within72h: 2, later: 1, notDelivered: 0 },
      { week: '2026-03-09', requested: 1, within72h: 0, later: 0, notDelivered: 1 },
    ]);
    expect(reply.reportOpens).toEqual([
      // a1 (opened after 6 h), a2 (not opened), a3 (delivered Saturday, opened after 48 h): median 27.
      { week: '2026-03-02', delivered: 3, opened: 2, medianHoursToOpen: 27 },
      { week: '2026-03-09', delivered: 1, opened: 1, medianHoursToOpen: 2.5 },
    ]);
    expect(reply.totals).toMatchObject({
      auditsRequested: 4,
      auditsWithin72h: 2,
      reportsDelivered: 4,
      reportsOpened: 3,
      medianHoursToOpen: 6, // 2.5, 6, 48
    });
  });

  it('sums the intake funnel over the period’s days, one entry per step in the wizard’s order', async () => {
    await addFunnel('2026-03-01', 'company', 99); // the day before
    await addFunnel('2026-03-02', 'company', 10);
    await addFunnel('2026-03-02', 'marketing', 8);
    await addFunnel('2026-03-15', 'company', 5);
    await addFunnel('2026-03-15', 'submitted', 2);
    await addFunnel('2026-03-16', 'submitted', 99); // the day after
    expect((await dashboard(FROM, TO)).funnel).toEqual([
      { step: 'company', count: 15 },
      { step: 'marketing', count: 8 },
      { step: 'bd', count: 0 },
      { step: 'goals', count: 0 },
      { step: 'documents', count: 0 },
      { step: 'submitted', count: 2 },
    ]);
  });

  it('answers an empty period with every week, zeros and no medians', async () => {
    // Something outside the period, so "empty" is the period's doing.
    await addLead({ requested: '2026-02-27T14:00:00Z', responded: '2026-02-27T15:00:00Z', source: 'google' });
    const reply = await dashboard('2026-03-04', '2026-03-16');
    const weeks = ['2026-03-02', '2026-03-09', '2026-03-16'];
    expect(reply.weeks).toEqual(weeks);
    expect(reply.totals).toEqual({
      leads: 0,
      answered: 0,
      promiseDue: 0,
      withinPromise: 0,
      medianResponseHours: null,
      p90ResponseHours: null,
      auditsRequested: 0,
      auditsWithin72h: 0,
      reportsDelivered: 0,
      reportsOpened: 0,
      medianHoursToOpen: null,
      downloadsRequested: 0,
      downloadsOpened: 0,
      topDownload: null,
      callsBooked: 0,
      callsHeld: 0,
      callsNoShow: 0,
      callsCancelled: 0,
    });
    expect(reply.leadsBySource).toEqual([]);
    expect(reply.leadsByForm).toEqual([
      { form: 'message', count: 0 },
      { form: 'contact_page', count: 0 },
      { form: 'intake', count: 0 },
      { form: 'download', count: 0 },
      { form: 'booking', count: 0 },
    ]);
    expect(reply.leadsPerWeek).toEqual(
      weeks.map((week) => ({ week, total: 0, bySource: [], byForm: reply.leadsByForm })),
    );
    expect(reply.responseTimes).toEqual(
      weeks.map((week) => ({
        week,
        leads: 0,
        answered: 0,
        promiseDue: 0,
        withinPromise: 0,
        medianHours: null,
        p90Hours: null,
      })),
    );
    expect(reply.auditDelivery).toEqual(
      weeks.map((week) => ({ week, requested: 0, within72h: 0, later: 0, notDelivered: 0 })),
    );
    expect(reply.reportOpens).toEqual(
      weeks.map((week) => ({ week, delivered: 0, opened: 0, medianHoursToOpen: null })),
    );
    expect(reply.funnel).toEqual(funnelSteps.map((step) => ({ step, count: 0 })));
    expect(reply.topLandingPages).toEqual([]);
    expect(reply.topCampaigns).toEqual([]);
    expect(reply.downloads).toEqual({ byResource: [], bySource: [] });
    expect(reply.calls).toEqual({ bySource: [], byCampaign: [], byLandingPage: [] });
  });

  // docs/decisions/0041-resource-downloads.md; the fixture's figures are counted by hand in the comments.
  it('counts download requests and openings per resource and per source, and the leads that later asked or wrote', async () => {
    const toolkit = 'cro-marketing-toolkit';
    const guide = 'us-market-guide';
    const a = await addLead({ requested: '2026-03-03T10:00:00Z', source: 'linkedin', form: 'download' });
    const b = await addLead({ requested: '2026-02-20T10:00:00Z', source: 'google', form: 'download' });
    const c = await addLead({ requested: '2026-03-06T10:00:00Z', source: 'linkedin', form: 'download' });
    const d = await addLead({ requested: '2026-03-09T10:00:00Z', source: 'google', form: 'download' });
    const e = await addLead({ requested: '2026-03-10T10:00:00Z', source: null, form: 'download' });
    await addDownload(a, toolkit, '2026-03-03T10:00:00Z', { opened: '2026-03-03T11:00:00Z' }); // toolkit 1, opened
    await addAuditOf(a, '2026-03-05T10:00:00Z'); // …then an audit: toolkit's thenAudit 1
    await addDownload(a, guide, '2026-03-08T10:00:00Z'); // guide 1: its audit came before, so no thenAudit
    await addDownload(b, toolkit, '2026-02-20T10:00:00Z'); // before the period: not counted
    await addWritten(b, '2026-03-01T10:00:00Z', 'message'); // wrote before asking: no thenWrote
    await addDownload(b, toolkit, '2026-03-04T10:00:00Z'); // toolkit 2, not opened
    await addWritten(b, '2026-03-05T10:00:00Z', 'message', true); // spam: no thenWrote
    await addDownload(c, guide, '2026-03-06T10:00:00Z', { opened: '2026-03-06T12:00:00Z' }); // guide 2, opened
    await addWritten(c, '2026-03-07T10:00:00Z', 'message'); // …then wrote: guide's thenWrote 1
    await addDownload(d, toolkit, '2026-03-09T10:00:00Z', { spam: true }); // spam: not counted
    await addDownload(e, toolkit, '2026-03-10T10:00:00Z'); // toolkit 3
    await addWritten(e, '2026-03-11T10:00:00Z', 'mail'); // …then replied by mail: toolkit's thenWrote 1
    await addDownload(e, guide, '2026-03-16T10:00:00Z'); // after the period: not counted

    const reply = await dashboard('2026-03-02', '2026-03-15');
    expect(reply.downloads.byResource).toEqual([
      { resource: toolkit, title: 'CRO Marketing Toolkit', requested: 3, opened: 1, thenAudit: 1, thenWrote: 1 },
      { resource: guide, title: 'U.S. Market Guide', requested: 2, opened: 1, thenAudit: 0, thenWrote: 1 },
    ]);
    // linkedin: a's two and c's one, two opened; google: b's one; no source: e's one.
    expect(reply.downloads.bySource).toEqual([
      { source: 'linkedin', requested: 3, opened: 2 },
      { source: 'google', requested: 1, opened: 0 },
      { source: null, requested: 1, opened: 0 },
    ]);
    expect(reply.totals).toMatchObject({
      downloadsRequested: 5,
      downloadsOpened: 2,
      topDownload: { title: 'CRO Marketing Toolkit', requested: 3 },
    });
  });

  it('answers a one-day period as its one week', async () => {
    await addLead({ requested: '2026-03-04T14:00:00Z' });
    const reply = await dashboard('2026-03-04', '2026-03-04');
    expect(reply.weeks).toEqual(['2026-03-02']);
    expect(reply.leadsPerWeek.map((w) => w.total)).toEqual([1]);
  });
});
