// The GitHub Actions workflow (.github/workflows/): valid by GitHub's workflow schema (SchemaStore's, compiled
// into @action-validator/core: offline, no network), and true to what CONTRIBUTING.md and the editor's guide say
// CI does: every pull request runs the content check, lint, type check, build, bundles and unit tests; a push
// to main runs the whole `npm test`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateWorkflow, type ValidationError } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../../..');
const workflowsDir = path.join(root, '.github/workflows');
const workflowFiles = readdirSync(workflowsDir).filter((name) => /\.ya?ml$/.test(name));
const read = (file: string) => readFileSync(file, 'utf8');

/** Every leaf error of the validator, as one line each (`/jobs/checks: Additional property 'x' is not allowed`). */
function schemaErrors(source: string): string[] {
  const lines = (errors: ValidationError[]): string[] =>
    errors.flatMap((error) => {
      const nested = 'states' in error ? (error.states ?? []).flatMap((state) => lines(state.errors)) : [];
      if (nested.length > 0) return nested;
      const line = 'location' in error ? error.location?.line : undefined;
      const where = line !== undefined ? `line ${line}` : ('path' in error && error.path) || '/';
      return [`${where}: ${error.detail ?? error.title}`];
    });
  return [...new Set(lines(validateWorkflow(source).errors))];
}

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  name?: string;
  if?: string;
  'timeout-minutes'?: number;
  steps: Step[];
}
interface Workflow {
  name: string;
  on: { pull_request?: unknown; push?: { branches?: string[] } };
  env?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': string | boolean };
  jobs: Record<string, Job>;
}

/** What a pull request must run, in this order (each `npm run` script is a step of its own). */
const PULL_REQUEST_COMMANDS = [
  'npm install --no-audit --no-fund',
  'npm run check:content',
  'npm run lint',
  'npm run check',
  'npm run build',
  'npm run check:bundles',
  'npm run test:unit',
];
const MAIN_COMMANDS = ['npm install --no-audit --no-fund', 'npm test'];

const commands = (job: Job) => job.steps.flatMap((step) => (step.run ? [step.run.trim()] : []));
const jobFor = (workflow: Workflow, event: 'pull_request' | 'push') =>
  Object.entries(workflow.jobs).find(([, job]) => job.if?.replace(/\s+/g, ' ') === `github.event_name == '${event}'`);

/** What breaks the contract of CI (empty when it holds). */
function contractProblems(workflow: Workflow): string[] {
  const problems: string[] = [];
  if (workflow.on.pull_request === undefined) problems.push('no pull_request trigger');
  if (JSON.stringify(workflow.on.push?.branches) !== '["main"]') problems.push('push is not limited to main');
  for (const [event, expected] of [
    ['pull_request', PULL_REQUEST_COMMANDS],
    ['push', MAIN_COMMANDS],
  ] as const) {
    const found = jobFor(workflow, event);
    if (!found) {
      problems.push(`no job runs only on ${event}`);
      continue;
    }
    const [id, job] = found;
    const run = commands(job).filter((command) => command.startsWith('npm '));
    if (JSON.stringify(run) !== JSON.stringify(expected)) problems.push(`${id} runs ${run.join(', ')}`);
    const java = job.steps.findIndex((step) => step.uses?.startsWith('actions/setup-java@'));
    const tests = job.steps.findIndex((step) => /^npm (test|run test:unit)$/.test(step.run?.trim() ?? ''));
    if (java < 0 || java > tests) problems.push(`${id} sets up no Java before its tests`);
    const node = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    if (String(node?.with?.['node-version']) !== '24') problems.push(`${id} does not set up Node 24`);
    const timeout = job['timeout-minutes'];
    if (timeout === undefined || timeout > 90) problems.push(`${id} has no timeout of at most 90 minutes`);
    const upload = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    if (upload?.if !== 'failure()' || !String(upload.with?.path).includes('test-results/')) {
      problems.push(`${id} does not upload test-results/ on failure`);
    }
  }
  if (workflow.env?.ASTRO_DISABLE_UPDATE_CHECK !== 'true' || workflow.env.ASTRO_TELEMETRY_DISABLED !== '1') {
    problems.push('Astro update check or telemetry on');
  }
  if (!/pull_request/.test(String(workflow.concurrency?.['cancel-in-progress']))) {
    problems.push('a pull request does not cancel its previous run');
  }
  return problems;
}

const ci = parse(read(path.join(workflowsDir, 'ci.yml'))) as Workflow;

describe('the GitHub Actions workflows', () => {
  it.each(workflowFiles)('%s is valid by the workflow schema', (file) => {
    expect(schemaErrors(read(path.join(workflowsDir, file)))).toEqual([]);
  });

  it('finds the workflows, so the check above cannot pass on an empty folder', () => {
    expect(workflowFiles).toContain('ci.yml');
  });

  it('refuses a broken workflow (tests/fixtures/workflows/invalid.yml)', () => {
    const errors = schemaErrors(read(path.join(root, 'tests/fixtures/workflows/invalid.yml')));
    expect(errors).toContain("/jobs/checks: Additional property 'runs_on' is not allowed");
    expect(schemaErrors('on: [push]\njobs: [')).toEqual([
      expect.stringMatching(/^line \d+: did not find expected node content/),
    ]);
  });

  it('runs the checks on every pull request and the whole npm test on a push to main', () => {
    expect(contractProblems(ci)).toEqual([]);
    expect(ci.on).toEqual({ pull_request: null, push: { branches: ['main'] } });
  });

  it('reports a workflow that drops a step, runs npm ci, or runs everything on every push', () => {
    const copy = () => structuredClone(ci);
    const dropLint = copy();
    const [prJob] = jobFor(dropLint, 'pull_request')!;
    dropLint.jobs[prJob]!.steps = dropLint.jobs[prJob]!.steps.filter((step) => step.run !== 'npm run lint');
    expect(contractProblems(dropLint)).toEqual([
      expect.stringMatching(/^checks runs .*npm run check:content, npm run check,/),
    ]);
    const npmCi = copy();
    const [mainJob] = jobFor(npmCi, 'push')!;
    npmCi.jobs[mainJob]!.steps.find((step) => step.run?.startsWith('npm install'))!.run = 'npm ci';
    expect(contractProblems(npmCi)).toEqual(['test runs npm ci, npm test']);
    const everyBranch = copy();
    delete everyBranch.on.push!.branches;
    delete everyBranch.jobs[mainJob]!.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))!.if;
    expect(contractProblems(everyBranch)).toEqual([
      'push is not limited to main',
      'test does not upload test-results/ on failure',
    ]);
  });

  it('runs on a pull request the steps CONTRIBUTING.md lists, and CONTRIBUTING.md does not call npm test the same', () => {
    const guide = read(path.join(root, 'CONTRIBUTING.md'));
    const [, job] = jobFor(ci, 'pull_request')!;
    const steps = commands(job).filter((command) => command.startsWith('npm run '));
    expect(steps).toHaveLength(6);
    expect(guide).toContain('every pull request runs six steps, shown as "CI / checks"');
    for (const step of steps) expect(guide, step).toContain(`\`${step}\``);
    expect(guide).not.toMatch(/same (on a fresh machine )?as in CI/);
  });

  it('is the check the editing guide tells editors about ("CI / checks")', () => {
    const guide = read(path.join(root, 'docs/editing-content.md'));
    const [prJob, job] = jobFor(ci, 'pull_request')!;
    expect(`${ci.name} / ${job.name ?? prJob}`).toBe('CI / checks');
    expect(guide).toContain('**CI / checks**');
    expect(guide).toContain('content/resources/x.mdx: description must be 50–170 characters');
  });
});
