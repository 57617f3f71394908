/**
 * Checking a property and reporting it: runs, seed, time and any counterexample go to FUZZ_REPORT as a JSON
 * line, which `npm run bench:fuzz` prints as a table.
 */
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';

/** Runs per property: a short run in `npm test`, every property all the same; `npm run bench:fuzz` runs 10,000. */
export const RUNS = Number(process.env.FUZZ_RUNS) || 100;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

export interface PropertyReport {
  property: string;
  runs: number;
  failed: boolean;
  seed: number;
  ms: number;
  shrinks: number;
  counterexample?: string;
}

/** Checks a property (`runs` times: RUNS unless a test sizes its own); reports runs, seed and time to FUZZ_REPORT; fails with fast-check's counterexample. */
export async function holds<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  beforeRun: () => Promise<void>,
  runs = RUNS,
) {
  const started = performance.now();
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
    numRuns: runs,
    seed: SEED,
    plugins: [fc.beforeEach(beforeRun)],
  });
  const report: PropertyReport = {
    property: name,
    runs: details.numRuns,
    failed: details.failed,
    seed: details.seed,
    ms: Math.round(performance.now() - started),
    shrinks: details.numShrinks,
    counterexample: details.counterexample ? fc.stringify(details.counterexample).slice(0, 2000) : undefined,
  };
  if (process.env.FUZZ_REPORT) appendFileSync(process.env.FUZZ_REPORT, `${JSON.stringify(report)}\n`);
  if (details.failed) {
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${await fc.asyncDefaultReportMessage(details)}\n\nCaused by: ${cause}`);
  }
}
