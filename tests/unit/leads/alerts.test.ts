// The alerts of a lead's response clock (src/features/leads/alerts.ts): due soon to the owner (the staff inbox
// when nobody owns the lead), overdue to the staff inbox, each once per wait; none for spam or an answered lead.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as alertsFn from '../../../netlify/functions/lead-alerts.mts';
import { site } from '../../../src/config/site.ts';
import { leads, mailOutbox } from '../../../src/db/schema.ts';
import { easternTime } from '../../../src/features/leads/alert-mail.ts';
import { ALERTS_PER_RUN, DUE_SOON_HOURS, queueLeadAlerts } from '../../../src/features/leads/alerts.ts';
import { attachToLead } from '../../../src/features/leads/lead-link.ts';
import { DIRECT } from '../../fixtures/lead.ts';
import { call } from '../function-harness.ts';
import { handle, hoursFrom, leadCount, NOW, outbox, owner, run, waitingLead } from './alert-harness.ts';

describe('lead alerts', () => {
  it('alerts the owner once when the response is due within 4 hours, with the lead, the due time and its link', async () => {
    const lead = await waitingLead(3, { owned: true, name: 'Ada Lovelace' });
    expect(await run()).toEqual({ dueSoon: 1, overdue: 0, slack: 0 });
    expect(await run()).toEqual({ dueSoon: 0, overdue: 0, slack: 0 });
    expect(await run(hoursFrom(NOW, 1))).toEqual({ dueSoon: 0, overdue: 0, slack: 0 });

    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    const due = easternTime(hoursFrom(NOW, 3));
    expect(due).toBe('Thu 26 Nov, 1:00 PM ET');
    expect(mail).toMatchObject({
      kind: 'lead.due-soon',
      to: owner.email,
      replyTo: lead.email,
      status: 'pending',
      idempotencyKey: `lead-alert:${lead.id}:${lead.since.getTime()}:lead.due-soon`,
      subject: `Response due ${due}: Ada Lovelace (Company ${leadCount()})`,
      leadId: null,
    });
    const link = `${site.url}/admin?lead=${lead.id}`;
    for (const text of [
      'Ada Lovelace',
      `Company ${leadCount()}`,
      lead.email,
      due,
      'in 3 h',
      'Olga Owner (olga@agency.test)',
      link,
    ])
      expect(mail!.textBody).toContain(text);
    expect(mail!.htmlBody).toContain(`<a href="${link}">`);
    const [stamped] = await handle.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stamped!.dueSoonAlertedAt).toEqual(NOW);
    expect(stamped!.overdueAlertedAt).toBeNull();
  });

  it('alerts the staff inbox when nobody owns the lead', async () => {
    await waitingLead(0.5);
    expect(await run()).toEqual({ dueSoon: 1, overdue: 0, slack: 0 });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ kind: 'lead.due-soon', to: site.staffInbox });
    expect(mail!.textBody).toContain('Owner: Nobody yet');
    expect(mail!.textBody).toContain('in 30 min');
  });

  it('alerts due soon only within 4 hours, and not once the due time has passed', async () => {
    await waitingLead(DUE_SOON_HOURS + 0.25, { owned: true });
    expect(await run()).toEqual({ dueSoon: 0, overdue: 0, slack: 0 });
    // 15 minutes later (the next run) it is due within 4 hours.
    expect(await run(hoursFrom(NOW, 0.25))).toEqual({ dueSoon: 1, overdue: 0, slack: 0 });
    // A lead first seen past its due time gets the overdue alert only.
    await handle.db.delete(mailOutbox);
    await waitingLead(-0.1);
    expect(await run()).toEqual({ dueSoon: 0, overdue: 1, slack: 0 });
    expect((await outbox()).map((m) => m.kind)).toEqual(['lead.overdue']);
  });

  it('alerts the staff inbox once when the response is overdue, after the owner’s due-soon alert', async () => {
    const lead = await waitingLead(2, { owned: true });
    expect(await run()).toEqual({ dueSoon: 1, overdue: 0, slack: 0 });
    expect(await run(hoursFrom(NOW, 2.5))).toEqual({ dueSoon: 0, overdue: 1, slack: 0 });
    expect(await run(hoursFrom(NOW, 3))).toEqual({ dueSoon: 0, overdue: 0, slack: 0 });
    expect(await run(hoursFrom(NOW, 48))).toEqual({ dueSoon: 0, overdue: 0, slack: 0 });
    const mails = await outbox();
    expect(mails.map((m) => [m.kind, m.to])).toEqual([
      ['lead.due-soon', owner.email],
      ['lead.overdue', site.staffInbox],
    ]);
    expect(mails[1]!.replyTo).toBe(lead.email);
    expect(mails[1]!.subject).toMatch(/^Overdue since Thu 26 Nov, 12:00 PM ET: Lead \d+ \(Company \d+\)$/);
    expect(mails[1]!.textBody).toContain('30 min ago');
    expect(mails[1]!.textBody).toContain('Olga Owner owns the lead.');
  });

  it('names the due time of a weekend request: the end of the next Monday in New York', async () => {
    const saturday = new Date('2026-11-28T15:00:00Z'); // 10:00 AM in New York
    const id = await attachToLead(
      handle.db,
      { email: 'weekend@client.test', name: 'Wendy', company: '', phone: '' },
      saturday,
      false,
      DIRECT,
    );
    const monday = new Date('2026-12-01T02:00:00Z'); // Mon 30 Nov, 9:00 PM in New York
    expect(await queueLeadAlerts(handle.db, new Date('2026-11-30T20:00:00Z'), false)).toMatchObject({ dueSoon: 0 });
    expect(await queueLeadAlerts(handle.db, monday, false)).toMatchObject({ dueSoon: 1 });
    const [mail] = await outbox();
    expect(mail!.subject).toBe('Response due Mon 30 Nov, 11:59 PM ET: Wendy');
    expect(mail!.textBody).toContain(`${site.url}/admin?lead=${id}`);
  });

  it('alerts nobody of a spam lead or an answered one', async () => {
    await waitingLead(1, { spam: true });
    await waitingLead(-5, { spam: true });
    const answered = await waitingLead(-5, { owned: true });
    // Answered: the wait is over (its due time left as it was, the alert must still not go).
    await handle.db.update(leads).set({ awaitingSince: null }).where(eq(leads.id, answered.id));
    expect(await run()).toEqual({ dueSoon: 0, overdue: 0, slack: 0 });
    expect(await outbox()).toEqual([]);
  });

  it('alerts a new wait after an answer again, and never one wait twice even with its stamp cleared', async () => {
    const lead = await waitingLead(-1);
    expect(await run()).toEqual({ dueSoon: 0, overdue: 1, slack: 0 });
    // Its stamp lost (a race, a bug): the idempotency key still holds the wait's alert back.
    await handle.db.update(leads).set({ overdueAlertedAt: null }).where(eq(leads.id, lead.id));
    expect(await run(hoursFrom(NOW, 0.25))).toEqual({ dueSoon: 0, overdue: 0, slack: 0 });

    // Answered (as a reply or "answered elsewhere" does), then a new request starts a new wait.
    await handle.db
      .update(leads)
      .set({ awaitingSince: null, responseDueAt: null, dueSoonAlertedAt: null, overdueAlertedAt: null })
      .where(eq(leads.id, lead.id));
    expect(await run(hoursFrom(NOW, 1))).toEqual({ dueSoon: 0, overdue: 0, slack: 0 });
    const again = hoursFrom(NOW, 2); // Thursday: due 24 hours later
    await attachToLead(handle.db, { email: lead.email, name: 'Lead', company: '', phone: '' }, again, false, DIRECT);
    expect(await run(hoursFrom(again, 21))).toEqual({ dueSoon: 1, overdue: 0, slack: 0 });
    expect(await run(hoursFrom(again, 25))).toEqual({ dueSoon: 0, overdue: 1, slack: 0 });
    const keys = (await outbox()).map((m) => m.idempotencyKey);
    expect(keys).toEqual([
      `lead-alert:${lead.id}:${again.getTime()}:lead.due-soon`,
      `lead-alert:${lead.id}:${lead.since.getTime()}:lead.overdue`,
      `lead-alert:${lead.id}:${again.getTime()}:lead.overdue`,
    ]);
  });

  it('sends one alert when two runs race', async () => {
    await waitingLead(1, { owned: true });
    await waitingLead(-1);
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.dueSoon + b.dueSoon).toBe(1);
    expect(a.overdue + b.overdue).toBe(1);
    expect(await outbox()).toHaveLength(2);
  });

  it('alerts at most ALERTS_PER_RUN leads a run, the rest in the next', async () => {
    await handle.db.execute(sql`
      insert into leads (email_key, email, first_request_at, last_activity_at, awaiting_since, response_due_at)
      select 'bulk' || i || '@client.test', 'bulk' || i || '@client.test', ${NOW.toISOString()}::timestamptz,
        ${NOW.toISOString()}::timestamptz, ${hoursFrom(NOW, -30).toISOString()}::timestamptz,
        ${hoursFrom(NOW, -6).toISOString()}::timestamptz
      from generate_series(1, ${ALERTS_PER_RUN + 5}) i`);
    expect(await run()).toEqual({ dueSoon: 0, overdue: ALERTS_PER_RUN, slack: 0 });
    expect(await run()).toEqual({ dueSoon: 0, overdue: 5, slack: 0 });
  });

  it('runs as the scheduled function every 15 minutes and answers its counts', async () => {
    expect(alertsFn.config.schedule).toBe('*/15 * * * *');
    await waitingLead(-1);
    const response = await call(alertsFn.default, '/.netlify/functions/lead-alerts', { next_run: '' });
    expect(response.status).toBe(200);
    // `stale`: the daily stale-deal alert, queued only in the hour of 08:00 in New York (tests/unit/pipeline/stale.test.ts).
    expect(await response.json()).toEqual({ dueSoon: 0, overdue: 1, slack: 0, stale: expect.any(Object) });
  });
});
