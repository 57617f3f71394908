/**
 * `npm run bench:fuzz`: the property tests of the public forms (tests/unit/leads/property) and of the upload's
 * OLE2 reader (tests/unit/uploads/cfb-property.test.ts) at 10,000 runs per property instead of `npm test`'s 100
 * (200 for the reader), then a table of runs, failures, seed and duration per property.
 * FUZZ_RUNS overrides the runs; FUZZ_SEED=<seed> replays a failed property's runs (with `-- -t <name>` to
 * run that property alone). fast-check stops a property at its first failing run and shrinks it, so a
 * property's failures are 0 or 1, with the counterexample printed below the table.
 *
 * The properties run in vitest, as in `npm test`, so the bench checks exactly what the tests check: the
 * test file appends one JSON line per property to FUZZ_REPORT, which this script prints.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PropertyReport } from '../tests/unit/leads/property/holds.ts';

const root = path.resolve(import.meta.dirname, '..');
const runs = process.env.FUZZ_RUNS ?? '10000';
const dir = mkdtempSync(path.join(tmpdir(), 'bolesta-fuzz-'));
const reportFile = path.join(dir, 'properties.jsonl');

console.log(
  `Property tests of the public forms and the OLE2 reader, ${runs} runs per property${process.env.FUZZ_SEED ? `, seed ${process.env.FUZZ_SEED}` : ''}\n`,
);
const started = performance.now();
// Arguments pass on to vitest: `npm run bench:fuzz -- -t audits` runs the audits' properties only.
const args = ['run', 'tests/unit/leads/property', 'tests/unit/uploads/cfb-property.test.ts', ...process.argv.slice(2)];
const vitest = spawn(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
  cwd: root,
  // VITEST_JSON keeps this run from overwriting the report of `npm test` in test-results/.
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_REPORT: reportFile, VITEST_JSON: path.join(dir, 'vitest.json') },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exitCode = await new Promise<number>((resolve) => vitest.on('close', (code) => resolve(code ?? 1)));
const totalSeconds = (performance.now() - started) / 1000;

const reports: PropertyReport[] = existsSync(reportFile)
  ? readFileSync(reportFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as PropertyReport)
  : [];
rmSync(dir, { recursive: true, force: true });

const width = Math.max(20, ...reports.map((r) => r.property.length));
console.log(
  `\n${'property'.padEnd(width)}  ${'runs'.padStart(7)}  failures  ${'seed'.padStart(11)}  ${'duration'.padStart(9)}`,
);
for (const r of reports) {
  const seconds = `${(r.ms / 1000).toFixed(1)} s`;
  console.log(
    `${r.property.padEnd(width)}  ${String(r.runs).padStart(7)}  ${String(r.failed ? 1 : 0).padStart(8)}  ${String(r.seed).padStart(11)}  ${seconds.padStart(9)}`,
  );
}
for (const r of reports.filter((r) => r.failed)) {
  console.log(`\n${r.property} failed after ${r.runs} runs (shrunk ${r.shrinks} times), seed ${r.seed}:`);
  console.log(`  ${r.counterexample ?? '(no counterexample)'}`);
}
console.log(
  `\n${reports.length} properties reported, ${reports.filter((r) => r.failed).length} failed; vitest exited with ${exitCode} after ${totalSeconds.toFixed(0)} s.`,
);
if (exitCode !== 0 && reports.every((r) => !r.failed)) {
  console.log('vitest failed outside the properties (see its output above): a timeout, or the file did not load.');
}
// A failed property is a bug, not a slow figure: let scripts see it.
process.exitCode = exitCode;
