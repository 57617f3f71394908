/** The weekly summary names the week's won and lost deals with their value (issue 56), an erased client unnamed. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closedDeals, leads, mailOutbox, userRoles, users } from '../../../src/db/schema.ts';
import { queueWeeklySummary } from '../../../src/features/dashboard/weekly-summary.ts';
import { closedIn } from '../../../src/features/pipeline/board.ts';
import { changeStage } from '../../../src/features/pipeline/stage.ts';
import { signIn, staff } from '../staff-harness.ts';
import { useLeadsDatabase } from '../leads/leads-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, post } = useLeadsDatabase();
beforeEach(async () => {
  await handle.db.delete(closedDeals);
  await handle.db.delete(leads);
});

/** Monday 2026-11-09, 08:00 in New York: the summary of 2 to 8 November. */
const RUN = new Date('2026-11-09T13:00:00Z');

async function lead(name: string, company: string) {
  const email = `${randomUUID()}@client.test`;
  const at = new Date('2026-10-01T14:00:00Z');
  const [row] = await handle.db
    .insert(leads)
    .values({ emailKey: email, email, name, company, firstRequestAt: at, lastActivityAt: at })
    .returning();
  return row!;
}

describe('the weekly summary’s deals', () => {
  it('names each deal won or lost in the week with its value, and the week’s totals', async () => {
    await handle.db.insert(users).values({ id: 'boss', name: 'Boss', email: 'boss@agency.test', emailVerified: true });
    await handle.db.insert(userRoles).values({ userId: 'boss', role: 'admin' });
    const ann = await lead('Ann Lee', 'Helix Labs');
    const bob = await lead('Bob Roe', '');
    const cy = await lead('Cy Erased', 'Gone Inc');
    const dee = await lead('Dee Later', 'Next Week');
    const move = (id: string, change: Parameters<typeof changeStage>[3], at: string) =>
      changeStage(handle.db, staff.editor, id, change, new Date(at));
    await move(ann.id, { stage: 'won', value: 12500 }, '2026-11-04T15:00:00Z');
    await move(bob.id, { stage: 'lost', value: 3000, lostReason: 'other_agency' }, '2026-11-05T15:00:00Z');
    await move(cy.id, { stage: 'won', value: 8000 }, '2026-11-06T15:00:00Z');
    await move(dee.id, { stage: 'won', value: 99000 }, '2026-11-09T06:00:00Z'); // Monday 01:00: next week's
    signIn('admin');
    expect((await post(`/api/admin/leads/${cy.id}/erase`, { confirm: cy.email })).status).toBe(200);

    // Boss and the seeded admin.
    expect(await queueWeeklySummary(handle.db, RUN, closedIn)).toMatchObject({ week: '2026-11-02', queued: 2 });
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'boss@agency.test'));
    const text = mail!.textBody;
    expect(text).toContain('DEALS WON AND LOST');
    expect(text).toContain('A person since erased: Won, $8,000');
    expect(text).toContain('Bob Roe: Lost, $3,000 (Chose another agency)');
    expect(text).toContain('Ann Lee, Helix Labs: Won, $12,500');
    expect(text).toContain('Won in the week: 2 for $20,500; lost 1');
    expect(text).not.toContain('Dee Later');
    expect(text).not.toContain('Cy Erased');
  });
});
