/**
 * `npm test`'s runner (scripts/lib/test-runner.ts) with fake steps: small real processes, so what is measured is
 * what the kernel accounts, and a clock handed in, so a step can look long without the test waiting for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conclude } from '../../../scripts/lib/test-budget.ts';
import { parseTimes, runStages, type Step } from '../../../scripts/lib/test-runner.ts';

const node = JSON.stringify(process.execPath);
/** A grandchild of the step's shell that runs until its own CPU time (user) reaches `seconds`. */
const burn = (seconds: number) =>
  `${node} -e 'const t = process.cpuUsage(); while (process.cpuUsage(t).user < ${seconds * 1e6});'; true`;
const fake = (name: string, script: string, gate = false): Step => ({ name, command: ['sh', '-c', script], gate });

/** A clock whose every reading is 19 minutes past the one before: each step looks 19 minutes long. */
function slowClock() {
  let ms = 0;
  return () => (ms += 19 * 60_000);
}

describe("npm test's runner", () => {
  it('leaves a run green when a step sleeps past the old 15 minutes of wall-clock time, and prints its time', async () => {
    const out: string[] = [];
    const results = await runStages([[[fake('sleeper', 'sleep 0.2')]]], [], {
      now: slowClock(),
      write: (text) => out.push(String(text)),
    });
    expect(results).toHaveLength(1);
    const [sleeper] = results;
    expect(sleeper).toMatchObject({ name: 'sleeper', ok: true, wallSeconds: 19 * 60 });
    expect(sleeper!.cpuSeconds).not.toBeNull();
    expect(sleeper!.cpuSeconds!).toBeLessThan(0.5);
    expect(out.join('')).toContain('sleeper: 1140 s, 0 CPU s');
    const verdict = conclude(results, { total: 19 * 60, complete: true, budgets: { sleeper: 0.5 } });
    expect(verdict.failed).toBe(false);
    expect(verdict.lines.join('\n')).toContain('a figure, not a verdict');
  });

  it("counts the CPU of a step's descendants, and fails a step past its CPU budget, naming it", async () => {
    const results = await runStages([[[fake('burner', burn(0.3))], [fake('sleeper', 'sleep 0.1')]]], [], {
      write: () => {},
    });
    const burner = results.find((r) => r.name === 'burner')!;
    expect(burner.ok).toBe(true);
    expect(burner.cpuSeconds!).toBeGreaterThanOrEqual(0.3);
    const verdict = conclude(results, { total: 5, complete: true, budgets: { burner: 0.15, sleeper: 0.5 } });
    expect(verdict.failed).toBe(true);
    expect(verdict.lines.join('\n')).toMatch(/past their own budget: burner \d+ CPU s of 0\.15/);
    expect(verdict.lines.join('\n')).not.toContain('sleeper');
    // Within its budget, the same step passes.
    expect(conclude(results, { total: 5, complete: true, budgets: { burner: 60, sleeper: 0.5 } }).failed).toBe(false);
  }, 60_000); // room for a loaded machine: the figures asserted are CPU seconds, not time

  it('counts the CPU of a process that outlived its parent (reaped by init, in no rusage of the step)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'runner-'));
    const done = path.join(dir, 'done');
    // The inner shell starts a subshell and exits at once: the subshell, orphaned, burns, says so, and stays until the
    // test is over (its folder gone), so the runner's last reading, as the step ends, finds it whatever the load.
    const orphan = `(${burn(0.3)}; touch ${done}; while [ -d ${dir} ]; do sleep 0.1; done) &`;
    const script = `sh -c ${JSON.stringify(orphan)}; while [ ! -e ${done} ]; do sleep 0.1; done`;
    const [result] = await runStages([[[fake('orphan', script)]]], [], { write: () => {} });
    rmSync(dir, { recursive: true, force: true });
    expect(result!.cpuSeconds!).toBeGreaterThanOrEqual(0.3);
  }, 60_000);

  it('fails the run when a step fails, runs the suites after a failed one, and stops after a failed gate', async () => {
    const out: string[] = [];
    const write = (text: string | Buffer) => out.push(String(text));
    const suites = await runStages([[[fake('first', 'exit 3')]], [[fake('second', 'true')]]], [], { write });
    expect(suites.map((r) => [r.name, r.ok])).toEqual([
      ['first', false],
      ['second', true],
    ]);
    expect(conclude(suites, { total: 1, complete: true, budgets: {} })).toMatchObject({
      failed: true,
      lines: ['failed: first'],
    });
    // In a lane too: the parity run follows the pg step beside e2e, and runs after a failed pg step.
    const lane = await runStages([[[fake('pg', 'exit 1'), fake('parity', 'true')], [fake('e2e', 'true')]]], [], {
      write,
    });
    expect(lane.map((r) => [r.name, r.ok]).sort()).toEqual([
      ['e2e', true],
      ['parity', true],
      ['pg', false],
    ]);
    const gated = await runStages(
      [[[fake('gate', 'exit 1', true)], [fake('beside', 'true')]], [[fake('after', 'true')]]],
      [],
      { write },
    );
    expect(gated.map((r) => r.name).sort()).toEqual(['beside', 'gate']);
  });

  it('runs only the steps asked for', async () => {
    const results = await runStages([[[fake('a', 'true')], [fake('b', 'true')]], [[fake('c', 'true')]]], ['c'], {
      write: () => {},
    });
    expect(results.map((r) => r.name)).toEqual(['c']);
  });

  it("reads the children's line of bash's times", () => {
    expect(parseTimes('0m0.001s 0m0.002s\n1m2.500s 0m10.250s\n')).toBe(72.75);
    expect(parseTimes('')).toBeNull();
  });
});
