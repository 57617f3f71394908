/**
 * What `npm test` may cost (docs/decisions/0039-test-time-budget.md): the CPU seconds of each step's process tree
 * (scripts/lib/test-runner.ts), not its wall-clock time. A loaded machine stretches the wall clock of a green suite
 * (a fresh-clone run once took 19 minutes while the machine installed packages and ran other work) but hardly its
 * CPU seconds, so a step fails the run only past its CPU budget: what it took in measured runs with a margin for
 * noise. Wall-clock time is printed beside it, as a figure; the whole run past 12 minutes is named, never failed.
 */
import type { StepResult } from './test-runner.ts';

/**
 * CPU seconds each step of `npm test` took in the measured runs (decision 39 gives the runs and the load): the
 * step's processes and their children, as the kernel accounts them when they end.
 */
export const measuredCpu: Readonly<Record<string, number>> = {
  lint: 48,
  check: 47,
  build: 45,
  bundles: 21,
  unit: 411,
  budget: 1,
  e2e: 313,
  pg: 305,
  parity: 46,
};

/**
 * Room for noise above the measured figure: the same step's CPU seconds varied by up to this share between runs,
 * quiet and loaded (decision 39), with room to spare.
 */
export const CPU_MARGIN = 0.3;

/** CPU seconds each step may take: the measured figure and the margin, rounded up to a whole 5 s. */
export const cpuBudgets: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(measuredCpu).map(([name, seconds]) => [name, Math.ceil((seconds * (1 + CPU_MARGIN)) / 5) * 5]),
);

/**
 * Steps whose budget is printed, never a verdict: a browser suite's CPU seconds move with the machine's load (e2e
 * took 212 CPU s quiet and 350 with one core busy beside it, the same 218 tests: slower pages, longer polling by the
 * assertions that wait), past any margin that would still catch a suite that grew. Decision 39 gives the figures.
 */
export const warnOnly: ReadonlySet<string> = new Set(['e2e']);

/** Wall-clock seconds the whole run should take on a quiet machine: past it, `npm test` says so (never fails). */
export const totalTarget = 12 * 60;

export interface BudgetVerdict {
  /** Steps past their CPU budget, as "unit 612 CPU s of 535": each fails the run. */
  overBudget: string[];
  /** Steps of `warnOnly` past their CPU budget: named, never failing the run. */
  overWarning: string[];
  /** Steps whose CPU could not be read (bash's `times` printed nothing: the wrapper itself was killed): named, not judged. */
  unmeasured: string[];
}

/** Judges the steps that ran by their CPU seconds alone; their wall-clock time never fails a run. */
export function judge(
  results: readonly StepResult[],
  budgets: Readonly<Record<string, number>> = cpuBudgets,
): BudgetVerdict {
  const overBudget: string[] = [];
  const overWarning: string[] = [];
  const unmeasured: string[] = [];
  for (const { name, cpuSeconds } of results) {
    const budget = budgets[name];
    if (cpuSeconds === null) unmeasured.push(name);
    else if (budget !== undefined && cpuSeconds > budget)
      (warnOnly.has(name) ? overWarning : overBudget).push(`${name} ${Math.round(cpuSeconds)} CPU s of ${budget}`);
  }
  return { overBudget, overWarning, unmeasured };
}

/**
 * The run's verdict and what to print about its time: it fails when a step failed or passed its CPU budget (named),
 * never on wall-clock time; `total` (wall-clock seconds of the whole run) past `totalTarget` is said when every
 * step ran (`complete`), as a figure.
 */
export function conclude(
  results: readonly StepResult[],
  {
    total,
    complete,
    budgets = cpuBudgets,
  }: { total: number; complete: boolean; budgets?: Readonly<Record<string, number>> },
): { failed: boolean; lines: string[] } {
  const lines: string[] = [];
  const { overBudget, overWarning, unmeasured } = judge(results, budgets);
  const failedSteps = results.filter((r) => !r.ok).map((r) => r.name);
  if (failedSteps.length) lines.push(`failed: ${failedSteps.join(', ')}`);
  if (overBudget.length)
    lines.push(
      `CPU budget: past their own budget: ${overBudget.join(', ')}: the run fails. Make the grown step cheaper ` +
        'again before adding to it, or move its budget with the measurement (docs/decisions/0039-test-time-budget.md).',
    );
  if (overWarning.length)
    lines.push(
      `CPU budget, a warning only: past their own budget: ${overWarning.join(', ')}. A browser suite's CPU moves ` +
        'with the load; on a quiet machine this says the step grew (docs/decisions/0039-test-time-budget.md).',
    );
  if (unmeasured.length)
    lines.push(`CPU budget: not measured (the step's wrapper printed no times): ${unmeasured.join(', ')}`);
  if (complete && total > totalTarget)
    lines.push(
      `time: ${minutes(total)} of wall-clock time, past the ${totalTarget / 60} minutes a quiet machine takes: ` +
        'a figure, not a verdict (a loaded machine stretches it; the CPU budgets judge the suite).',
    );
  return { failed: failedSteps.length > 0 || overBudget.length > 0, lines };
}

export function minutes(seconds: number): string {
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
