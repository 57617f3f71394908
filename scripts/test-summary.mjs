// Prints one closing line for CI from the JSON reports of vitest (PGlite, PostgreSQL and parity runs) and
// Playwright: "N passed, N failed". Before it, the ten slowest test files of the unit, pg and e2e steps (where a
// step's time goes), and the slowest tests against their timeouts: a test past half its timeout on this
// machine is one busy moment from failing CI, so it is named (a figure, not a failure).
// Plain JavaScript on purpose: it must run on the machine's own Node after a failed step too.
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const unit = read('test-results/unit.json');
const unitPg = read('test-results/unit-pg.json');
const parity = read('test-results/parity.json');
const e2e = read('test-results/e2e.json');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const vitest of [unit, unitPg, parity]) {
  if (!vitest) continue;
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
}
if (!unit && !unitPg && !parity && !e2e) process.exit(0);

/** The ten slowest files of each step: vitest's from lib/timings-reporter.ts, Playwright's summed per spec. */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const slowestFiles = { unit: read('test-results/unit-files.json'), pg: read('test-results/unit-pg-files.json') };
if (e2e) {
  const perFile = new Map();
  const add = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        for (const r of t.results) perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + r.duration);
      }
    }
    for (const child of suite.suites ?? []) add(child);
  };
  for (const suite of e2e.suites ?? []) add(suite);
  slowestFiles.e2e = [...perFile].map(([file, ms]) => ({ file: `tests/e2e/${file}`, ms })).sort((a, b) => b.ms - a.ms);
}
for (const [step, files] of Object.entries(slowestFiles)) {
  if (!files?.length) continue;
  console.log(
    `slowest ${step} files: ${files
      .slice(0, 10)
      .map((f) => `${f.file} ${seconds(f.ms)}`)
      .join(', ')}`,
  );
}

/** Every test with its time and timeout in ms (vitest's from the timings reporter, scripts/lib/timings-reporter.ts). */
const timings = [];
for (const name of ['unit', 'unit-pg', 'parity']) {
  for (const t of read(`test-results/${name}-timings.json`) ?? []) timings.push({ step: name, ...t });
}
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests) {
      for (const r of t.results) timings.push({ step: 'e2e', title: spec.title, ms: r.duration, timeout: t.timeout });
    }
  }
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of e2e?.suites ?? []) walk(suite);
timings.sort((a, b) => b.ms / b.timeout - a.ms / a.timeout);
const late = timings.filter((t) => t.ms > t.timeout / 2);
console.log(
  `slowest against their timeout: ${timings
    .slice(0, 3)
    .map((t) => `${t.step} "${t.title}" ${seconds(t.ms)} of ${seconds(t.timeout)}`)
    .join('; ')}`,
);
console.log(
  late.length === 0
    ? 'past half their timeout: none'
    : `past half their timeout (${late.length}): ${late.map((t) => `${t.step} "${t.title}" ${seconds(t.ms)}`).join('; ')}`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
