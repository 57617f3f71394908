/** `npm test`'s CPU budgets (scripts/lib/test-budget.ts, docs/decisions/0039-test-time-budget.md). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CPU_MARGIN,
  conclude,
  cpuBudgets,
  judge,
  measuredCpu,
  totalTarget,
  warnOnly,
} from '../../../scripts/lib/test-budget.ts';
import type { StepResult } from '../../../scripts/lib/test-runner.ts';

const steps = Object.keys(cpuBudgets);
const result = (name: string, cpuSeconds: number | null, wallSeconds = 60, ok = true): StepResult => ({
  name,
  ok,
  wallSeconds,
  cpuSeconds,
});
const within = steps.map((name) => result(name, cpuBudgets[name]!));

describe("npm test's CPU budgets", () => {
  it('has a measured figure and a budget for every step of npm test, the margin above the figure', () => {
    const script = readFileSync('scripts/test.ts', 'utf8');
    const named = [...script.matchAll(/step\('([a-z0-9]+)', '/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(5);
    expect([...steps].sort()).toEqual(named.sort());
    for (const name of steps) {
      expect(measuredCpu[name], name).toBeGreaterThan(0);
      expect(cpuBudgets[name]!, name).toBeGreaterThanOrEqual(measuredCpu[name]! * (1 + CPU_MARGIN));
    }
  });

  it('judges CPU seconds only: a step at its budget passes, one past it is named', () => {
    expect(judge(within)).toEqual({ overBudget: [], overWarning: [], unmeasured: [] });
    const grown = within.map((s) => (s.name === 'unit' ? result('unit', cpuBudgets.unit! + 30) : s));
    expect(judge(grown).overBudget).toEqual([`unit ${cpuBudgets.unit! + 30} CPU s of ${cpuBudgets.unit}`]);
    expect(conclude(grown, { total: 60, complete: true }).failed).toBe(true);
    expect(judge([result('unit', null)])).toEqual({ overBudget: [], overWarning: [], unmeasured: ['unit'] });
  });

  it("names the browser suite past its budget as a warning: its CPU moves with the machine's load", () => {
    const loaded = within.map((s) => (s.name === 'e2e' ? result('e2e', cpuBudgets.e2e! * 1.6) : s));
    const verdict = conclude(loaded, { total: 60, complete: true });
    expect(verdict.failed).toBe(false);
    expect(verdict.lines).toEqual([
      expect.stringMatching(
        new RegExp(`^CPU budget, a warning only: .*e2e ${Math.round(cpuBudgets.e2e! * 1.6)} CPU s`),
      ),
    ]);
    // Every other step still gates.
    expect([...warnOnly]).toEqual(['e2e']);
  });

  it('never fails a run on wall-clock time: 19 minutes of it, every step within its CPU, is green', () => {
    const slow = within.map((s) => ({ ...s, wallSeconds: 19 * 60 }));
    const verdict = conclude(slow, { total: 19 * 60, complete: true });
    expect(verdict.failed).toBe(false);
    expect(verdict.lines).toEqual([expect.stringContaining('19 min 0 s of wall-clock time')]);
    expect(conclude(within, { total: totalTarget, complete: true })).toEqual({ failed: false, lines: [] });
    // A part run (npm test -- unit) is not compared with the whole run's time.
    expect(conclude([result('unit', 1)], { total: 19 * 60, complete: false })).toEqual({ failed: false, lines: [] });
  });

  it('fails a run when a step failed, whatever its time', () => {
    const verdict = conclude([result('unit', 1, 10, false)], { total: 10, complete: false });
    expect(verdict).toEqual({ failed: true, lines: ['failed: unit'] });
  });
});
