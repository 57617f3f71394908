/**
 * `npm run bench:dashboard`: how long `GET /api/admin/dashboard` takes for 52 weeks over 50,000 leads, on both
 * databases the product runs on. bench/dashboard-seed.ts fills a fresh in-memory PGlite (migrated) with the
 * leads, their requests, report deliveries and openings, and the funnel's days; then the service the route calls
 * (src/features/dashboard/dashboard.ts: getDashboard) runs RUNS times (20) after one warm-up, and each of its
 * statements (queries.ts) alone, p50 and p95. Then the same on PostgreSQL 15: the empty server BENCH_DATABASE_URL
 * names, or else one that scripts/with-postgres.sh starts and removes (this script again, with --postgres). The
 * target, p95 < 300 ms for the whole dashboard, is PostgreSQL's (Netlify Database); PGlite's figures are the local
 * server's and the tests'. Exits non-zero when a query, the seed or the PostgreSQL run fails; never on a figure.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Db, DbHandle } from '../src/db/client.ts';
import { openDatabase } from '../src/db/embedded.ts';
import * as schema from '../src/db/schema.ts';
import { getDashboard } from '../src/features/dashboard/dashboard.ts';
import { agencyToday, weeksEnding, type DashboardPeriod } from '../src/features/dashboard/period.ts';
import * as queries from '../src/features/dashboard/queries.ts';
import { LEADS, seed } from './dashboard-seed.ts';
import { percentile, timeRuns } from './timing.ts';

const RUNS = Number(process.env.RUNS ?? 20);
const TARGET_P95_MS = 300;
const WEEKS = 52;
const postgresOnly = process.argv.includes('--postgres');
const postgresUrl = process.env.BENCH_DATABASE_URL ?? (postgresOnly ? process.env.TEST_DATABASE_URL : undefined);
delete process.env.DATABASE_URL; // never a configured database: the bench writes 50,000 leads

/** The statements of the dashboard, each timed alone: which one the time goes to. */
const statements: [string, (db: Db, p: DashboardPeriod) => Promise<unknown>][] = [
  ['leads by week, source, form', queries.leadCounts],
  ['first response per week', (db, p) => queries.responseTimes(db, p, new Date())],
  ['audits against 72 h', queries.auditDelivery],
  ['reports delivered and opened', queries.reportOpens],
  ['intake funnel', queries.funnelCounts],
  ['top landing pages', queries.topLandingPages],
  ['top campaigns', queries.topCampaigns],
];

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);

/** Seeds `handle` and times the dashboard on it; resolves false when something failed. */
async function benchOn(where: string, handle: DbHandle, target: boolean): Promise<boolean> {
  const db = handle.db;
  if (await db.$count(schema.leads)) throw new Error(`${where} holds leads: the bench needs an empty database.`);
  console.log(`Seeding ${where}:`);
  const started = performance.now();
  await seed(db, console.log);
  console.log(`  ${'total'.padEnd(36)}${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s\n`);

  const period = weeksEnding(agencyToday(new Date()), WEEKS);
  const reply = await getDashboard(db, period);
  const { totals } = reply;
  console.log(
    `${WEEKS} weeks (${period.from} to ${period.to}, ${reply.weeks.length} weeks touched): ${totals.leads.toLocaleString('en-US')} leads of ${LEADS.toLocaleString('en-US')}, ` +
      `${totals.answered.toLocaleString('en-US')} answered (median ${totals.medianResponseHours} h), ` +
      `${totals.auditsRequested.toLocaleString('en-US')} audits, ${totals.reportsDelivered.toLocaleString('en-US')} reports delivered`,
  );
  if (totals.leads < LEADS * 0.9 || reply.leadsBySource.length < 5 || totals.reportsDelivered === 0) {
    throw new Error('The seeded data does not reach the dashboard: the figures above should not be near empty.');
  }
  console.log(`${where}; ${RUNS} runs each after one warm-up\n`);
  console.log(`  ${'query'.padEnd(32)}${'p50'.padStart(10)}${'p95'.padStart(10)}   target`);
  let ok = true;
  const line = async (name: string, work: () => Promise<unknown>, judged: boolean) => {
    try {
      const times = await timeRuns(RUNS, work);
      const p95 = percentile(times, 0.95);
      const verdict = judged ? `p95 < ${TARGET_P95_MS} ms  ${p95 < TARGET_P95_MS ? 'PASS' : 'MISS'}` : '';
      console.log(`  ${name.padEnd(32)}${ms(percentile(times, 0.5))}${ms(p95)}   ${verdict}`);
    } catch (error) {
      ok = false;
      console.log(`  ${name.padEnd(32)} FAILED: ${(error as Error).message}`);
    }
  };
  await line('the dashboard (all, at once)', () => getDashboard(db, period), target);
  for (const [name, statement] of statements) await line(`  ${name}`, () => statement(db, period), false);
  console.log('');
  return ok;
}

/** Runs `work` on a database, closing it after; resolves false when anything failed. */
async function run(where: string, open: () => Promise<DbHandle>, target: boolean): Promise<boolean> {
  let handle: DbHandle | undefined;
  try {
    handle = await open();
    return await benchOn(where, handle, target);
  } catch (error) {
    console.error(`Bench stopped on ${where}: ${(error as Error).stack ?? error}`);
    return false;
  } finally {
    await handle?.close();
  }
}

const openPostgres = async (url: string) => {
  const handle = await openDatabase({ url });
  const { applyMigrations } = await import('../src/db/migrate.ts');
  await applyMigrations(handle.db);
  return handle;
};

let ok = true;
if (!postgresOnly) ok = await run('in-memory PGlite', () => openDatabase({ memory: true }), false);
if (postgresUrl) {
  ok = (await run('PostgreSQL', () => openPostgres(postgresUrl), true)) && ok;
} else {
  // A throwaway PostgreSQL 15 server for the second half: this script again, inside scripts/with-postgres.sh.
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawnSync(
    path.join(root, 'scripts/with-postgres.sh'),
    [process.execPath, import.meta.filename, '--postgres'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PGPORT_TEST: process.env.PGPORT_TEST ?? '54331' },
    },
  );
  if (child.status !== 0) {
    ok = false;
    console.error(
      `The PostgreSQL run failed (${child.error?.message ?? `exit ${child.status}`}): it needs Debian's PostgreSQL 15 ` +
        '(sudo apt-get install -y postgresql-15), or BENCH_DATABASE_URL naming an empty server.',
    );
  }
}
console.log(`Target: p95 < ${TARGET_P95_MS} ms for the whole dashboard of ${WEEKS} weeks on PostgreSQL.`);
if (!ok) process.exitCode = 1;
