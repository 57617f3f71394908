// Prints one closing line for CI from the JSON reports of vitest (PGlite, PostgreSQL and parity runs) and
// Playwright: "N passed, N failed".
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
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
