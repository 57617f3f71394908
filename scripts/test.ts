/**
 * `npm test`: everything CI runs, in one command on a fresh machine after `npm install`. It first makes sure
 * Chromium, Java and PostgreSQL 15 are there (installing them as root, timed and printed on its own, or stopping at
 * once with the command to type), then runs the checks that the tests need (lint, type check, build, bundles), then
 * every test suite even when an earlier one failed, and prints each step's wall-clock time and CPU seconds, the ten
 * slowest test files of the unit, pg and e2e steps, and the closing "N passed, N failed" line.
 *
 * The verdict is the tests': a failed step or gate fails the run, and so does a step past its CPU budget (the CPU
 * seconds of its processes, which load on the machine barely moves: scripts/lib/test-budget.ts,
 * docs/decisions/0039-test-time-budget.md), naming it; wall-clock time never does. Installing the prerequisites
 * counts toward no budget.
 *
 * Steps that each keep about one core busy run side by side on the machine's two (the lanes of a stage below):
 * their output is printed whole as each finishes, so it never interleaves (scripts/lib/test-runner.ts).
 *
 *   npm test                 everything
 *   npm test -- unit e2e     only those steps (names as below), after their own prerequisites
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { installCommand, neededFor, prerequisites, provision } from './lib/prerequisites.ts';
import { conclude, minutes } from './lib/test-budget.ts';
import { describeStep, runStages, type Step } from './lib/test-runner.ts';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

const step = (name: string, script: string, gate = false): Step => ({ name, command: ['npm', 'run', script], gate });

/**
 * Stages run one after another; a stage's lanes run side by side, each lane's steps in order. Measured on the
 * quiet 2-core CI machine (docs/decisions/0039-test-time-budget.md): lint, the type check and build + bundles
 * each keep about one core busy, so side by side they take 62 s rather than 92 s. The unit step keeps both cores
 * busy. The browser suite does not: its tests wait on pages, the server and assertions that poll, and used about
 * 250 CPU s in 275 s on two cores, half of them idle. So the pg step and the parity run take that half, beside it.
 * The unit step beside the browsers instead cost more than it saved: sharing the cores with Chromium its CPU rose
 * from 376 to 509 s and its wall-clock time to 550 s (decision 39).
 */
const stages: Step[][][] = [
  [
    [step('lint', 'lint', true)],
    [step('check', 'check', true)],
    [step('build', 'build', true), step('bundles', 'check:bundles', true)],
  ],
  [[step('unit', 'test:unit')], [step('budget', 'budget')]],
  [[step('e2e', 'test:e2e')], [step('pg', 'test:pg'), step('parity', 'test:parity')]],
];
const allSteps = stages.flat(2);

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !allSteps.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(`Unknown step ${unknown.join(', ')}; the steps are ${allSteps.map((s) => s.name).join(', ')}.`);
  process.exit(2);
}

// Only what the steps asked for need: `npm test -- unit` needs Java, not Chromium nor PostgreSQL. Installing what
// is missing is timed and printed on its own (provision): it counts toward no budget, and the run's own clock
// starts after it.
const missing = provision(neededFor(prerequisites(), wanted));
if (missing.length > 0) {
  console.error('npm test needs what this machine lacks:');
  for (const item of missing) console.error(`  ${item.pkg}: ${item.why}`);
  console.error(`Install it with:\n  ${installCommand(missing)}\nthen run npm test again.`);
  process.exit(1);
}

process.env.ASTRO_DISABLE_UPDATE_CHECK ??= 'true';
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
rmSync('test-results', { recursive: true, force: true });
// The bundles step leaves Netlify's archives here and the parity run deploys them, rather than bundling the
// same functions a second time (scripts/check-bundles.ts, tests/parity/global-setup.ts).
const bundles = mkdtempSync(path.join(tmpdir(), 'npm-test-bundles-'));
process.env.NETLIFY_BUNDLES_DIR = bundles;
process.once('exit', () => rmSync(bundles, { recursive: true, force: true }));

const runStarted = performance.now();
const results = await runStages(stages, wanted);
const total = Math.round((performance.now() - runStarted) / 1000);
const cpuTotal = Math.round(results.reduce((sum, r) => sum + (r.cpuSeconds ?? 0), 0));
const named = results.map((r) => `${r.name} ${describeStep(r)}${r.ok ? '' : ' (failed)'}`);
console.log(`steps (wall-clock, CPU): ${named.join('; ')}; ${minutes(total)} in all, ${cpuTotal} CPU s`);
await new Promise((resolve) =>
  spawn(process.execPath, ['scripts/test-summary.mjs'], { stdio: 'inherit' }).on('close', resolve),
);
const { failed, lines } = conclude(results, { total, complete: results.length === allSteps.length });
for (const line of lines) (failed ? console.error : console.log)(line);
process.exit(failed ? 1 : 0);
