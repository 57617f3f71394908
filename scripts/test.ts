/**
 * `npm test`: everything CI runs, in one command on a fresh machine after `npm install`. It first makes sure
 * Chromium, Java and PostgreSQL 15 are there (installing them as root, or stopping at once with the command to
 * type), then runs the checks that the tests need in order (lint, type check, build, bundles), then every test
 * suite even when an earlier one failed, and prints each step's time, the ten slowest test files of the unit,
 * pg and e2e steps, and the closing "N passed, N failed" line. A whole run past 15 minutes fails, naming the
 * steps past their own budgets (scripts/lib/test-budget.ts, docs/decisions/0039-test-time-budget.md).
 *
 *   npm test                 everything
 *   npm test -- unit e2e     only those steps (names as below), after the prerequisites
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { installCommand, prerequisites, provision } from './lib/prerequisites.ts';
import { judge, totalBudget, totalLimit, type StepTime } from './lib/test-budget.ts';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

/** `gate`: a failure stops the run (what follows needs it); the test suites all run and are reported. */
const steps = [
  { name: 'lint', script: 'lint', gate: true },
  { name: 'check', script: 'check', gate: true },
  { name: 'build', script: 'build', gate: true },
  { name: 'bundles', script: 'check:bundles', gate: true },
  { name: 'unit', script: 'test:unit', gate: false },
  { name: 'budget', script: 'budget', gate: false },
  { name: 'e2e', script: 'test:e2e', gate: false },
  { name: 'pg', script: 'test:pg', gate: false },
  { name: 'parity', script: 'test:parity', gate: false },
] as const;

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !steps.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(`Unknown step ${unknown.join(', ')}; the steps are ${steps.map((step) => step.name).join(', ')}.`);
  process.exit(2);
}

const missing = provision(prerequisites());
if (missing.length > 0) {
  console.error('npm test needs what this machine lacks:');
  for (const item of missing) console.error(`  ${item.pkg}: ${item.why}`);
  console.error(`Install it with:\n  ${installCommand(missing)}\nthen run npm test again.`);
  process.exit(1);
}

process.env.ASTRO_DISABLE_UPDATE_CHECK ??= 'true';
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
rmSync('test-results', { recursive: true, force: true });

const times: string[] = [];
const measured: StepTime[] = [];
let failed = false;
for (const step of steps) {
  if (wanted.length > 0 && !wanted.includes(step.name)) continue;
  const started = performance.now();
  const { status } = spawnSync('npm', ['run', step.script], { stdio: 'inherit' });
  const seconds = Math.round((performance.now() - started) / 1000);
  times.push(`${step.name} ${seconds} s${status === 0 ? '' : ' (failed)'}`);
  measured.push({ name: step.name, seconds });
  if (status !== 0) {
    failed = true;
    if (step.gate) break;
  }
}
console.log(`steps: ${times.join(', ')}`);
spawnSync(process.execPath, ['scripts/test-summary.mjs'], { stdio: 'inherit' });
const verdict = judge(measured, measured.length === steps.length);
const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
const grown = verdict.grown.length ? `; past their own budget: ${verdict.grown.join(', ')}` : '';
if (verdict.overTotal) {
  const fails = verdict.overLimit ? `, and past the ${totalLimit / 60} minutes a run may take at all: it fails` : '';
  console.error(
    `time budget: the whole run took ${minutes(verdict.total)}, past its ${totalBudget / 60} minutes${fails}${grown}. ` +
      'Make the grown step fast again before adding to it (docs/decisions/0039-test-time-budget.md).',
  );
  if (verdict.overLimit) failed = true;
} else if (verdict.grown.length) {
  console.log(`time budget: ${minutes(verdict.total)} in all${grown}`);
}
process.exit(failed ? 1 : 0);
