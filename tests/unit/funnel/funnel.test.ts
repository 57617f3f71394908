/**
 * The intake funnel's endpoint (docs/decisions/0032-attribution-and-dashboard.md): daily counters per step, nothing
 * that names a visitor; refused from a foreign Origin, rate limited, a bad step a 422.
 */
import { describe, expect, it } from 'vitest';
import funnel from '../../../netlify/functions/intake-funnel.mts';
import { intakeFunnelDays, rateLimits } from '../../../src/db/schema.ts';
import { countFunnelStep, FUNNEL_RATE_LIMIT } from '../../../src/features/funnel/counters.ts';
import { call, expectPublicPostGuards } from '../function-harness.ts';
import { useTestDatabase } from '../test-db.ts';

const handle = useTestDatabase({ empty: [intakeFunnelDays, rateLimits] });
const send = (body: unknown, init: Parameters<typeof call>[3] = {}) => call(funnel, '/api/intake-funnel', body, init);
const counters = async () =>
  (await handle.db.select().from(intakeFunnelDays)).map((r) => [r.day, r.step, r.count]).sort();

describe('POST /api/intake-funnel', () => {
  it('counts each step reached on the agency’s day, and stores no identifier or address', async () => {
    const ip = '203.0.113.77';
    for (const step of ['company', 'marketing', 'company', 'submitted']) {
      const res = await send({ step }, { ip });
      expect(res.status, await res.clone().text()).toBe(204);
    }
    const rows = await handle.db.select().from(intakeFunnelDays);
    expect(rows.map((r) => [r.step, r.count]).sort()).toEqual([
      ['company', 2],
      ['marketing', 1],
      ['submitted', 1],
    ]);
    // The table has a day, a step and a count: nothing else could name a visitor.
    expect(Object.keys(rows[0]!).sort()).toEqual(['count', 'day', 'step']);
    // The rate limit's key is not the address, in any form it could be read back from.
    const keys = (await handle.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^funnel:[\w-]{22}$/);
    expect(keys[0]).not.toContain('203.0.113');
  });

  it('counts by the day in New York, not in UTC', async () => {
    await countFunnelStep(handle.db, 'goals', new Date('2026-11-27T03:30:00Z')); // 22:30 on the 26th in New York
    await countFunnelStep(handle.db, 'goals', new Date('2026-11-27T05:30:00Z')); // 00:30 on the 27th
    await countFunnelStep(handle.db, 'goals', new Date('2026-07-01T03:59:00Z')); // 23:59 on 30 June (summer time)
    expect(await counters()).toEqual([
      ['2026-06-30', 'goals', 1],
      ['2026-11-26', 'goals', 1],
      ['2026-11-27', 'goals', 1],
    ]);
  });

  it('refuses a foreign Origin, a missing one, and anything but POST, counting nothing', async () => {
    await expectPublicPostGuards(send, { step: 'company' });
    expect(await counters()).toEqual([]);
  });

  it('answers 422 naming the step for one the wizard does not have', async () => {
    const res = await send({ step: 'step-9' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toEqual({ step: expect.stringMatching(/company.*submitted/) });
    expect((await send({ step: 'company', visitor: 'abc' })).status).toBe(204); // other keys are dropped, not kept
    expect(await counters()).toHaveLength(1);
  });

  it('limits how many steps one client can count', async () => {
    const ip = '198.51.100.200';
    for (let i = 0; i < FUNNEL_RATE_LIMIT.limit; i++) expect((await send({ step: 'bd' }, { ip })).status).toBe(204);
    const refused = await send({ step: 'bd' }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await send({ step: 'bd' }, { ip: '198.51.100.201' })).status).toBe(204);
    expect((await handle.db.select().from(intakeFunnelDays))[0]!.count).toBe(FUNNEL_RATE_LIMIT.limit + 1);
  });
});
