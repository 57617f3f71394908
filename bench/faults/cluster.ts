/**
 * The PostgreSQL 15 server of `npm run bench:faults` (bench/faults.ts): Debian's binaries (PGBIN), a throwaway
 * cluster in a temporary folder on a loopback port, as scripts/with-postgres.sh makes one, with the faults the
 * bench injects: killed (`pg_ctl stop -m immediate`, no shutdown checkpoint, crash recovery at the next start),
 * started again, and paused (SIGSTOP to the postmaster and every backend, SIGCONT to resume them).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PGBIN = process.env.PGBIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the user `postgres` when the bench runs as root (initdb refuses root). */
function pg(program: string, args: string[]): string {
  const bin = path.join(PGBIN, program);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface Cluster {
  /** The URL of database `name` on this server. */
  url(name?: string): string;
  start(): void;
  /** `pg_ctl stop -m immediate`: every backend killed at once, as a crash. */
  kill(): void;
  /** SIGSTOP (true) or SIGCONT (false) to the postmaster and all its children. */
  pause(stopped: boolean): void;
  remove(): void;
}

/** Makes and starts a cluster on `port`. */
export function startCluster(port: number): Cluster {
  const dir = mkdtempSync(path.join(tmpdir(), 'bolesta-faults-pg-'));
  if (asRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  const data = path.join(dir, 'data');
  pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const start = () =>
    void pg('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
  const stop = () => {
    try {
      pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // not running
    }
  };
  start();
  return {
    url: (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`,
    start,
    kill: stop,
    pause(stopped) {
      const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      for (const pid of [postmaster, ...childrenOf(postmaster)]) {
        try {
          process.kill(pid, stopped ? 'SIGSTOP' : 'SIGCONT');
        } catch {
          // gone meanwhile
        }
      }
    },
    remove() {
      this.pause(false);
      stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The processes whose parent is `pid` (the postmaster's backends and helpers), from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

const idOf = (flag: string, user: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
const uidOf = (user: string) => idOf('-u', user);
const gidOf = (user: string) => idOf('-g', user);
