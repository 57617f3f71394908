// The weekly summary mail (src/features/dashboard/weekly-summary.ts, netlify/functions/weekly-summary.mts):
// queued on Monday 08:xx in New York only (12:xx UTC in summer, 13:xx in winter), one per confirmed admin per
// week however often it runs, with last week's figures beside the week before's and a link to the Dashboard tab.
import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as summaryFn from '../../../netlify/functions/weekly-summary.mts';
import { site } from '../../../src/config/site.ts';
import { mailOutbox, userRoles, users } from '../../../src/db/schema.ts';
import { queueWeeklySummary, summaryWeek } from '../../../src/features/dashboard/weekly-summary.ts';
import { call } from '../function-harness.ts';
import { addAudit, addDelivery, addDownload, addLead, handle, plusHours } from './dashboard-harness.ts';

/** Monday 2026-11-09, 08:00 in New York (EST, UTC-5): the summary of 11-02 to 11-08. */
const WINTER_RUN = new Date('2026-11-09T13:00:00Z');
/** Monday 2026-06-15, 08:00 in New York (EDT, UTC-4). */
const SUMMER_RUN = new Date('2026-06-15T12:00:00Z');

async function addAccount(id: string, name: string, roles: ('admin' | 'editor' | 'viewer')[], verified = true) {
  await handle.db.insert(users).values({ id, name, email: `${id}@agency.test`, emailVerified: verified });
  for (const role of roles) await handle.db.insert(userRoles).values({ userId: id, role });
}

const outbox = () => handle.db.select().from(mailOutbox).orderBy(asc(mailOutbox.to));

afterEach(() => vi.useRealTimers());

describe('weekly summary', () => {
  it('runs only in the hour that is Monday 08:00 in New York, summer and winter', () => {
    expect(summaryWeek(WINTER_RUN)).toEqual({ from: '2026-11-02', to: '2026-11-08' });
    expect(summaryWeek(new Date('2026-11-09T13:59:59Z'))).toEqual({ from: '2026-11-02', to: '2026-11-08' });
    expect(summaryWeek(new Date('2026-11-09T12:00:00Z'))).toBeNull(); // 07:00 EST
    expect(summaryWeek(new Date('2026-11-09T14:00:00Z'))).toBeNull(); // 09:00 EST
    expect(summaryWeek(SUMMER_RUN)).toEqual({ from: '2026-06-08', to: '2026-06-14' });
    expect(summaryWeek(new Date('2026-06-15T13:00:00Z'))).toBeNull(); // 09:00 EDT
    expect(summaryWeek(new Date('2026-11-10T13:00:00Z'))).toBeNull(); // a Tuesday
  });

  it('queues one mail per confirmed admin with last week’s figures, the week before’s and the link', async () => {
    await addAccount('ada', 'Ada Admin', ['admin']);
    await addAccount('bob', 'Bob Both', ['admin', 'editor']);
    await addAccount('eve', 'Eve Editor', ['editor', 'viewer']);
    await addAccount('una', 'Una Unconfirmed', ['admin'], false);
    // Last week (11-02 to 11-08): 3 leads, 2 answered (1 h and 30 h: one within 24 h), the third past due (the promise
    // fell due for 3: the lead that only downloaded ran no clock); one audit delivered in 48 h.
    await addLead({ requested: '2026-11-02T15:00:00Z', responded: plusHours('2026-11-02T15:00:00Z', 1) });
    await addLead({
      requested: '2026-11-03T15:00:00Z',
      responded: plusHours('2026-11-03T15:00:00Z', 30),
      form: 'intake',
    });
    const audit = await addAudit('2026-11-04T15:00:00Z'); // its lead is the third
    await addDelivery(audit, plusHours('2026-11-04T15:00:00Z', 48), plusHours('2026-11-04T15:00:00Z', 50));
    // Two requests of the toolkit (one opened) and one of the guide: the toolkit is the week's most requested file.
    const asking = await addLead({ requested: '2026-11-05T15:00:00Z', form: 'download' });
    await addDownload(asking, 'cro-marketing-toolkit', '2026-11-05T15:00:00Z', { opened: '2026-11-05T16:00:00Z' });
    await addDownload(asking, 'cro-marketing-toolkit', '2026-11-06T15:00:00Z');
    await addDownload(asking, 'us-market-guide', '2026-11-06T16:00:00Z');
    // The week before: one lead, unanswered. And this Monday's lead counts in neither.
    await addLead({ requested: '2026-10-28T15:00:00Z' });
    await addLead({ requested: '2026-11-09T12:30:00Z' });

    expect(await queueWeeklySummary(handle.db, WINTER_RUN)).toEqual({ week: '2026-11-02', queued: 2 });
    const mails = await outbox();
    expect(mails.map((m) => [m.to, m.kind, m.idempotencyKey, m.leadId])).toEqual([
      ['ada@agency.test', 'dashboard.weekly-summary', 'weekly-summary:2026-11-02:ada:dashboard.weekly-summary', null],
      ['bob@agency.test', 'dashboard.weekly-summary', 'weekly-summary:2026-11-02:bob:dashboard.weekly-summary', null],
    ]);
    const [mail] = mails;
    expect(mail!.subject).toBe('Weekly summary, week of Mon, Nov 2, 2026: 4 new leads');
    const link = `${site.url}/admin?tab=dashboard`;
    for (const line of [
      'New leads: 4 (week before: 1)',
      'Answered: 2 of 4 (50%) (week before: 0 of 1 (0%))',
      'Answered within the 24-hour promise (of the leads it fell due for): 1 of 3 (33%) (week before: 0 of 1 (0%))',
      'Median first response: 15.5 h (week before: none yet)',
      '90th percentile first response: 27.1 h (week before: none yet)',
      'Audits requested: 1 (week before: 0)',
      'Delivered within 72 hours: 1 of 1 (100%) (week before: 0 of 0)',
      'Reports delivered: 1 (week before: 0)',
      'Reports opened: 1 of 1 (100%) (week before: 0 of 0)',
      'Median time to first opening: 2 h (week before: none yet)',
      'Files asked for: 3 (week before: 0)',
      'Opened from the mailed link: 1 of 3 (33%) (week before: 0 of 0)',
      'Most requested file: CRO Marketing Toolkit (2) (week before: none)',
      'Mon, Nov 2, 2026 to Sun, Nov 8, 2026',
      link,
    ])
      expect(mail!.textBody).toContain(line);
    expect(mail!.htmlBody).toContain(`<a href="${link}">`);
    expect(mail!.htmlBody).toContain('1 of 3 (33%) (week before: 0 of 1 (0%))');
  });

  it('never queues a week’s summary twice: a retry, or both cron hours', async () => {
    await addAccount('ada', 'Ada Admin', ['admin']);
    expect(await queueWeeklySummary(handle.db, WINTER_RUN)).toEqual({ week: '2026-11-02', queued: 1 });
    expect(await queueWeeklySummary(handle.db, new Date('2026-11-09T13:30:00Z'))).toEqual({
      week: '2026-11-02',
      queued: 0,
    });
    expect(await queueWeeklySummary(handle.db, new Date('2026-11-09T12:00:00Z'))).toEqual({ week: null, queued: 0 });
    expect(await outbox()).toHaveLength(1);
    // The next Monday is a new week.
    expect(await queueWeeklySummary(handle.db, new Date('2026-11-16T13:05:00Z'))).toEqual({
      week: '2026-11-09',
      queued: 1,
    });
  });

  it('runs as the scheduled function on Mondays at 12:00 and 13:00 UTC, queuing in the 08:00 New York one only', async () => {
    expect(summaryFn.config.schedule).toBe('0 12,13 * * 1');
    await addAccount('ada', 'Ada Admin', ['admin']);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T13:00:00Z')); // 09:00 EDT: the other run
    let response = await call(summaryFn.default, '/.netlify/functions/weekly-summary', { next_run: '' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ week: null, queued: 0 });
    vi.setSystemTime(SUMMER_RUN);
    response = await call(summaryFn.default, '/.netlify/functions/weekly-summary', { next_run: '' });
    expect(await response.json()).toEqual({ week: '2026-06-08', queued: 1 });
    expect((await outbox()).map((m) => m.subject)).toEqual(['Weekly summary, week of Mon, Jun 8, 2026: 0 new leads']);
  });
});
