/**
 * The owners' daily alert of stale deals (issue 56): at 08:00 in New York, each owner is mailed their deals idle in
 * their stage past the stage's threshold; nobody's (or a removed colleague's) go to the staff inbox; once a day;
 * an erasure removes the mail that named the person.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../src/config/site.ts';
import { closedDeals, leads, mailOutbox, pipelineStageSettings, users } from '../../../src/db/schema.ts';
import { workingOwner } from '../../../src/features/leads/mail-event-parts.ts';
import { queueStaleDeals, staleDeals } from '../../../src/features/pipeline/stale.ts';
import { saveStageSettings } from '../../../src/features/pipeline/settings.ts';
import { signIn, staff } from '../staff-harness.ts';
import { useLeadsDatabase } from '../leads/leads-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, post } = useLeadsDatabase();
beforeEach(async () => {
  await handle.db.delete(closedDeals);
  await handle.db.delete(leads);
  await handle.db.delete(pipelineStageSettings);
});

/** Tuesday 2026-11-10, 08:15 in New York (EST). */
const RUN = new Date('2026-11-10T13:15:00Z');
const daysAgo = (days: number) => new Date(RUN.getTime() - days * 86_400_000);

async function deal(name: string, values: Partial<typeof leads.$inferInsert>) {
  const email = `${randomUUID()}@client.test`;
  const [row] = await handle.db
    .insert(leads)
    .values({ emailKey: email, email, name, firstRequestAt: RUN, lastActivityAt: RUN, ...values })
    .returning();
  return row!;
}

describe('stale deals', () => {
  it('are the open deals past their stage’s threshold, spam and closed deals aside', async () => {
    await deal('Old proposal', { stage: 'proposal', stageEnteredAt: daysAgo(15), dealValue: 12000 });
    await deal('Fresh proposal', { stage: 'proposal', stageEnteredAt: daysAgo(13) });
    await deal('Old call', { stage: 'call', stageEnteredAt: daysAgo(8) });
    await deal('Spam call', { stage: 'call', stageEnteredAt: daysAgo(30), isSpam: true });
    await deal('Old win', { stage: 'won', stageEnteredAt: daysAgo(300) });
    expect((await staleDeals(handle.db, RUN)).map((d) => [d.name, d.stage, d.days])).toEqual([
      ['Old proposal', 'proposal', 15],
      ['Old call', 'call', 8],
    ]);
    // An admin gives proposals three weeks: the old one is no longer stale.
    await saveStageSettings(handle.db, staff.admin, [{ stage: 'proposal', probability: 60, staleDays: 21 }]);
    expect((await staleDeals(handle.db, RUN)).map((d) => d.name)).toEqual(['Old call']);
  });

  it('go to each owner once a day at 08:00 in New York, nobody’s to the staff inbox; an erasure takes the mail', async () => {
    const ann = await deal('Ann Lee', {
      stage: 'proposal',
      stageEnteredAt: daysAgo(20),
      dealValue: 12000,
      company: 'Helix',
      ownerId: staff.editor.id,
    });
    await deal('Bob Roe', { stage: 'call', stageEnteredAt: daysAgo(9) });
    // A colleague without a role owns one: as nobody's.
    await handle.db.insert(users).values({ id: 'gone', name: 'Gone', email: 'gone@agency.test', emailVerified: true });
    await deal('Cy Left', { stage: 'qualified', stageEnteredAt: daysAgo(40), ownerId: 'gone' });

    expect(await queueStaleDeals(handle.db, workingOwner, new Date('2026-11-10T12:15:00Z'))).toEqual({
      day: null,
      queued: 0,
    });
    expect(await queueStaleDeals(handle.db, workingOwner, RUN)).toEqual({ day: '2026-11-10', queued: 2 });
    expect(await queueStaleDeals(handle.db, workingOwner, new Date('2026-11-10T13:45:00Z'))).toEqual({
      day: '2026-11-10',
      queued: 0,
    });
    const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'pipeline.stale'));
    const to = (address: string) => mails.find((m) => m.to === address)!;
    expect(to(staff.editor.email).subject).toBe('1 stale deal in the pipeline');
    expect(to(staff.editor.email).textBody).toContain(
      `Ann Lee, Helix: Proposal sent for 20 days (stale after 14), $12,000: ${site.url}/admin?lead=${ann.id}`,
    );
    const inbox = to(site.staffInbox).textBody;
    expect(inbox).toContain('Cy Left: Qualified for 40 days (stale after 14), no value');
    expect(inbox).toContain('Bob Roe: Call booked for 9 days (stale after 7), no value');
    expect(mails.some((m) => m.to === 'gone@agency.test')).toBe(false);

    signIn('admin');
    expect((await post(`/api/admin/leads/${ann.id}/erase`, { confirm: ann.email })).status).toBe(200);
    expect(await handle.db.$count(mailOutbox, eq(mailOutbox.to, staff.editor.email))).toBe(0);
  });

  it('names an owner’s 20 longest idle and counts the rest; only those 20 are read with their names', async () => {
    for (let i = 1; i <= 22; i++) {
      await deal(`Deal ${i}`, { stage: 'new', stageEnteredAt: daysAgo(8 + i), ownerId: staff.editor.id });
    }
    await deal('Nobody’s', { stage: 'new', stageEnteredAt: daysAgo(9) });
    const deals = await staleDeals(handle.db, RUN);
    expect(deals.map((d) => d.days)).toEqual([
      30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 9,
    ]);
    // The editor's 20 longest idle are named, the 2 past them only counted; nobody's own first is named.
    const editors = deals.filter((d) => d.ownerId === staff.editor.id);
    expect(editors.slice(0, 20).map((d) => d.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Deal ${22 - i}`));
    expect(editors.slice(20).map((d) => [d.name, d.email])).toEqual([
      ['', ''],
      ['', ''],
    ]);
    expect(deals.find((d) => d.ownerId === null)!.name).toBe('Nobody’s');

    expect(await queueStaleDeals(handle.db, workingOwner, RUN)).toEqual({ day: '2026-11-10', queued: 2 });
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, staff.editor.email));
    expect(mail!.subject).toBe('22 stale deals in the pipeline');
    expect(mail!.textBody).toContain('Deal 3: New for 11 days');
    expect(mail!.textBody).not.toContain('Deal 2:');
    expect(mail!.textBody).toContain('2 more on the board');
  });
});
