/** `npm test`'s time budget (scripts/lib/test-budget.ts, docs/decisions/0039-test-time-budget.md). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judge, stepBudgets, totalBudget } from '../../../scripts/lib/test-budget.ts';

const steps = Object.keys(stepBudgets);
const within = steps.map((name) => ({ name, seconds: stepBudgets[name]! }));

describe("npm test's time budget", () => {
  it('has a budget for every step of npm test, adding up to less than the whole run', () => {
    const script = readFileSync('scripts/test.ts', 'utf8');
    const named = [...script.matchAll(/\{ name: '([a-z0-9]+)', script:/g)].map((m) => m[1]);
    expect(steps.sort()).toEqual(named.sort());
    expect(within.reduce((sum, step) => sum + step.seconds, 0)).toBeLessThanOrEqual(totalBudget);
  });

  it('fails a whole run past 15 minutes and names the steps past their own budget', () => {
    const times = within.map((step) => (step.name === 'e2e' ? { ...step, seconds: totalBudget } : step));
    expect(judge(times, true)).toMatchObject({
      overTotal: true,
      grown: [`e2e ${totalBudget} s of ${stepBudgets.e2e} s`],
    });
  });

  it('names a grown step without failing a run that is still within 15 minutes, and judges no part run as a whole', () => {
    expect(judge([{ name: 'unit', seconds: stepBudgets.unit! + 1 }], false)).toEqual({
      overTotal: false,
      total: stepBudgets.unit! + 1,
      grown: [`unit ${stepBudgets.unit! + 1} s of ${stepBudgets.unit} s`],
    });
    expect(judge([{ name: 'e2e', seconds: totalBudget + 1 }], false).overTotal).toBe(false);
    expect(judge(within, true)).toMatchObject({ overTotal: false, grown: [] });
  });
});
