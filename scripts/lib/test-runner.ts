/**
 * How `npm test` (scripts/test.ts) runs its steps and measures them: stages one after another, a stage's lanes side
 * by side, each lane's steps in order; every step's wall-clock time and the CPU seconds of all its processes. Load on
 * the machine stretches a step's wall-clock time but hardly its CPU seconds, so the budgets judge CPU
 * (scripts/lib/test-budget.ts, docs/decisions/0039-test-time-budget.md).
 *
 * CPU, in two parts read from the OS:
 * - **what the step's tree reaped**: each step runs under bash as `"$@"; times`; the second line of bash's `times` is
 *   the user and system CPU of the shell's children as the kernel accounts it (getrusage's RUSAGE_CHILDREN): every
 *   descendant that ended and was waited for by its parent, down the tree (npm, node and its threads, Chromium's
 *   renderers, Java). Exact, read once when the step ends; it goes to the wrapper's fd 3, apart from the output.
 * - **what outlived its parent**: a process whose parent ended first is reaped by init, and its CPU is in no
 *   rusage of ours: esbuild's service after the build's node exits (more than half of the build step's CPU), the
 *   PostgreSQL server `pg_ctl` starts and detaches for the pg and parity steps. Every step's processes carry
 *   `NPM_TEST_STEP` in their environment (inherited, whatever their parent or session); twice a second this process
 *   reads /proc (no process spawned) and keeps, for each such process, its CPU and its children's, and whether its
 *   parent is of the step; a process last seen with a parent outside the step (init) is added with the CPU it had
 *   then. What such a process used after the last reading (at most half a second's worth, read again as the step
 *   ends) is missed. Elsewhere than Linux only the first part is counted.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export interface Step {
  name: string;
  /** The command and its arguments, as spawned (`npm run lint`). */
  command: readonly string[];
  /** A failure stops the run after its stage (what follows needs it); the test suites all run and are reported. */
  gate: boolean;
}

export interface StepResult {
  name: string;
  ok: boolean;
  /** Wall-clock seconds, from its start to its end. */
  wallSeconds: number;
  /** CPU seconds (user + system) of the step's process tree; null when they could not be read. */
  cpuSeconds: number | null;
}

/** The children's line of bash's `times` (`0m12.345s 1m2.500s`): user + system seconds, or null. */
export function parseTimes(text: string): number | null {
  const line = text.trim().split('\n')[1];
  const match = line?.match(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/);
  if (!match) return null;
  const [, um, us, sm, ss] = match.map(Number) as [number, number, number, number, number];
  return um * 60 + us + sm * 60 + ss;
}

/** The kernel's clock ticks per second of /proc's CPU figures (USER_HZ: 100 on every Linux architecture). */
const TICKS = 100;
const TAG = 'NPM_TEST_STEP';

interface Sighting {
  pid: number;
  /** CPU seconds of the process and of the children it reaped, when last seen. */
  cpu: number;
  /** Its parent was a process of the same step when last seen (so the parent reaps it, into the rusage). */
  parentInStep: boolean;
}

/** Reads /proc for the processes of the steps running, by the `NPM_TEST_STEP` in their environment. */
class Outlivers {
  private readonly tagOf = new Map<string, string | null>();
  private readonly seen = new Map<string, Map<string, Sighting>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly proc = existsSync('/proc/self/stat');

  watch(tag: string): void {
    if (!this.proc) return;
    this.seen.set(tag, new Map());
    this.timer ??= setInterval(() => this.read(), 500).unref();
  }

  /** CPU seconds of the step's processes whose parent was not of the step when last seen (read once more now). */
  finish(tag: string, root: number | undefined): number {
    if (!this.proc) return 0;
    this.read();
    const sightings = this.seen.get(tag)!;
    this.seen.delete(tag);
    if (this.seen.size === 0) this.timer = void clearInterval(this.timer);
    let cpu = 0;
    for (const s of sightings.values()) if (s.pid !== root && !s.parentInStep) cpu += s.cpu;
    return cpu;
  }

  private read(): void {
    if (this.seen.size === 0) return;
    const now: { key: string; tag: string; pid: number; ppid: number; cpu: number }[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // pid (comm) state ppid … utime stime cutime cstime … starttime: fields 4, 14–17, 22 (comm may hold spaces).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const key = `${entry}:${fields[19]}`;
      let tag = this.tagOf.get(key);
      if (tag === undefined) this.tagOf.set(key, (tag = stepTag(entry)));
      if (tag === null || !this.seen.has(tag)) continue;
      const cpu = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / TICKS;
      now.push({ key, tag, pid: Number(entry), ppid: Number(fields[1]), cpu });
    }
    const inStep = new Set(now.map((p) => `${p.tag}\n${p.pid}`));
    for (const p of now)
      this.seen.get(p.tag)!.set(p.key, { pid: p.pid, cpu: p.cpu, parentInStep: inStep.has(`${p.tag}\n${p.ppid}`) });
  }
}

/** The `NPM_TEST_STEP` of a process's environment, or null (none, or not ours to read). */
function stepTag(pid: string): string | null {
  try {
    const environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
    const at = environ.indexOf(`${TAG}=`);
    if (at < 0 || (at > 0 && environ[at - 1] !== '\0')) return null;
    const end = environ.indexOf('\0', at);
    return environ.slice(at + TAG.length + 1, end < 0 ? undefined : end);
  } catch {
    return null;
  }
}

const outlivers = new Outlivers();
let stepsStarted = 0;

export interface RunOptions {
  /** ms of the wall clock (injectable: a test makes a step look long without waiting). */
  now?: () => number;
  /** Where the runner's own lines and captured output go. */
  write?: (text: string | Buffer) => void;
}

// fd 3 is closed for the step itself: a process of it that outlives the step would otherwise hold the pipe open, and
// the step's end would wait for that process's.
const WRAPPER = '"$@" 3>&-; status=$?; times >&3; exit $status';

/**
 * Runs one step; `captured`: its output is held and written whole when it ends (it shares the terminal with other
 * lanes), else it goes straight to this process's terminal.
 */
export function runStep(
  step: Step,
  captured: boolean,
  { now = performance.now.bind(performance), write = (t) => process.stdout.write(t) }: RunOptions = {},
): Promise<StepResult> {
  const started = now();
  const tag = `${step.name}:${process.pid}:${++stepsStarted}`;
  outlivers.watch(tag);
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', WRAPPER, 'bash', ...step.command], {
      stdio: [captured ? 'ignore' : 'inherit', captured ? 'pipe' : 'inherit', captured ? 'pipe' : 'inherit', 'pipe'],
      env: { ...process.env, [TAG]: tag },
    });
    const output: Buffer[] = [];
    let times = '';
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stdio[3]!.on('data', (chunk: Buffer) => (times += chunk.toString()));
    const finish = (code: number | null) => {
      const reaped = parseTimes(times);
      const outlived = outlivers.finish(tag, child.pid);
      const result: StepResult = {
        name: step.name,
        ok: code === 0,
        wallSeconds: Math.round((now() - started) / 1000),
        cpuSeconds: reaped === null ? null : reaped + outlived,
      };
      if (captured) {
        write(`\n──── ${step.name} (${describeStep(result)}${result.ok ? '' : ', failed'}) ────\n`);
        write(Buffer.concat(output));
      } else write(`──── ${step.name}: ${describeStep(result)}${result.ok ? '' : ', failed'} ────\n`);
      resolve(result);
    };
    child.on('error', () => finish(null));
    child.on('close', (code) => finish(code));
  });
}

/** `62 s, 71 CPU s`: a step's wall-clock time and its CPU seconds. */
export function describeStep(result: StepResult): string {
  const cpu = result.cpuSeconds === null ? 'CPU not measured' : `${Math.round(result.cpuSeconds)} CPU s`;
  return `${result.wallSeconds} s, ${cpu}`;
}

/**
 * Runs the stages (a stage's lanes side by side, each lane's steps in order), only the steps in `wanted` when it
 * is not empty. A failed gate stops the run after its stage. Returns every step's result, in the order they ended.
 */
export async function runStages(
  stages: readonly (readonly (readonly Step[])[])[],
  wanted: readonly string[],
  options: RunOptions = {},
): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const stage of stages) {
    const lanes = stage
      .map((lane) => lane.filter((s) => wanted.length === 0 || wanted.includes(s.name)))
      .filter((l) => l.length);
    if (lanes.length === 0) continue;
    const captured = lanes.length > 1;
    const ends = await Promise.all(
      // A failed gate ends its lane and the run after this stage; a failed test suite does not stop the next.
      lanes.map(async (lane) => {
        let end = 'ok';
        for (const s of lane) {
          const result = await runStep(s, captured, options);
          results.push(result);
          if (!result.ok && s.gate) return 'gate failed';
          if (!result.ok) end = 'failed';
        }
        return end;
      }),
    );
    if (ends.includes('gate failed')) break;
  }
  return results;
}
