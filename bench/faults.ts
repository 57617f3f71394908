/**
 * `npm run bench:faults`: what leads lose when a part fails under load (docs/decisions/0044-faults-under-load.md).
 * A throwaway PostgreSQL 15 (bench/faults/cluster.ts), a Resend stand-in (bench/faults/mail-provider.ts) and the
 * local server (scripts/serve.ts on the build, DATABASE_URL on that cluster, RESEND_BASE_URL on the stand-in); per
 * scenario (bench/faults/scenarios.ts) a fresh database, CONNECTIONS clients (20) submitting contact messages for
 * LOAD_SECONDS (30) and retrying any refusal with the same idempotency key (bench/faults/clients.ts), a fault
 * injected at FAULT_AT seconds (8), then the outbox left to drain, and the checker (bench/faults/checker.ts) over what
 * every client was told against what the database kept and the provider received. Prints the table; exits 1 on any
 * lost, duplicated or unanswered-yet-stored submit, lost or duplicated mail, undocumented answer, or a recovery
 * slower than stated; 2 when a scenario could not run as planned (its workload late for its fault, or the bench
 * stopped from outside), naming what was late (bench/faults/outcome.ts). FAULTS=db-kill,mail-down runs only those scenarios. Ports: PostgreSQL FAULTS_PG_PORT (54352),
 * server FAULTS_PORT (4431), mail stand-in FAULTS_MAIL_PORT (4432), the connection-cutting proxy in front of
 * PostgreSQL FAULTS_PROXY_PORT (54353), the file store's fault proxy FAULTS_BLOBS_PORT (4433: the server's Blobs,
 * bench/faults/blobs-store.ts, through LOCAL_BLOBS_CONTEXT). Upload scenarios run the upload clients
 * (bench/faults/uploads.ts) and their checker (bench/faults/upload-checker.ts) instead, the erasure scenario uploads
 * and then an admin's erasures (bench/faults/erasure.ts), bookings-db-kill a scheduler (bench/faults/bookings.ts).
 * THINK_MS (150): each client's pause between submits. FAULTS_KEEP_LOG=1 keeps the log of a run that passed.
 */
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { openPostgres, type Db } from '../src/db/client.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { startServer, stopServer, waitForHealth } from './bench-server.ts';
import { startCluster } from './faults/cluster.ts';
import { startCutProxy } from './faults/proxy.ts';
import { startMailProvider } from './faults/mail-provider.ts';
import { startFaultyBlobs } from './faults/blobs-store.ts';
import { runUploads } from './faults/uploads.ts';
import { checkUploads } from './faults/upload-checker.ts';
import { checkErasures, runErasureLoad } from './faults/erasure.ts';
import { runClients, type Attempt, type LoadPlan } from './faults/clients.ts';
import { BENCH_CALENDLY_KEY, bookingsWorkload } from './faults/bookings.ts';
import { check, pendingMail, type Verdict } from './faults/checker.ts';
import { scenarios, type Scenario } from './faults/scenarios.ts';
import { printTable, spread, type Row } from './faults/table.ts';
import { ANSWERS_AGAIN_WITHIN_S, MAIL_CAUGHT_UP_WITHIN_S, outcome, statusOf } from './faults/outcome.ts';

const root = path.resolve(import.meta.dirname, '..');
const connections = Number(process.env.CONNECTIONS ?? 20);
const loadMs = Number(process.env.LOAD_SECONDS ?? 30) * 1000;
const faultAt = Number(process.env.FAULT_AT ?? 8) * 1000;
const pgPort = Number(process.env.FAULTS_PG_PORT ?? 54352);
const port = Number(process.env.FAULTS_PORT ?? 4431);
const mailPort = Number(process.env.FAULTS_MAIL_PORT ?? 4432);
const blobsPort = Number(process.env.FAULTS_BLOBS_PORT ?? 4433);
const proxyPort = Number(process.env.FAULTS_PROXY_PORT ?? 54353);
/** Submits not 2xx this long after the load's end are given up (and checked as refused). */
const GIVE_UP_AFTER_LOAD_MS = 90_000;

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('No build in dist/: run `npm run build` first, then `npm run bench:faults` again.');
  process.exit(1);
}
delete process.env.DATABASE_URL;
const chosen = process.env.FAULTS?.split(',').map((s) => s.trim());
const toRun = chosen ? scenarios.filter((s) => chosen.includes(s.name)) : scenarios;

const work = mkdtempSync(path.join(tmpdir(), 'bolesta-faults-'));
const serverLog = createWriteStream(path.join(work, 'server.log'));
const cluster = startCluster(pgPort);
const provider = await startMailProvider(mailPort);
const blobs = await startFaultyBlobs(path.join(work, 'blobs'), blobsPort);
process.env.NETLIFY_BLOBS_CONTEXT = blobs.context; // the checker reads the documents the server kept
const proxy = await startCutProxy(proxyPort, pgPort);
let server: ChildProcess | undefined;
const cleanUp = async () => {
  if (server) await stopServer(server);
  await provider.close();
  await blobs.close();
  await proxy.close();
  cluster.remove();
  serverLog.end();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

const base = `http://127.0.0.1:${port}`;
const prefixed = (prefix: string, counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).map(([k, v]) => [`${prefix} ${k}`, v]));
const sleep = (ms: number) => new Promise<void>((wake) => setTimeout(wake, Math.max(0, ms)));

function spawnServer(databaseUrl: string, dataDir: string): ChildProcess {
  const child = startServer(port, dataDir, databaseUrl, {
    RESEND_API_KEY: 're_bench_faults',
    RESEND_BASE_URL: provider.url,
    LOCAL_BLOBS_CONTEXT: blobs.context,
    CALENDLY_WEBHOOK_SIGNING_KEY: BENCH_CALENDLY_KEY,
  });
  child.stderr!.on('data', (chunk: string) => serverLog.write(chunk));
  return child;
}

/**
 * Starts the scenario's clients: `done` resolves with every attempt they made once the load is over, and `check`
 * then gives the checker's verdict over what they were told (each workload has its own checker). `ready` resolves
 * once what the fault needs in place is there (the erasure workload's uploads whole; at once for the others).
 */
async function startWorkload(
  scenario: Scenario,
  plan: LoadPlan,
  url: string,
): Promise<{ done: Promise<Attempt[]>; ready: Promise<void>; check(db: Db): Promise<Verdict> }> {
  const noAnswerExpected = !!scenario.noAnswerExpected;
  if (scenario.workload === 'erasure') {
    // The erasure workload's admin is made in the scenario's database, as `npm run admin` makes one.
    const staff = await openPostgres(url, { max: 2 });
    const uploaded = Promise.withResolvers<void>();
    const load = runErasureLoad(plan, staff.db, blobs, faultAt, uploaded.resolve).finally(() => {
      uploaded.resolve(); // a load that failed holds no fault back
      return staff.close();
    });
    return {
      ready: uploaded.promise,
      done: load.then(({ uploads, erasures }) => [...uploads, ...erasures].flatMap((u) => u.attempts)),
      async check(db) {
        const erasures = await load;
        const { verdict, drainedInS } = await checkErasures(db, erasures);
        const began = erasures.faultBegan === undefined ? 'never' : `at ${(erasures.faultBegan / 1000).toFixed(1)} s`;
        console.log(
          `  ${scenario.name}: the store failed ${began} (FAULT_AT ${faultAt / 1000} s, or once the uploads were over); ` +
            `the housekeeping's drain emptied the queue in ${drainedInS.toFixed(1)} s`,
        );
        return verdict;
      },
    };
  }
  if (scenario.workload === 'bookings') return bookingsWorkload(plan, () => provider.deliveries, noAnswerExpected);
  if (scenario.workload === 'uploads') {
    const load = runUploads(plan);
    return {
      ready: Promise.resolve(),
      done: load.then((uploads) => uploads.flatMap((u) => u.attempts)),
      check: async (db) => checkUploads(db, await load, noAnswerExpected),
    };
  }
  const load = runClients(plan);
  return {
    ready: Promise.resolve(),
    done: load.then((submits) => submits.flatMap((s) => s.attempts)),
    check: async (db) => check(db, scenario.name, await load, provider.deliveries, noAnswerExpected),
  };
}

async function runScenario(scenario: Scenario, index: number): Promise<Row> {
  const name = `faults_${index}`;
  const admin = await openPostgres(cluster.url(), { max: 1 });
  await admin.db.execute(`create database ${name}`);
  await admin.close();
  const url = cluster.url(name);
  // The server's own connections, through the cutting proxy where the scenario cuts them.
  const serverUrl = scenario.viaProxy ? proxy.url(name) : url;
  const setup = await openPostgres(url, { max: 1 });
  await applyMigrations(setup.db);
  await setup.close();
  provider.reset();
  blobs.reset();
  const dataDir = path.join(work, scenario.name);
  serverLog.write(`\n=== ${scenario.name} ===\n`);
  server = spawnServer(serverUrl, dataDir);
  await waitForHealth(base, server);
  // One submit first, so loading the function modules is not part of the run.
  await fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: 'Warm Up',
      email: 'warmup@bench.example',
      company: 'Warm-up',
      message: 'Loading the function modules before the run.',
      consent: true,
      website: '',
      fillMs: 60_000,
      idempotencyKey: crypto.randomUUID(),
    }),
  });

  const startedAt = Date.now();
  const since = () => Date.now() - startedAt;
  // A bench stopped from outside (SIGSTOP; a shared machine's measurements) sees its timers fire late all at once:
  // its figures and time-outs are then not the system's. A gap over 5 s in a 1 s tick voids the scenario.
  let lastTick = Date.now();
  let stoppedFor = 0;
  const watchdog = setInterval(() => {
    stoppedFor = Math.max(stoppedFor, Date.now() - lastTick - 1000);
    lastTick = Date.now();
  }, 1000);
  const plan = {
    base,
    scenario: scenario.name,
    connections,
    loadMs,
    giveUpAt: loadMs + GIVE_UP_AFTER_LOAD_MS,
    startedAt,
  };
  const workload = await startWorkload(scenario, plan, url);
  const load = workload.done;
  load.catch(() => {}); // a workload that fails is reported at its await below, not as an unhandled rejection
  const back = await scenario.inject(
    {
      cluster,
      provider,
      blobs,
      proxy,
      killServer: () => void server!.kill('SIGKILL'),
      restartServer: async () => {
        server = spawnServer(serverUrl, dataDir);
      },
      since,
      until: (ms) => sleep(ms - since()),
      ready: () => workload.ready,
    },
    faultAt,
  );
  const attempts = await load;
  console.log(`  ${scenario.name}: load done at ${(since() / 1000).toFixed(1)} s, draining the outbox…`);

  const check$ = await openPostgres(url, { max: 2 });
  let verdict: Verdict;
  try {
    const drainBound = back + MAIL_CAUGHT_UP_WITHIN_S * 1000;
    while (since() < drainBound && (await pendingMail(check$.db)) > 0) await sleep(1000);
    await sleep(500); // a round that sent its last mail marks it sent in its last statement
    verdict = await workload.check(check$.db);
  } finally {
    clearInterval(watchdog); // it watched the load and the outbox's draining, whose bound is in wall time too
    await check$.close();
  }
  await stopServer(server);
  server = undefined;

  const firstAfter = attempts
    .filter((a) => a.at >= back && typeof a.told === 'number' && a.told < 300)
    .reduce((first, a) => Math.min(first, a.at), Infinity);
  // Nothing sent after the part's return (a workload late for its fault): the recovery was not measured.
  const sentAfter = attempts.some((a) => a.at >= back);
  const answersAgain = sentAfter ? (firstAfter - back) / 1000 : null;
  const notRun = [...verdict.notRun];
  if (!sentAfter) notRun.push(`nothing was sent after the part's return at ${(back / 1000).toFixed(1)} s`);
  const lastMail = provider.deliveries.reduce((last, d) => Math.max(last, d.at - startedAt), 0);
  const mailCaughtUp = Math.max(0, (lastMail - back) / 1000);
  const interrupted = stoppedFor > 5000 ? stoppedFor : 0;
  return {
    scenario,
    connections,
    loadMs,
    verdict,
    answersAgain,
    mailCaughtUp,
    providerRequests: scenario.workload
      ? { ...provider.requests, ...prefixed('store', blobs.requests) }
      : provider.requests,
    interrupted,
    notRun,
    storeCalls: scenario.workload ? spread(blobs.forwardedMs) : undefined,
  };
}

const rows: Row[] = [];
let broken = false;
try {
  console.log(
    `Fault bench: ${toRun.length} scenarios, ${connections} connections × ${loadMs / 1000} s each, fault at ${faultAt / 1000} s\n` +
      `(PostgreSQL 15 on ${pgPort}, server on ${port}, mail stand-in on ${mailPort}; server log: ${path.join(work, 'server.log')})`,
  );
  for (const [i, scenario] of toRun.entries()) {
    console.log(`\n${scenario.name}: ${scenario.injected}`);
    const row = await runScenario(scenario, i);
    rows.push(row);
    const { verdict } = row;
    const status = statusOf(row);
    const away = (row.interrupted / 1000).toFixed(0);
    if (status === 'interrupted') console.log(`  INTERRUPTED: stopped from outside for ${away} s; run it again`);
    console.log(
      `  told: ${verdict.told}; provider: ${JSON.stringify(row.providerRequests)}${scenario.viaProxy ? `; proxy: ${proxy.resets} connections reset in all` : ''}`,
    );
    if (row.storeCalls) console.log(`  store calls forwarded: ${row.storeCalls}`);
    for (const line of verdict.differences) console.log(`  DIFFERENCE ${line}`);
    for (const line of row.notRun) console.log(`  NOT RUN ${line}`);
    console.log(`  ${status === 'interrupted' ? 'INTERRUPTED' : status}`);
  }
  printTable(rows);
  console.log(
    `\nStated recovery: a 2xx answer within ${ANSWERS_AGAIN_WITHIN_S} s of the part's return, every queued mail delivered within ${MAIL_CAUGHT_UP_WITHIN_S} s.`,
  );
  console.log(`\n${outcome(rows).line}`);
} catch (error) {
  broken = true;
  console.error('The bench itself failed:', error);
  console.error(`Server log: ${path.join(work, 'server.log')}`);
}
const exitCode = broken ? 1 : outcome(rows).exitCode;
try {
  await cleanUp();
} finally {
  if (exitCode === 0 && !process.env.FAULTS_KEEP_LOG) rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
