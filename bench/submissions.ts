/**
 * `npm run bench:submissions`: load test of the two public form endpoints on the server `npm start` runs
 * (scripts/serve.ts on the build in dist/; run `npm run build` first).
 *
 * The server runs as a child process on a free loopback port with a fresh temporary DATA_DIR (so the
 * embedded PGlite starts empty; DATABASE_URL and RESEND_API_KEY are not passed on, so nothing leaves the
 * machine) and FORM_RATE_LIMIT raised out of the way: every request comes from 127.0.0.1. autocannon then
 * sends valid submits, each with its own idempotency key, for DURATION seconds (20) over CONNECTIONS
 * connections (50) to POST /api/contact, then short audit forms to POST /api/audits, each run in a process of its
 * own (bench/load.ts: a second run in the process of a first misfired) after 3 s of the same load that is not
 * measured (the server warmed up, as one that has been running is), with the Origin the server
 * expects of a page it served (its own address: it takes its origin from the Host header). Afterwards the server
 * is stopped and its database opened to check that every 2xx answer has its row.
 *
 * BENCH_DATABASE_URL: a local PostgreSQL server to measure instead of the embedded database (migrated here first).
 * BENCH_PRELOAD=N: first writes N rows of history into the outbox and N into the requests tables (contact messages
 * and short audits, with their leads), to show whether a submit's cost grows with the site's history.
 * BENCH_PROFILE=<folder>: the server writes a CPU profile (.cpuprofile) there when it stops.
 *
 * Prints figures beside the targets with PASS/MISS (a figure never fails the run). Any answer that is not 2xx,
 * any error or timeout, or a 2xx answer without its row fails it (exit code 1): a refused request is not
 * throughput.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../src/db/embedded.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { preloadHistory } from './preload.ts';
import { freePort, serverLog, serverWarnings, startServer, stopServer, waitForHealth } from './bench-server.ts';
import { cpuShare, cpuSnapshot, settle, type CpuShare } from './cpu.ts';
import { percentile } from './timing.ts';
import { endpointsFor, type Endpoint } from './endpoints.ts';
import { loadInChild, type LoadResult } from './load.ts';

const root = path.resolve(import.meta.dirname, '..');
const duration = Number(process.env.DURATION ?? 20);
const connections = Number(process.env.CONNECTIONS ?? 50);
const preload = Number(process.env.BENCH_PRELOAD ?? 0);
/** Seconds of unmeasured load before each endpoint's run. */
const WARM_UP_SECONDS = 3;

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('No build in dist/: run `npm run build` first, then `npm run bench:submissions` again.');
  process.exit(1);
}
// The bench measures the embedded database it creates, never a configured server; BENCH_DATABASE_URL names
// a local PostgreSQL server to measure instead (migrated first, e.g. inside scripts/with-postgres.sh).
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL;
delete process.env.DATABASE_URL;

const onPostgres = !!benchDatabaseUrl;
const endpoints = endpointsFor(onPostgres);

interface Measured {
  endpoint: Endpoint;
  result: LoadResult;
  latencies: number[];
  /** The ids the 2xx answers carried. */
  ids: string[];
  cpu: CpuShare | null;
  /** How long the server stayed busy after the run (its background work, such as the mail drain), ms. */
  busyAfter?: number | null;
}

// ---------------------------------------------------------------------------------------------------------
// The load

/** One endpoint's load, in a process of its own (bench/load.ts), with where the machine's CPU went meanwhile. */
const plan = (endpoint: Endpoint) => ({
  url: `${base}${endpoint.path}`,
  origin,
  endpoint: endpoints.indexOf(endpoint),
  onPostgres,
  connections,
  duration,
});

async function load(base: string, origin: string, endpoint: Endpoint, serverPid?: number): Promise<Measured> {
  const before = cpuSnapshot(serverPid);
  const { result, latencies, ids, cpuMs } = await loadInChild(plan(endpoint));
  const cpu = cpuShare(before, cpuSnapshot(serverPid), result.requests.total, cpuMs);
  return { endpoint, result, latencies, ids, cpu };
}

// ---------------------------------------------------------------------------------------------------------
// The report

/** Rows of the endpoint's table, and how many of them belong to a 2xx answer. */
async function storedRows(dataDir: string, measured: Measured[]) {
  const handle = await openDatabase(benchDatabaseUrl ? { url: benchDatabaseUrl } : { dataDir });
  try {
    return await Promise.all(
      measured.map(async ({ endpoint, ids }) => {
        const total = await handle.db.$count(endpoint.table);
        let answered = 0;
        const distinct = [...new Set(ids)];
        for (let i = 0; i < distinct.length; i += 5000) {
          answered += await handle.db.$count(endpoint.table, inArray(endpoint.table.id, distinct.slice(i, i + 5000)));
        }
        return { total, answered, distinct: distinct.length };
      }),
    );
  } finally {
    await handle.close();
  }
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const line = (label: string, figure: string, target = '', ok?: boolean) =>
  console.log(
    `  ${label.padEnd(30)}${figure.padStart(16)}   ${target.padEnd(10)}${ok === undefined ? '' : verdict(ok)}`,
  );

/** Prints one endpoint's figures; resolves with whether the run was sound (every request answered 2xx and stored). */
function report(
  measured: Measured,
  rows: { total: number; answered: number; distinct: number },
  warmups: number,
  preloaded: number,
): boolean {
  const { endpoint, result, ids } = measured;
  const { targets } = endpoint;
  // No answer at all (every request failed) prints NaN, not a crash: the run fails below anyway.
  const sorted = measured.latencies.length ? [...measured.latencies].sort((a, b) => a - b) : [NaN];
  const p95 = percentile(sorted, 0.95);
  const p99 = percentile(sorted, 0.99);
  const cutOff = result.requests.sent - result.requests.total;
  const failures = result.errors + result.non2xx;
  console.log(`\n${endpoint.name}`);
  const rate = result.requests.mean;
  if (targets.requestsPerSecond !== undefined) {
    line('requests/s (mean)', rate.toFixed(1), `≥ ${targets.requestsPerSecond}`, rate >= targets.requestsPerSecond);
  } else line('requests/s (mean)', rate.toFixed(1));
  line('latency p50', `${percentile(sorted, 0.5).toFixed(1)} ms`);
  if (targets.p95Ms !== undefined)
    line('latency p95', `${p95.toFixed(1)} ms`, `≤ ${targets.p95Ms} ms`, p95 <= targets.p95Ms);
  else line('latency p95', `${p95.toFixed(1)} ms`);
  if (targets.p99Ms !== undefined)
    line('latency p99', `${p99.toFixed(1)} ms`, `≤ ${targets.p99Ms} ms`, p99 <= targets.p99Ms);
  else line('latency p99', `${p99.toFixed(1)} ms`);
  line('answers', `${result.requests.total}`);
  const { cpu } = measured; // where the time went: the server, autocannon, the rest (the database, others)
  if (cpu)
    line(
      'CPU per answer: server',
      `${cpu.server.toFixed(2)} ms`,
      `autocannon ${cpu.bench.toFixed(2)} ms, rest ${cpu.rest.toFixed(2)} ms; ${Math.round(cpu.busy * 100)}% of ${cpu.cores} cores busy`,
    );
  if (measured.busyAfter != null)
    line(
      'server busy after the run',
      `${(measured.busyAfter / 1000).toFixed(1)} s`,
      'its background work (the mail drain)',
    );
  line('non-2xx answers', `${result.non2xx}`, '0', result.non2xx === 0);
  line('errors (of which timeouts)', `${result.errors} (${result.timeouts})`, '0', result.errors === 0);
  // Every 2xx id must have its own row. Rows beyond them come from the warm-up, the preloaded history and
  // requests left without an answer (cut off when the time was up), which the server may still have stored.
  const exact = rows.answered === ids.length && rows.distinct === ids.length;
  line('rows of 2xx answers', `${rows.answered} / ${ids.length}`, 'equal', exact);
  const unanswered = rows.total - rows.answered - warmups - preloaded;
  const history = preloaded ? `${preloaded} preloaded + ` : '';
  line(
    'rows in the table',
    `${rows.total}`,
    `${history}${warmups} warm-up + ${unanswered} of ${cutOff} unanswered requests`,
  );
  return failures === 0 && exact && ids.length > 0;
}

// ---------------------------------------------------------------------------------------------------------

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// The server takes its origin from the Host header (127.0.0.1:PORT here): a page it served sends that Origin.
const origin = base;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bolesta-bench-'));
// Migrated (and the history written) before the server starts: PGlite has one owner at a time.
const setup = await openDatabase(benchDatabaseUrl ? { url: benchDatabaseUrl } : { dataDir });
let preloaded = { outbox: 0, contact: 0, audits: 0 };
try {
  await applyMigrations(setup.db);
  if (preload > 0) {
    const started = performance.now();
    preloaded = await preloadHistory(setup.db, preload);
    console.log(
      `Preloaded ${preloaded.outbox} outbox rows, ${preloaded.contact} contact messages and ${preloaded.audits} short audits in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await setup.close();
}
const server = startServer(port, dataDir, benchDatabaseUrl);
// Set when the server ends before the bench stops it: its figures after that are not the server's.
let diedEarly = '';
server.once('exit', (code, signal) => (diedEarly = signal ?? `exit code ${code}`));
const cleanUp = async () => {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
};
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

try {
  await waitForHealth(base, server);
  // One submit each first, so that loading the function modules is not measured.
  for (const endpoint of endpoints) {
    await fetch(`${base}${endpoint.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(endpoint.body()),
    });
  }
  console.log(
    `Load test: ${connections} connections for ${duration} s per endpoint against scripts/serve.ts at ${base}\n` +
      `(dist/ build, ${benchDatabaseUrl ? 'PostgreSQL at BENCH_DATABASE_URL' : `embedded PGlite in ${dataDir}`}, FORM_RATE_LIMIT=100000000, a new idempotency key per request)`,
  );
  const measured: Measured[] = [];
  const warmedUp: number[] = [];
  for (const endpoint of endpoints) {
    // WARM_UP_SECONDS of the same load first, not measured: the server's code compiled hot, as a server that has
    // been running is (the first endpoint measured cold ran 5–10% slower than the second). Each request writes
    // its row: counted with the warm-up's rows below.
    const warmUp = await loadInChild({ ...plan(endpoint), duration: WARM_UP_SECONDS });
    if (warmUp.result.non2xx || warmUp.result.errors)
      throw new Error(
        `the warm-up of ${endpoint.name} had ${warmUp.result.non2xx} non-2xx answers and ${warmUp.result.errors} errors`,
      );
    warmedUp.push(warmUp.result.requests.sent);
    await settle(server.pid);
    const run = await load(base, origin, endpoint, server.pid);
    // The next endpoint starts on an idle server: this run's background work is this run's, reported as such.
    measured.push({ ...run, busyAfter: await settle(server.pid) });
  }
  const died = diedEarly;
  await stopServer(server); // lets the cut-off requests finish and closes the database for us to open
  const rows = await storedRows(dataDir, measured);
  const history = [preloaded.contact, preloaded.audits];
  const sound = measured.map((m, i) => report(m, rows[i]!, 1 + warmedUp[i]!, history[i]!)).every(Boolean);
  if (died) {
    console.log(`\nThe server ended during the run (${died}); the figures above are not a complete run.`);
    if (serverLog.length) console.log(`Last server output:\n${serverLog.join('\n')}`);
  }
  console.log(
    `\nTargets: ${onPostgres ? 'PostgreSQL: contact ≥ 600 req/s, short audits ≥ 400 req/s, p95 ≤ 150 ms' : 'embedded PGlite: p99 ≤ 1 s'};` +
      ' 0 failed requests, one row per 2xx answer. Latencies are of every answer, measured by autocannon from request to complete response.',
  );
  if (serverWarnings.size) console.log(`\nThe server warned:\n  ${[...serverWarnings].join('\n  ')}`);
  if (!sound || died) {
    console.error(
      '\nFAILED: some requests were refused, failed or timed out, or an answer has no row: not a measurement.',
    );
    if (serverLog.length) console.error(`Last server output:\n${serverLog.join('\n')}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Bench stopped: ${(error as Error).message}`);
  if (serverLog.length) console.error(`Last server output:\n${serverLog.join('\n')}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
