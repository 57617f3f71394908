/**
 * `npm run bench:leads`: how long the portal's leads list and a lead's page take on a big database. On a fresh
 * in-memory PGlite with the migrations applied (or, with BENCH_DATABASE_URL, an empty PostgreSQL server, e.g. the
 * one scripts/with-postgres.sh starts), bench/leads-seed.ts writes 10,000 leads and 100,000 timeline entries;
 * then the services the admin API calls (src/features/leads/leads.ts: leadsQuery, listLeads; lead-timeline.ts: getLead) run
 * RUNS times (50) each after one warm-up: the list as it opens, with a search, unassigned, overdue, intake
 * requests only and a deep page, and the page of the lead with the longest history (~1,000 entries) and of a
 * typical one. Prints p50 and p95 beside the targets with PASS/MISS, then each statement's plan once (EXPLAIN
 * ANALYZE of its selects): its time and any sequential scan of a big table, where an index is missing.
 * Exits non-zero when a query fails, or when a statement of the pipeline's (the board, the stale deals, the
 * revenue) scans `leads` or `lead_events` whole (docs/decisions/0047-pipeline.md); never on a figure.
 */
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../src/db/client.ts';
import { openDatabase } from '../src/db/embedded.ts';
import * as schema from '../src/db/schema.ts';
import { getLead } from '../src/features/leads/lead-timeline.ts';
import { leadsQuery, listLeads } from '../src/features/leads/leads.ts';
import { getBoard } from '../src/features/pipeline/board.ts';
import { revenueFigures } from '../src/features/pipeline/revenue.ts';
import { staleDeals } from '../src/features/pipeline/stale.ts';
import { BIG_LEAD_ID_SQL, ENTRY_TOTAL, LEADS, seed, TYPICAL_LEAD_ID_SQL } from './leads-seed.ts';
import { percentile, timeRuns } from './timing.ts';
import { agencyToday, lastWeeks } from '../src/lib/agency-days.ts';

const RUNS = Number(process.env.RUNS ?? 50);
const TARGET_P95_MS = { list: 50, page: 50, board: 50, revenue: 50 };
/** The tables a statement of the pipeline's must never read whole: the bench fails when one does. */
const NO_SCAN_FOR_PIPELINE = ['leads', 'lead_events'];
/** The tables the bench fills: a sequential scan of one reads thousands of rows. */
const BIG_TABLES = [
  'leads',
  'contact_messages',
  'audit_submissions',
  'lead_events',
  'mail_outbox',
  'audit_log',
  'closed_deals',
];
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL;
delete process.env.DATABASE_URL; // never a configured database: the bench writes 100,000 rows

const handle = await openDatabase(benchDatabaseUrl ? { url: benchDatabaseUrl } : { memory: true });
const where = benchDatabaseUrl ? 'PostgreSQL at BENCH_DATABASE_URL' : 'in-memory PGlite';
let failed = false;

try {
  const db = handle.db;
  if (benchDatabaseUrl) {
    const { applyMigrations } = await import('../src/db/migrate.ts');
    await applyMigrations(db);
    if (await db.$count(schema.leads))
      throw new Error('BENCH_DATABASE_URL names a database with leads: the bench needs an empty one.');
  }
  console.log(`Seeding ${where}:`);
  const started = performance.now();
  await seed(db, console.log);
  // The statistics and visibility map a live database has from autovacuum, which a bulk load has not had yet.
  await db.execute(sql`vacuum analyze`);
  console.log(
    `  ${'total (then vacuum analyze)'.padEnd(44)}${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s\n`,
  );

  const ids = await db.execute(sql`select ${BIG_LEAD_ID_SQL}::text as big, ${TYPICAL_LEAD_ID_SQL}::text as typical`);
  const { big, typical } = rowsOf<{ big: string; typical: string }>(ids)[0]!;
  const viewer = 'bench-staff-1';
  const now = new Date();
  const weeks = (n: number) => lastWeeks(n, agencyToday(now));
  const list = (search: string) => (on: Db) =>
    listLeads(on, leadsQuery(new URL(`/api/admin/leads${search}`, 'http://localhost'), viewer, now));
  const cases: Case[] = [
    { name: 'list (default)', kind: 'list', run: list('') },
    { name: 'list ?q=helix', kind: 'list', run: list('?q=helix') },
    { name: 'list ?owner=unassigned', kind: 'list', run: list('?owner=unassigned') },
    { name: 'list ?state=overdue', kind: 'list', run: list('?state=overdue') },
    { name: 'list ?form=intake', kind: 'list', run: list('?form=intake') },
    { name: 'list ?page=40', kind: 'list', run: list('?page=40') },
    { name: 'lead page (~1,000 entries)', kind: 'page', run: (on) => getLead(on, big) },
    { name: 'lead page (typical)', kind: 'page', run: (on) => getLead(on, typical) },
    // The Pipeline tab and the Dashboard's revenue (docs/decisions/0047-pipeline.md).
    { name: 'board', kind: 'board', run: (on) => getBoard(on, { owner: null, source: null }, weeks(4), now) },
    {
      name: 'board ?owner=mine',
      kind: 'board',
      run: (on) => getBoard(on, { owner: viewer, source: null }, weeks(4), now),
    },
    {
      name: 'board ?source=linkedin',
      kind: 'board',
      run: (on) => getBoard(on, { owner: null, source: 'linkedin' }, weeks(4), now),
    },
    { name: 'stale deals (daily alert)', kind: 'board', run: (on) => staleDeals(on, now) },
    { name: 'revenue, 4 weeks', kind: 'revenue', run: (on) => revenueFigures(on, weeks(4)) },
    { name: 'revenue, 52 weeks', kind: 'revenue', run: (on) => revenueFigures(on, weeks(52)) },
  ];

  console.log(
    `${LEADS.toLocaleString('en-US')} leads, ${ENTRY_TOTAL.toLocaleString('en-US')} timeline entries, ${where}; ${RUNS} runs each after one warm-up\n`,
  );
  console.log(`  ${'query'.padEnd(30)}${'rows'.padStart(7)}${'p50'.padStart(10)}${'p95'.padStart(10)}   target`);
  for (const c of cases) {
    try {
      const size = sizeOf(await c.run(db));
      const times = await timeRuns(RUNS, () => c.run(db));
      const p95 = percentile(times, 0.95);
      const target = TARGET_P95_MS[c.kind];
      console.log(
        `  ${c.name.padEnd(30)}${size.padStart(7)}${ms(percentile(times, 0.5))}${ms(p95)}   p95 < ${target} ms  ${p95 < target ? 'PASS' : 'MISS'}`,
      );
    } catch (error) {
      failed = true;
      console.log(`  ${c.name.padEnd(30)} FAILED: ${(error as Error).message}`);
    }
  }

  console.log('\nPlans (each statement of one run; EXPLAIN ANALYZE of its selects):');
  const scans = new Set<string>();
  const pipelineScans = new Set<string>();
  for (const c of cases) {
    const statements = await capture(handle.db, c.run).catch((error: Error) => {
      failed = true;
      console.log(`\n  ${c.name}: FAILED: ${error.message}`);
      return [];
    });
    if (!statements.length) continue;
    console.log(`\n  ${c.name}: ${statements.length} statement(s)`);
    for (const s of statements) {
      const plan = await explain(handle.db, s);
      const found = plan ? bigTableScans(plan.Plan) : [];
      for (const scan of found) scans.add(`${scan.table}: ${c.name}`);
      const refused =
        c.kind === 'board' || c.kind === 'revenue' ? found.filter((f) => NO_SCAN_FOR_PIPELINE.includes(f.table)) : [];
      for (const scan of refused) pipelineScans.add(`${scan.table}: ${c.name}: ${s.query.replace(/\s+/g, ' ')}`);
      const took = plan ? `${plan['Execution Time'].toFixed(1).padStart(7)} ms` : '    (not a select)';
      const seq = found.length ? `  SEQ SCAN ${found.map((f) => `${f.table} (${f.rows} rows)`).join(', ')}` : '';
      console.log(`    ${took}  ${s.query.replace(/\s+/g, ' ').slice(0, 110)}${seq}`);
    }
  }
  console.log(
    scans.size
      ? `\nSequential scans of big tables (an index may be missing):\n${[...scans].map((s) => `  ${s}`).join('\n')}`
      : '\nNo sequential scan of a big table.',
  );
  if (pipelineScans.size) {
    failed = true;
    console.log(
      `\nFAIL: the pipeline's statements must not scan ${NO_SCAN_FOR_PIPELINE.join(' or ')} whole:\n${[...pipelineScans].map((x) => `  ${x}`).join('\n')}`,
    );
  } else console.log(`\nNo statement of the pipeline's scans ${NO_SCAN_FOR_PIPELINE.join(' or ')} whole.`);
  console.log(
    `\nTargets: p95 < ${TARGET_P95_MS.list} ms for a list page, < ${TARGET_P95_MS.page} ms for a lead's page, < ${TARGET_P95_MS.board} ms for the board, < ${TARGET_P95_MS.revenue} ms for the revenue.`,
  );
} catch (error) {
  failed = true;
  console.error(`Bench stopped: ${(error as Error).stack ?? error}`);
} finally {
  await handle.close();
}
if (failed) process.exitCode = 1;

interface Case {
  name: string;
  kind: 'list' | 'page' | 'board' | 'revenue';
  run: (db: Db) => Promise<unknown>;
}

/** A node of a JSON plan. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/** The sequential scans of big tables in a plan, with the rows each read (kept and filtered out). */
function bigTableScans(node: PlanNode): { table: string; rows: number }[] {
  const own =
    node['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(node['Relation Name'] ?? '')
      ? [
          {
            table: node['Relation Name']!,
            rows:
              node['Actual Rows'] === undefined
                ? node['Plan Rows']
                : node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0),
          },
        ]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(bigTableScans)];
}

interface Statement {
  query: string;
  params: unknown[];
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`.padStart(10);
}

/** How many rows an answer holds: a list's items (of its total), a lead's timeline entries, a board's cards. */
function sizeOf(answer: unknown): string {
  if (Array.isArray(answer)) return `${answer.length}`;
  const b = answer as { columns?: { cards: unknown[] }[]; wonCount?: number; lostCount?: number };
  if (b.columns) return `${b.columns.reduce((n, c) => n + c.cards.length, 0)}`;
  if (b.wonCount !== undefined) return `${b.wonCount + (b.lostCount ?? 0)}`;
  const a = answer as { items?: unknown[]; total?: number; timeline?: unknown[] };
  if (a.items) return `${a.items.length}/${a.total}`;
  return a.timeline ? `${a.timeline.length}` : '';
}

/** The rows of a `db.execute` result, whichever driver answered. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? result) as T[];
}

/** The statements one run of `work` sends, caught by a logger on a second drizzle over the same connection. */
async function capture(db: Db, work: Case['run']): Promise<Statement[]> {
  const statements: Statement[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void statements.push({ query, params }) };
  const client = (db as unknown as { $client: unknown }).$client;
  const logged = benchDatabaseUrl
    ? (await import('drizzle-orm/node-postgres')).drizzle(client as never, { schema, logger })
    : drizzle(client as PGlite, { schema, logger });
  await work(logged as unknown as Db);
  return statements;
}

/** EXPLAIN ANALYZE of a select (null for any other statement: it would run again). */
async function explain(db: Db, statement: Statement): Promise<{ Plan: PlanNode; 'Execution Time': number } | null> {
  if (!/^\s*(select|with)\b/i.test(statement.query)) return null;
  const client = (db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: unknown[] }> } })
    .$client;
  const result = await client.query(`explain (analyze, format json) ${statement.query}`, statement.params);
  const row = result.rows[0] as Record<string, unknown>;
  const json = row['QUERY PLAN'];
  const plans = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode; 'Execution Time': number }[];
  return plans[0]!;
}
