/**
 * The scenarios of `npm run bench:faults` (bench/faults.ts): each injects its fault into a running load at
 * `faultAt` and resolves, once the part is back, with the instant it came back (ms since the scenario's start),
 * from which the recovery is measured. The server answers 503 `unavailable` while a part is down; after it
 * returns, the first 2xx answer and the last queued mail delivered give the recovery times.
 */
import type { Cluster } from './cluster.ts';
import type { FaultyBlobs } from './blobs-store.ts';
import type { MailProvider } from './mail-provider.ts';
import type { CutProxy } from './proxy.ts';

export interface Parts {
  cluster: Cluster;
  provider: MailProvider;
  /** The file store behind its fault proxy. */
  blobs: FaultyBlobs;
  /** Between the server and PostgreSQL, for a scenario with `viaProxy`. */
  proxy: CutProxy;
  /** SIGKILLs the server process (nothing closed, no answer finished). */
  killServer(): void;
  /** Starts the server again on the same port and database; resolves when it is spawned. */
  restartServer(): Promise<void>;
  /** ms since the scenario started */
  since(): number;
  /** Sleeps until `ms` since the scenario's start. */
  until(ms: number): Promise<void>;
  /**
   * Resolves once the workload has in place what the fault is about (the erasure workload's uploads whole, however
   * slow the machine); at once for the other workloads.
   */
  ready(): Promise<void>;
}

export interface Scenario {
  name: string;
  /** What is injected, for the table. */
  injected: string;
  /** The server itself is killed: clients may get no answer (the platform's own error) for a while. */
  noAnswerExpected?: boolean;
  /**
   * What the clients do: contact submits (bench/faults/clients.ts, the default), uploads (bench/faults/uploads.ts),
   * uploads and then an admin's erasures of their leads (bench/faults/erasure.ts), or a scheduler delivering
   * booked and rescheduled calls (bench/faults/bookings.ts).
   */
  workload?: 'submits' | 'uploads' | 'erasure' | 'bookings';
  /** The server reaches PostgreSQL through the cutting proxy (bench/faults/proxy.ts). */
  viaProxy?: boolean;
  inject(parts: Parts, faultAt: number): Promise<number>;
}

/**
 * Puts a part (the provider, the store) through its modes, each from that many ms after the fault; the last step
 * is the part's return, and the instant it came back is resolved.
 */
async function stepThrough<Mode>(
  parts: Parts,
  faultAt: number,
  part: { mode: Mode },
  steps: [after: number, mode: NoInfer<Mode>][],
): Promise<number> {
  for (const [after, mode] of steps) {
    await parts.until(faultAt + after);
    part.mode = mode;
  }
  return parts.since();
}

export const scenarios: Scenario[] = [
  {
    name: 'db-kill',
    injected: 'PostgreSQL `pg_ctl stop -m immediate`, started again 8 s later (crash recovery)',
    async inject(parts, faultAt) {
      await parts.until(faultAt);
      parts.cluster.kill();
      await parts.until(faultAt + 8_000);
      parts.cluster.start(); // -w: returns once it accepts connections
      return parts.since();
    },
  },
  {
    name: 'db-cut',
    injected:
      'every connection to PostgreSQL reset (mid-query, mid-commit, idle in the pool), new ones reset for 8 s; the database keeps running',
    viaProxy: true,
    async inject(parts, faultAt) {
      await parts.until(faultAt);
      parts.proxy.cut(8_000);
      await parts.until(faultAt + 8_000);
      return parts.since();
    },
  },
  {
    name: 'mail-down',
    injected:
      'mail provider: 500 for 6 s, then 429 with Retry-After: 20 for 6 s, then hangs 6 s (delivers, never answers), then recovers',
    async inject(parts, faultAt) {
      return stepThrough(parts, faultAt, parts.provider, [
        [0, '500'],
        [6_000, '429'],
        [12_000, 'hang'],
        [18_000, 'ok'],
      ]);
    },
  },
  {
    name: 'server-kill',
    injected: 'server process SIGKILLed mid-submit and mid-drain, started again 3 s later',
    noAnswerExpected: true,
    async inject(parts, faultAt) {
      await parts.until(faultAt);
      parts.killServer();
      await parts.until(faultAt + 3_000);
      await parts.restartServer();
      return parts.since();
    },
  },
  {
    name: 'db-pause',
    injected: 'PostgreSQL paused (SIGSTOP of every process) for 65 s, past the 60 s function limit, then resumed',
    async inject(parts, faultAt) {
      await parts.until(faultAt);
      parts.cluster.pause(true);
      await parts.until(faultAt + 65_000);
      parts.cluster.pause(false);
      return parts.since();
    },
  },
  {
    name: 'blobs-uploads',
    injected: 'file store: every request answered 500 for 8 s, then hangs 12 s (no answer), then recovers',
    workload: 'uploads',
    async inject(parts, faultAt) {
      return stepThrough(parts, faultAt, parts.blobs, [
        [0, '500'],
        [8_000, 'hang'],
        [20_000, 'ok'],
      ]);
    },
  },
  {
    name: 'blobs-erasure',
    injected:
      'file store during erasures: every request answered 500 for 25 s, then hangs 25 s (no answer), then recovers; 5 leads erased as each begins and 5 after',
    workload: 'erasure',
    async inject(parts, faultAt) {
      // The store fails once the leads to erase have their documents: at FAULT_AT, or later on a slow machine,
      // whose uploads would otherwise meet the fault and leave the waves nothing to erase while it lasts.
      await parts.ready();
      return stepThrough(parts, Math.max(faultAt, parts.since()), parts.blobs, [
        [0, '500'],
        [25_000, 'hang'],
        [50_000, 'ok'],
      ]);
    },
  },
  {
    name: 'server-kill-uploads',
    injected: 'server process SIGKILLed mid-upload (parts and completions in flight), started again 3 s later',
    noAnswerExpected: true,
    workload: 'uploads',
    async inject(parts, faultAt) {
      await parts.until(faultAt);
      parts.killServer();
      await parts.until(faultAt + 3_000);
      await parts.restartServer();
      return parts.since();
    },
  },
  {
    name: 'bookings-db-kill',
    injected:
      'Calendly delivers every event of each booked and rescheduled call twice at once, out of order; PostgreSQL `pg_ctl stop -m immediate`, started again 8 s later',
    workload: 'bookings',
    async inject(parts, faultAt) {
      await parts.until(faultAt);
      parts.cluster.kill();
      await parts.until(faultAt + 8_000);
      parts.cluster.start();
      return parts.since();
    },
  },
];
