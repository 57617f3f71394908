/**
 * Where a bench's CPU went, read from Linux's /proc: the server process's own time, this process's (the load
 * generator), and the whole machine's busy time; what is left is the database and anything else running. With
 * these beside requests/s a figure says whether the server's code or the machine's cores are the limit.
 * Elsewhere than Linux the figures are absent (null), never guessed.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const TICK_MS = 10; // USER_HZ is 100 on Linux

export interface CpuSnapshot {
  /** Busy and total time of every core, ms. */
  machineBusy: number;
  machineTotal: number;
  /** User + system time of the server process and of this one, ms. */
  server: number;
  bench: number;
}

function machine(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3]! + (fields[4] ?? 0); // idle + iowait
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

function processTime(pid: number): number {
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) * TICK_MS; // utime, stime (fields 14 and 15)
}

export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot | null {
  try {
    const { busy, total } = machine();
    const usage = process.cpuUsage();
    return {
      machineBusy: busy,
      machineTotal: total,
      server: serverPid ? processTime(serverPid) : NaN,
      bench: (usage.user + usage.system) / 1000,
    };
  } catch {
    return null;
  }
}

export interface CpuShare {
  /** CPU ms per answer: the server, the load generator, and the rest of the machine (the database, others). */
  server: number;
  bench: number;
  rest: number;
  /** How busy the machine was, as a share of all its cores (0–1), and how many there are. */
  busy: number;
  cores: number;
}

/** Where the CPU went per answer between two snapshots; `loadMs`: the load generator's time, when it ran elsewhere. */
export function cpuShare(
  before: CpuSnapshot | null,
  after: CpuSnapshot | null,
  answers: number,
  loadMs?: number,
): CpuShare | null {
  if (!before || !after || !answers) return null;
  const server = after.server - before.server;
  const bench = loadMs ?? after.bench - before.bench;
  const busy = after.machineBusy - before.machineBusy;
  return {
    server: server / answers,
    bench: bench / answers,
    rest: Math.max(0, busy - server - bench) / answers,
    busy: busy / (after.machineTotal - before.machineTotal),
    cores: availableParallelism(),
  };
}

/**
 * Waits until the server process is idle (under 5% of a core over half a second, at most `limitMs`) and
 * resolves with how long that took, ms: background work a run left behind (the mail drain's backlog) is
 * reported as such, not charged to the next endpoint's run. Null where /proc cannot be read.
 */
export async function settle(serverPid: number | undefined, limitMs = 60_000): Promise<number | null> {
  if (!serverPid) return null;
  const started = performance.now();
  try {
    let last = processTime(serverPid);
    while (performance.now() - started < limitMs) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = processTime(serverPid);
      if (now - last < 25) return performance.now() - started - 500;
      last = now;
    }
    return performance.now() - started;
  } catch {
    return null;
  }
}
