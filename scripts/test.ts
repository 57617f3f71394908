/**
 * `npm test`: everything CI runs, in one command on a fresh machine after `npm install`. It first makes sure
 * Chromium, Java and PostgreSQL 15 are there (installing them as root, or stopping at once with the command to
 * type), then runs the checks that the tests need (lint, type check, build, bundles), then every test suite even
 * when an earlier one failed, and prints each step's time, the ten slowest test files of the unit, pg and e2e
 * steps, and the closing "N passed, N failed" line. A whole run past 15 minutes fails (12 is where it should be), naming the steps past
 * their own budgets (scripts/lib/test-budget.ts, docs/decisions/0039-test-time-budget.md).
 *
 * Steps that each keep about one core busy run side by side on the machine's two (the lanes of a stage below):
 * their output is printed whole as each finishes, so it never interleaves.
 *
 *   npm test                 everything
 *   npm test -- unit e2e     only those steps (names as below), after their own prerequisites
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { installCommand, neededFor, prerequisites, provision } from './lib/prerequisites.ts';
import { judge, totalBudget, totalTarget, type StepTime } from './lib/test-budget.ts';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

interface Step {
  name: string;
  script: string;
  /** A failure stops the run (what follows needs it); the test suites all run and are reported. */
  gate: boolean;
}
const step = (name: string, script: string, gate = false): Step => ({ name, script, gate });

/**
 * Stages run one after another; a stage's lanes run side by side, each lane's steps in order. Measured on the
 * quiet 2-core CI machine (docs/decisions/0039-test-time-budget.md): lint, the type check and build + bundles
 * each keep about one core busy, so side by side they take 62 s rather than 92 s. The test suites keep both
 * cores busy (e2e: the browsers), so they run one at a time: the pg step beside the parity run took 185 s
 * rather than 196 s, too little for the risk of tests slowed past their timeouts.
 */
const stages: Step[][][] = [
  [
    [step('lint', 'lint', true)],
    [step('check', 'check', true)],
    [step('build', 'build', true), step('bundles', 'check:bundles', true)],
  ],
  [[step('unit', 'test:unit')], [step('budget', 'budget')]],
  [[step('e2e', 'test:e2e')]],
  [[step('pg', 'test:pg')]],
  [[step('parity', 'test:parity')]],
];
const allSteps = stages.flat(2);

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !allSteps.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(`Unknown step ${unknown.join(', ')}; the steps are ${allSteps.map((s) => s.name).join(', ')}.`);
  process.exit(2);
}

// Only what the steps asked for need: `npm test -- unit` needs Java, not Chromium nor PostgreSQL.
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

const times: string[] = [];
const measured: StepTime[] = [];
let failed = false;
const runStarted = performance.now();

/** Runs one step; `captured`: its output is held and printed whole when it ends (it shares the terminal). */
function run(s: Step, captured: boolean): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', s.script], { stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      if (captured) {
        process.stdout.write(`\n──── ${s.name} (${seconds} s${code === 0 ? '' : ', failed'}) ────\n`);
        process.stdout.write(Buffer.concat(output));
      }
      times.push(`${s.name} ${seconds} s${code === 0 ? '' : ' (failed)'}`);
      measured.push({ name: s.name, seconds });
      resolve(code === 0);
    });
  });
}

for (const stage of stages) {
  const lanes = stage
    .map((lane) => lane.filter((s) => wanted.length === 0 || wanted.includes(s.name)))
    .filter((l) => l.length);
  if (lanes.length === 0) continue;
  const captured = lanes.length > 1;
  const results = await Promise.all(
    lanes.map(async (lane) => {
      for (const s of lane) {
        if (!(await run(s, captured))) return { ok: false, gate: s.gate };
      }
      return { ok: true, gate: false };
    }),
  );
  if (results.some((r) => !r.ok)) failed = true;
  if (results.some((r) => !r.ok && r.gate)) break;
}
const total = Math.round((performance.now() - runStarted) / 1000);
console.log(`steps: ${times.join(', ')}; ${minutes(total)} in all`);
await new Promise((resolve) =>
  spawn(process.execPath, ['scripts/test-summary.mjs'], { stdio: 'inherit' }).on('close', resolve),
);
const verdict = judge(measured, total, measured.length === allSteps.length);
const grown = verdict.grown.length ? `; past their own budget: ${verdict.grown.join(', ')}` : '';
if (verdict.overTotal) {
  console.error(
    `time budget: the whole run took ${minutes(verdict.total)}, past the ${totalBudget / 60} minutes it may take: it fails${grown}. ` +
      'Make the grown step fast again before adding to it (docs/decisions/0039-test-time-budget.md).',
  );
  failed = true;
} else if (verdict.overTarget || verdict.grown.length) {
  const target = verdict.overTarget ? `, past the ${totalTarget / 60} minutes it should take` : '';
  console.log(`time budget: ${minutes(verdict.total)} in all${target}${grown}`);
}
process.exit(failed ? 1 : 0);

function minutes(seconds: number): string {
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
