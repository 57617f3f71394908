/**
 * The Dashboard's revenue (issue 56) against a fixture computed by hand, an erased client's deal among them: the
 * open pipeline and its forecast with an admin's probability, the period's won value and count, the win rate, the
 * median days from first touch to won, and the won value per first-touch source, campaign, landing page and resource.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as dashboardFn from '../../../netlify/functions/admin-dashboard.mts';
import { closedDeals, downloadRequests, leads } from '../../../src/db/schema.ts';
import type { Attribution } from '../../../src/lib/attribution.ts';
import { changeStage } from '../../../src/features/pipeline/stage.ts';
import { saveStageSettings } from '../../../src/features/pipeline/settings.ts';
import { revenueFigures } from '../../../src/features/pipeline/revenue.ts';
import type { StageChange } from '../../../src/features/pipeline/contract.ts';
import { request, signIn, staff } from '../staff-harness.ts';
import { useLeadsDatabase } from '../leads/leads-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, post } = useLeadsDatabase();
beforeEach(async () => {
  await handle.db.delete(closedDeals);
  await handle.db.delete(leads);
});

const period = { from: '2026-11-02', to: '2026-11-29' };

async function lead(first: string, source: string | null, attribution: Attribution | null = null, spam = false) {
  const email = `${randomUUID()}@client.test`;
  const [row] = await handle.db
    .insert(leads)
    .values({
      emailKey: email,
      email,
      firstRequestAt: new Date(first),
      lastActivityAt: new Date(first),
      source,
      attribution,
      isSpam: spam,
    })
    .returning();
  return row!;
}
const move = (id: string, change: StageChange, at: string) =>
  changeStage(handle.db, staff.editor, id, change, new Date(at));

async function seed() {
  const services = { landingPath: '/services', utmCampaign: 'q4-cro' };
  // Won in the period (New York days 2 to 29 November): A, B, C and F.
  const a = await lead('2026-10-20T14:00:00Z', 'linkedin', services);
  await handle.db.insert(downloadRequests).values({
    leadId: a.id,
    resource: 'cro-toolkit',
    resourceTitle: 'CRO Toolkit',
    name: 'A',
    email: a.email,
    consentVersion: 'v1',
    consentedAt: new Date('2026-10-20T14:00:00Z'),
    tokenHash: randomUUID(),
    expiresAt: new Date('2026-10-27T14:00:00Z'),
    maxOpens: 5,
    createdAt: new Date('2026-10-20T14:00:00Z'),
  });
  await move(a.id, { stage: 'proposal', value: 18000 }, '2026-11-01T14:00:00Z');
  await move(a.id, { stage: 'won', value: 20000 }, '2026-11-10T14:00:00Z'); // 21 days
  const b = await lead('2026-11-03T14:00:00Z', 'google', { landingPath: '/blog/x' });
  await move(b.id, { stage: 'won', value: 7500 }, '2026-11-20T14:00:00Z'); // 17 days; erased below
  const c = await lead('2026-11-01T14:00:00Z', 'linkedin', services);
  await move(c.id, { stage: 'won', value: 5000 }, '2026-11-16T14:00:00Z'); // 15 days
  const f = await lead('2026-11-29T14:00:00Z', 'direct');
  await move(f.id, { stage: 'won', value: 1000 }, '2026-11-30T04:00:00Z'); // 29 Nov 23:00 in New York: 14 hours
  // Lost in the period: D. Closed outside it: E (before), G (30 Nov 00:30 in New York).
  const d = await lead('2026-10-01T14:00:00Z', 'google');
  await move(d.id, { stage: 'lost', value: 9000, lostReason: 'timing' }, '2026-11-12T14:00:00Z');
  const e = await lead('2026-10-01T14:00:00Z', 'linkedin', services);
  await move(e.id, { stage: 'won', value: 100000 }, '2026-10-30T14:00:00Z');
  const g = await lead('2026-10-01T14:00:00Z', 'linkedin', services);
  await move(g.id, { stage: 'won', value: 50000 }, '2026-11-30T05:30:00Z');
  // Open now: H qualified $10,000, I proposal $30,000, J proposal without value, K new; L a spam lead at call.
  const h = await lead('2026-11-05T14:00:00Z', 'bing');
  await move(h.id, { stage: 'qualified', value: 10000 }, '2026-11-06T14:00:00Z');
  const i = await lead('2026-11-05T14:00:00Z', 'bing');
  await move(i.id, { stage: 'proposal', value: 30000 }, '2026-11-06T14:00:00Z');
  const j = await lead('2026-11-05T14:00:00Z', null);
  await move(j.id, { stage: 'proposal' }, '2026-11-06T14:00:00Z');
  await lead('2026-11-05T14:00:00Z', null);
  const l = await lead('2026-11-05T14:00:00Z', null, null, true);
  await move(l.id, { stage: 'call', value: 4000 }, '2026-11-06T14:00:00Z');
  // The admin weighs a proposal at 50 % (the default is 60 %).
  await saveStageSettings(handle.db, staff.admin, [{ stage: 'proposal', probability: 50, staleDays: 10 }]);
  return { b };
}

// By hand. Open: new 1 × $0, qualified $10,000 × 25 % = $2,500, call nothing (L is spam), proposal $30,000 × 50 %
// = $15,000 (J counts, at $0). Won: A $20,000, B $7,500, C $5,000, F $1,000 = $33,500 in 4; lost: D; win rate 4 of
// 5 = 80 %; days to won 0.58, 15, 17, 21 → median (15 + 17) / 2 = 16.
const expected = {
  open: [
    { stage: 'new', count: 1, value: 0, probability: 10, weighted: 0 },
    { stage: 'qualified', count: 1, value: 10000, probability: 25, weighted: 2500 },
    { stage: 'call', count: 0, value: 0, probability: 40, weighted: 0 },
    { stage: 'proposal', count: 2, value: 30000, probability: 50, weighted: 15000 },
  ],
  openValue: 40000,
  forecast: 17500,
  wonCount: 4,
  wonValue: 33500,
  lostCount: 1,
  winRate: 80,
  medianDaysToWon: 16,
  wonBySource: [
    { key: 'linkedin', count: 2, value: 25000 },
    { key: 'google', count: 1, value: 7500 },
    { key: 'direct', count: 1, value: 1000 },
  ],
  wonByCampaign: [
    { key: 'q4-cro', count: 2, value: 25000 },
    { key: null, count: 2, value: 8500 },
  ],
  wonByLandingPage: [
    { key: '/services', count: 2, value: 25000 },
    { key: '/blog/x', count: 1, value: 7500 },
    { key: null, count: 1, value: 1000 },
  ],
  wonByResource: [
    { key: 'CRO Toolkit', count: 1, value: 20000 },
    { key: null, count: 3, value: 13500 },
  ],
};

describe('the Dashboard’s revenue', () => {
  it('matches the hand-computed figures, and an erased client’s deal still counts, unnamed', async () => {
    const { b } = await seed();
    expect(await revenueFigures(handle.db, period)).toEqual(expected);

    signIn('admin');
    const erased = await post(`/api/admin/leads/${b.id}/erase`, { confirm: b.email });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(await handle.db.$count(leads, eq(leads.id, b.id))).toBe(0);
    expect(await handle.db.$count(closedDeals, eq(closedDeals.value, 7500))).toBe(1);

    // Through the Dashboard's API, as any staff member reads it.
    signIn('viewer');
    const res = await request(dashboardFn, 'GET', `/api/admin/dashboard?from=${period.from}&to=${period.to}`);
    expect(res.status).toBe(200);
    expect((await res.json()).revenue).toEqual(expected);
  });

  it('reopening a won deal takes it out of the won figures', async () => {
    const x = await lead('2026-11-03T14:00:00Z', 'google');
    await move(x.id, { stage: 'won', value: 4000 }, '2026-11-10T14:00:00Z');
    expect((await revenueFigures(handle.db, period)).wonValue).toBe(4000);
    await move(x.id, { stage: 'proposal' }, '2026-11-11T14:00:00Z');
    const figures = await revenueFigures(handle.db, period);
    expect(figures).toMatchObject({ wonValue: 0, wonCount: 0, winRate: null, medianDaysToWon: null });
    expect(figures.open.find((s) => s.stage === 'proposal')).toMatchObject({ count: 1, value: 4000 });
  });
});
