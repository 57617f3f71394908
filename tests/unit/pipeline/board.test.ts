/** The Pipeline tab's board and the admin's settings per stage (issue 56). */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as pipelineFn from '../../../netlify/functions/admin-pipeline.mts';
import { auditLog, bookings, closedDeals, leads, pipelineStageSettings } from '../../../src/db/schema.ts';
import { changeStage } from '../../../src/features/pipeline/stage.ts';
import { getBoard } from '../../../src/features/pipeline/board.ts';
import { errorOf, request, signIn, staff } from '../staff-harness.ts';
import { useLeadsDatabase } from '../leads/leads-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, post } = useLeadsDatabase();
beforeEach(async () => {
  await handle.db.delete(closedDeals);
  await handle.db.delete(leads);
  await handle.db.delete(pipelineStageSettings);
});

const DAY = 86_400_000;
const now = new Date('2026-11-20T15:00:00Z');
const period = { from: '2026-11-01', to: '2026-11-30' };

async function lead(name: string, values: Partial<typeof leads.$inferInsert> = {}) {
  const email = `${randomUUID()}@client.test`;
  const [row] = await handle.db
    .insert(leads)
    .values({ emailKey: email, email, name, firstRequestAt: now, lastActivityAt: now, ...values })
    .returning();
  return row!;
}
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe('the board', () => {
  it('shows each card’s next booked call still to come, not one cancelled or past', async () => {
    const ann = await lead('Ann', { stage: 'call' });
    const call = (startsAt: Date, status: 'booked' | 'cancelled') => ({
      provider: 'calendly' as const,
      keys: [randomUUID()],
      leadId: ann.id,
      status,
      startsAt,
      bookedAt: daysAgo(3),
    });
    const soon = new Date(now.getTime() + 2 * DAY);
    await handle.db
      .insert(bookings)
      .values([
        call(daysAgo(1), 'booked'),
        call(new Date(now.getTime() + DAY), 'cancelled'),
        call(new Date(now.getTime() + 5 * DAY), 'booked'),
        call(soon, 'booked'),
      ]);
    const board = await getBoard(handle.db, { owner: null, source: null }, period, now);
    expect(board.columns[2]!.cards.map((c) => [c.name, c.nextCallAt])).toEqual([['Ann', soon]]);
  });

  it('has a column per open stage with its count and value; the longest in the stage first, stale past the threshold', async () => {
    await lead('Ann', {
      stage: 'proposal',
      dealValue: 12000,
      expectedCloseOn: '2026-12-15',
      stageEnteredAt: daysAgo(15),
      ownerId: staff.editor.id,
    });
    await lead('Bob', { stage: 'proposal', dealValue: 3000, stageEnteredAt: daysAgo(14), source: 'linkedin' });
    await lead('Cy', { stage: 'qualified', stageEnteredAt: daysAgo(2) });
    await lead('Spam', { stage: 'qualified', isSpam: true });
    await lead('Won', { stage: 'won' });
    const board = await getBoard(handle.db, { owner: null, source: null }, period, now);
    expect(board.columns.map((c) => [c.stage, c.count, c.value, c.staleDays])).toEqual([
      ['new', 0, 0, 7],
      ['qualified', 1, 0, 14],
      ['call', 0, 0, 7],
      ['proposal', 2, 15000, 14],
    ]);
    const proposal = board.columns[3]!.cards;
    // 15 days in a stage of 14 is stale; 14 days is not yet.
    expect(proposal.map((c) => [c.name, c.daysInStage, c.stale, c.expectedCloseOn])).toEqual([
      ['Ann', 15, true, '2026-12-15'],
      ['Bob', 14, false, null],
    ]);
    expect(proposal[0]!.owner).toMatchObject({ id: staff.editor.id, email: staff.editor.email });

    const mine = await getBoard(handle.db, { owner: staff.editor.id, source: null }, period, now);
    expect(mine.columns[3]).toMatchObject({ count: 1, value: 12000 });
    const linkedin = await getBoard(handle.db, { owner: null, source: 'linkedin' }, period, now);
    expect(linkedin.columns[3]!.cards.map((c) => c.name)).toEqual(['Bob']);
  });

  it('lists the period’s won and lost deals below it; an erased client’s without a name', async () => {
    const ann = await lead('Ann', { company: 'Helix' });
    const bob = await lead('Bob');
    await changeStage(handle.db, staff.editor, ann.id, { stage: 'won', value: 9000 }, new Date('2026-11-10T15:00:00Z'));
    await changeStage(handle.db, staff.editor, bob.id, { stage: 'lost', lostReason: 'no_budget' }, daysAgo(1));
    signIn('admin');
    expect((await post(`/api/admin/leads/${ann.id}/erase`, { confirm: ann.email })).status).toBe(200);
    signIn('viewer');
    const res = await request(pipelineFn, 'GET', `/api/admin/pipeline?from=${period.from}&to=${period.to}`);
    expect(res.status).toBe(200);
    const { closed } = await res.json();
    expect(closed).toEqual([
      expect.objectContaining({ leadId: bob.id, name: 'Bob', outcome: 'lost', lostReason: 'no_budget', value: 0 }),
      expect.objectContaining({ leadId: null, name: '', outcome: 'won', value: 9000 }),
    ]);
  });

  it('names a bad filter or period in a 422', async () => {
    signIn('viewer');
    const res = await request(pipelineFn, 'GET', `/api/admin/pipeline?source=${'x'.repeat(101)}`);
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ source: 'Keep the source under 100 characters' });
    const bad = await request(pipelineFn, 'GET', '/api/admin/pipeline?from=2026-13-01&to=2026-11-30');
    expect(bad.status).toBe(422);
    expect(Object.keys((await errorOf(bad)).fields ?? {})).toEqual(['from']);
  });
});

describe('the pipeline’s settings', () => {
  it('an admin sets a stage’s probability and stale days, in the action log; bad ones are named', async () => {
    signIn('viewer');
    expect((await (await request(pipelineFn, 'GET', '/api/admin/pipeline/settings')).json()).stages[3]).toEqual({
      stage: 'proposal',
      probability: 60,
      staleDays: 14,
    });
    signIn('editor');
    const body = { stages: [{ stage: 'proposal', probability: 45, staleDays: 21 }] };
    expect((await request(pipelineFn, 'PUT', '/api/admin/pipeline/settings', body)).status).toBe(403);
    signIn('admin');
    const bad = await request(pipelineFn, 'PUT', '/api/admin/pipeline/settings', {
      stages: [
        { stage: 'proposal', probability: 120, staleDays: 0 },
        { stage: 'won', probability: 100, staleDays: 5 },
      ],
    });
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).fields).toEqual({
      'stages.0.probability': 'Enter a whole percent from 0 to 100',
      'stages.0.staleDays': 'Enter whole days from 1 to 365',
      'stages.1.stage': 'Choose new, qualified, call, proposal',
    });
    const res = await request(pipelineFn, 'PUT', '/api/admin/pipeline/settings', body);
    expect(res.status).toBe(200);
    expect((await res.json()).stages).toEqual([
      { stage: 'new', probability: 10, staleDays: 7 },
      { stage: 'qualified', probability: 25, staleDays: 14 },
      { stage: 'call', probability: 40, staleDays: 7 },
      { stage: 'proposal', probability: 45, staleDays: 21 },
    ]);
    const [logged] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'pipeline.settings'));
    expect(logged).toMatchObject({ actorId: staff.admin.id, targetType: 'list', targetId: 'pipeline' });
  });
});
