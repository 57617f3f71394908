/**
 * A deploy preview's database starts as a copy of production's, leads included (Netlify Database branches it;
 * docs/decisions/0025). The agency decides what of it a preview may hold (docs/privacy.md, "Deploy previews"):
 * its staff accounts, so staff sign in as on production; the site's own content; counters and the system's own
 * words. Every person in it is replaced by an invented one before the preview serves anything: the first
 * invocation that opens the database in a preview context runs `pseudonymisePreview`, once per database (the
 * `preview_data` row), under an advisory lock so two functions starting at once do it once, in one transaction
 * so a failure leaves it as it was and the next invocation tries again.
 * What is invented, kept or deleted is `PREVIEW_DATA` (preview-plan.ts).
 */
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PREVIEW_DATA, type Invented, type TablePlan } from './preview-plan.ts';
import { AUDIT_SYSTEM_KEYS } from './schema.ts';
import type * as schema from './schema.ts';

export { PREVIEW_DATA, type TablePlan } from './preview-plan.ts';

/** client.ts's Db (not imported from there: client.ts calls this module). */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Action log and timeline detail keys whose values may be the system's own words (statuses, roles, ids). */
const SYSTEM_DETAIL_KEYS = [
  ...AUDIT_SYSTEM_KEYS,
  'list',
  'rows',
  'ended',
  'session',
  'erasedLead',
  // A booking event's facts (docs/decisions/0046-bookings-from-the-schedulers.md): the call's times.
  'startsAt',
  'endsAt',
];

/** The SQL that invents a column's value from the row's seed; empty and null stay as they are. */
function invention(column: string, kind: Invented, seed: string): string {
  const c = quoted(column);
  const hash = (salt: string, length: number) => `substr(md5((${seed})::text || ':${salt}'), 1, ${length})`;
  const unlessEmpty = (value: string) => `CASE WHEN ${c} IS NULL OR ${c} = '' THEN ${c} ELSE ${value} END`;
  switch (kind) {
    case 'name':
      return unlessEmpty(`'Preview Person ' || upper(${hash('name', 6)})`);
    case 'email':
      return unlessEmpty(`'person-' || ${hash('email', 12)} || '@preview.invalid'`);
    case 'phone':
      return unlessEmpty(`'+1 555 0100'`);
    case 'company':
      return unlessEmpty(`'Preview Company ' || upper(${hash('company', 4)})`);
    case 'text':
      return unlessEmpty(`'Invented for the deploy preview.'`);
    case 'url':
      return unlessEmpty(`'https://www.example.com/'`);
    case 'secret':
      // A link's hash no token has: a real link answers nothing on a preview; each row its own (a unique index).
      return `'preview-' || md5(random()::text || clock_timestamp()::text || ${c})`;
    case 'null':
      return 'NULL';
    case 'list':
      return `'[]'::jsonb`;
    case 'detail': {
      const keys = SYSTEM_DETAIL_KEYS.map((k) => `'${k}'`).join(', ');
      // Numbers and booleans stay; a string only under a system key and only as a word, an id or a date.
      return `coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(${c}) WHERE jsonb_typeof(value) IN ('number', 'boolean', 'null') OR (jsonb_typeof(value) = 'string' AND key IN (${keys}) AND (value #>> '{}') ~ '^[A-Za-z0-9_.:-]{0,64}$')), '{}'::jsonb) || '{"redacted": "preview"}'::jsonb`;
    }
  }
}

/** The statements that make a copy of production a preview's database, in order. */
export function previewStatements(plans: Record<string, TablePlan> = PREVIEW_DATA): string[] {
  const statements: string[] = [];
  for (const [table, plan] of Object.entries(plans)) {
    if (plan.rows === 'delete') {
      statements.push(`DELETE FROM ${quoted(table)}`);
      continue;
    }
    if (plan.deleteWhere) statements.push(`DELETE FROM ${quoted(table)} WHERE ${plan.deleteWhere}`);
    const invent = Object.entries(plan.invent ?? {});
    if (!invent.length) continue;
    const seed = plan.seed ?? 'id';
    const set = invent.map(([column, kind]) => `${quoted(column)} = ${invention(column, kind, seed)}`).join(', ');
    statements.push(`UPDATE ${quoted(table)} SET ${set}`);
  }
  return statements;
}

// Any fixed number (the migrations use 7_424_011): two functions starting at once pseudonymise once.
const LOCK = 7_424_012;

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const countOf = (result: unknown) =>
  Number((result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? 0) ||
  Number((result as { affectedRows?: number }).affectedRows ?? 0);

/**
 * Pseudonymises this database unless it was already (one transaction, under the lock). Answers the rows
 * touched by table, or null when an earlier run did it.
 */
export async function pseudonymisePreview(db: Db): Promise<Record<string, number> | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    if (rowsOf(await tx.execute(sql`select 1 from preview_data`)).length) return null;
    const counts: Record<string, number> = {};
    for (const statement of previewStatements()) {
      const table = /^(?:DELETE FROM|UPDATE) "([^"]+)"/.exec(statement)![1]!;
      counts[table] = (counts[table] ?? 0) + countOf(await tx.execute(sql.raw(statement)));
    }
    await tx.execute(sql`insert into preview_data (id, counts) values (1, ${JSON.stringify(counts)}::jsonb)`);
    return counts;
  });
}

/** Databases this process already saw pseudonymised (by handle or connection string): one check each. */
const ready = new WeakMap<object, Promise<void>>();
const readyUrls = new Map<string, Promise<void>>();

/**
 * Resolves once the database of `key` is a preview's pseudonymised copy: the first call of a process runs
 * (or finds done) `pseudonymisePreview`; a failure is not remembered, so the next invocation tries again.
 */
export function previewReady(db: Db, key: object | string): Promise<void> {
  const known = typeof key === 'string' ? readyUrls.get(key) : ready.get(key);
  if (known) return known;
  const done = pseudonymisePreview(db).then((counts) => {
    if (counts) console.log(`preview: the copy of production's data pseudonymised (${JSON.stringify(counts)})`);
  });
  const remember = (value: Promise<void> | undefined) =>
    typeof key === 'string'
      ? value
        ? readyUrls.set(key, value)
        : readyUrls.delete(key)
      : value
        ? ready.set(key, value)
        : ready.delete(key);
  remember(done);
  done.catch(() => remember(undefined));
  return done;
}
