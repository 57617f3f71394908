/** `npm test`'s time budget (scripts/lib/test-budget.ts, docs/decisions/0039-test-time-budget.md). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judge, stepBudgets, totalBudget, totalLimit } from '../../../scripts/lib/test-budget.ts';

const steps = Object.keys(stepBudgets);
const within = steps.map((name) => ({ name, seconds: stepBudgets[name]! }));

describe("npm test's time budget", () => {
  it('has a budget for every step of npm test, adding up to less than the whole run', () => {
    const script = readFileSync('scripts/test.ts', 'utf8');
    const named = [...script.matchAll(/\{ name: '([a-z0-9]+)', script:/g)].map((m) => m[1]);
    expect(steps.sort()).toEqual(named.sort());
    expect(within.reduce((sum, step) => sum + step.seconds, 0)).toBeLessThanOrEqual(totalBudget);
  });

  it('names a whole run past 15 minutes and the steps past their own budget, and fails one past 20 minutes', () => {
    const all = within.reduce((sum, step) => sum + step.seconds, 0);
    /** The run with the e2e step grown so that the whole takes `total` seconds. */
    const withTotal = (total: number) =>
      within.map((step) => (step.name === 'e2e' ? { ...step, seconds: step.seconds + total - all } : step));
    const late = stepBudgets.e2e! + totalBudget + 60 - all;
    expect(judge(withTotal(totalBudget + 60), true)).toMatchObject({
      overTotal: true,
      overLimit: false,
      grown: [`e2e ${late} s of ${stepBudgets.e2e} s`],
    });
    expect(judge(withTotal(totalLimit), true)).toMatchObject({ overTotal: true, overLimit: false });
    const doubled = withTotal(totalLimit + 1);
    expect(judge(doubled, true)).toMatchObject({ overTotal: true, overLimit: true });
    expect(totalBudget).toBe(15 * 60);
    expect(totalLimit).toBe(20 * 60);
  });

  it('names a grown step without failing a run that is still within 15 minutes, and judges no part run as a whole', () => {
    expect(judge([{ name: 'unit', seconds: stepBudgets.unit! + 1 }], false)).toEqual({
      overTotal: false,
      overLimit: false,
      total: stepBudgets.unit! + 1,
      grown: [`unit ${stepBudgets.unit! + 1} s of ${stepBudgets.unit} s`],
    });
    expect(judge([{ name: 'e2e', seconds: totalLimit + 1 }], false)).toMatchObject({
      overTotal: false,
      overLimit: false,
    });
    expect(judge(within, true)).toMatchObject({ overTotal: false, grown: [] });
  });
});
