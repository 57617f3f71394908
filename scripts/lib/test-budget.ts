/**
 * What `npm test` may cost on the CI machine (a quiet 2-core machine, docs/decisions/0039-test-time-budget.md):
 * the whole run (its wall-clock time: some steps run side by side) should take 12 minutes and fails past 15.
 * Each step has its own budget, so the step that grew is named at every run.
 */

/** Seconds each step of `npm test` may take (its own wall-clock time, beside the steps it shares a stage with). */
export const stepBudgets: Readonly<Record<string, number>> = {
  lint: 55,
  check: 70,
  build: 60,
  bundles: 30,
  unit: 160,
  budget: 15,
  e2e: 250,
  pg: 110,
  parity: 60,
};

/** Seconds the whole run should take: past it, `npm test` names the grown steps. */
export const totalTarget = 12 * 60;

/**
 * Seconds the whole run may take at all: past it, `npm test` fails, naming the grown steps: a wave that doubles
 * the suite again cannot land (docs/decisions/0039-test-time-budget.md).
 */
export const totalBudget = 15 * 60;

export interface StepTime {
  name: string;
  seconds: number;
}

export interface BudgetVerdict {
  /** The whole run passed `totalTarget` (only judged when every step ran). */
  overTarget: boolean;
  /** The whole run passed `totalBudget`: the run fails (only judged when every step ran). */
  overTotal: boolean;
  total: number;
  /** Steps past their own budget, as "e2e 512 s of 420 s". */
  grown: string[];
}

/**
 * Judges a run: `total` its wall-clock seconds, `times` each step's; `complete` when every step ran (not
 * `npm test -- unit`).
 */
export function judge(times: readonly StepTime[], total: number, complete: boolean): BudgetVerdict {
  const grown = times
    .filter((step) => step.seconds > (stepBudgets[step.name] ?? Infinity))
    .map((step) => `${step.name} ${step.seconds} s of ${stepBudgets[step.name]} s`);
  return { overTarget: complete && total > totalTarget, overTotal: complete && total > totalBudget, total, grown };
}
