/** `npm test`'s time budget (scripts/lib/test-budget.ts, docs/decisions/0039-test-time-budget.md). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judge, stepBudgets, totalBudget, totalTarget } from '../../../scripts/lib/test-budget.ts';

const steps = Object.keys(stepBudgets);
const within = steps.map((name) => ({ name, seconds: stepBudgets[name]! }));

describe("npm test's time budget", () => {
  it('has a budget for every step of npm test', () => {
    const script = readFileSync('scripts/test.ts', 'utf8');
    const named = [...script.matchAll(/step\('([a-z0-9]+)', '/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(5);
    expect(steps.sort()).toEqual(named.sort());
  });

  it('fails a whole run past 15 minutes and names the steps past their own budget', () => {
    const grownE2e = [...within.filter((s) => s.name !== 'e2e'), { name: 'e2e', seconds: stepBudgets.e2e! + 30 }];
    expect(judge(grownE2e, totalBudget + 1, true)).toEqual({
      overTarget: true,
      overTotal: true,
      total: totalBudget + 1,
      grown: [`e2e ${stepBudgets.e2e! + 30} s of ${stepBudgets.e2e} s`],
    });
    expect(judge(within, totalBudget, true)).toMatchObject({ overTarget: true, overTotal: false, grown: [] });
    expect(judge(within, totalTarget, true)).toMatchObject({ overTarget: false, overTotal: false });
    expect(totalBudget).toBe(15 * 60);
    expect(totalTarget).toBe(12 * 60);
  });

  it('names a grown step in a part run, and judges no part run as a whole', () => {
    expect(judge([{ name: 'unit', seconds: stepBudgets.unit! + 1 }], totalBudget + 1, false)).toEqual({
      overTarget: false,
      overTotal: false,
      total: totalBudget + 1,
      grown: [`unit ${stepBudgets.unit! + 1} s of ${stepBudgets.unit} s`],
    });
  });
});
