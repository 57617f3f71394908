/**
 * Pieces of one-statement writes (docs/decisions/0034-form-api-speed.md): a public submit is one SQL statement
 * of data-modifying CTEs, atomic on its own and one round trip to the database, instead of a transaction of ten.
 * Each CTE writes only when the one before it produced a row, so a submit whose key was already claimed
 * writes nothing at all.
 */
import { createHash } from 'node:crypto';
import {
  Column,
  getTableColumns,
  getTableName,
  is,
  Name,
  Param,
  SQL,
  sql,
  StringChunk,
  Table,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

type Values<T extends Table> = { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL };

/** Each value as SQL: SQL as it is; anything else a parameter encoded and cast as its column's type. */
function columnsAndValues<T extends Table>(table: T, values: Values<T>): { names: SQLWrapper[]; exprs: SQL[] } {
  const columns = getTableColumns(table);
  const names: SQLWrapper[] = [];
  const exprs: SQL[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    names.push(sql.identifier(column.name));
    const type = sql.raw(column.getSQLType());
    exprs.push(
      is(value, SQL) ? value : value === null ? sql`null::${type}` : sql`${sql.param(value, column)}::${type}`,
    );
  }
  return { names, exprs };
}

/**
 * `insert into <table> (<columns>) select <values> [from <from>]`: with `from` the name of an earlier CTE, the
 * row is written only when that CTE returned one (and once per row it returned).
 */
export function insertSelect<T extends Table>(table: T, values: Values<T>, from?: string): SQL {
  const { names, exprs } = columnsAndValues(table, values);
  const source = from ? sql` from ${sql.identifier(from)}` : sql``;
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(exprs, sql`, `)}${source}`;
}

/** The `set` list of an `on conflict … do update`: `"column" = <value>` for each entry. */
export function assignments<T extends Table>(table: T, values: Values<T>): SQL {
  const { names, exprs } = columnsAndValues(table, values);
  return sql.join(
    names.map((name, i) => sql`${name} = ${exprs[i]}`),
    sql`, `,
  );
}

/** `with <name> as (<body>), … <final>`: one statement of the CTEs in order. */
export const withCtes = (ctes: readonly (readonly [string, SQL])[], final: SQL): SQL =>
  sql`with ${sql.join(
    ctes.map(([name, body]) => sql`${sql.identifier(name)} as (${body})`),
    sql`, `,
  )} ${final}`;

/** The rows of a raw statement (`db.execute`), the same shape from every driver this project uses. */
export async function rowsOf<R>(result: Promise<unknown>): Promise<R[]> {
  return ((await result) as { rows: R[] }).rows;
}

/** What `db.execute` does inside drizzle, reached to give the statement a name. */
interface Internals {
  dialect: PgDialect;
  session: PgSession;
}

/**
 * A statement's shape (its text with every value left out) and its values, read with a walk far cheaper than
 * drizzle's renderer (which checks every chunk's class by its prototype chain); null for a statement holding a
 * chunk this walk does not know, which drizzle then renders every time.
 */
function shapeOf(query: SQL): { key: string; params: unknown[] } | null {
  const key: string[] = [];
  const params: unknown[] = [];
  const walk = (chunks: readonly unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk === undefined) continue;
      if (chunk instanceof StringChunk) key.push(chunk.value.join(''));
      else if (chunk instanceof SQL) {
        if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams || !walk(chunk.queryChunks))
          return false;
      } else if (chunk instanceof Name) key.push(`\u0001${chunk.value}`);
      else if (chunk instanceof Column) key.push(`\u0001${getTableName(chunk.table)}.${chunk.name}`);
      else if (chunk instanceof Table) key.push(`\u0001${getTableName(chunk)}`);
      else if (chunk instanceof Param) {
        const value =
          chunk.value === null
            ? null
            : (chunk.encoder as { mapToDriverValue(v: unknown): unknown }).mapToDriverValue(chunk.value);
        if (value !== null && typeof value === 'object') return false; // SQL or a placeholder: drizzle's cases
        key.push('\u0000');
        params.push(value);
      } else if (chunk === null || ['string', 'number', 'boolean'].includes(typeof chunk)) {
        key.push('\u0000');
        params.push(chunk);
      } else return false;
    }
    return true;
  };
  return walk([query]) ? { key: key.join(''), params } : null;
}

/** The text and name of each statement shape seen, or null for a shape whose values the walk did not read as drizzle does. */
const shapes = new Map<string, { sql: string; name: string } | null>();
const MAX_SHAPES = 500;

/**
 * Runs `query` as `db.execute` does, as a named prepared statement: node-postgres (and Neon's pool) parse a
 * statement of a given text once a connection and then only bind its values, so a submit's statement of some
 * kilobytes is sent and planned once, not on every request. The name is a hash of the text, so each shape of a
 * statement (a spam submit writes no mail) has its own; the text of a shape is rendered by drizzle once, and
 * kept only when the walk read the same values as drizzle did. PGlite runs it as any other statement. Raw rows.
 */
export async function runPrepared<R>(db: Db | Tx, query: SQL): Promise<R[]> {
  const { dialect, session } = db as unknown as Internals;
  const shape = shapeOf(query);
  const known = shape && shapes.get(shape.key);
  let built = known ? { sql: known.sql, params: shape.params } : null;
  let name = known?.name;
  if (!built) {
    built = dialect.sqlToQuery(query);
    name = `s_${createHash('sha1').update(built.sql).digest('base64url')}`;
    if (shape && !shapes.has(shape.key) && shapes.size < MAX_SHAPES) {
      const same = (p: unknown[]) => p.length === shape.params.length && p.every((v, i) => v === shape.params[i]);
      shapes.set(shape.key, same(built.params) ? { sql: built.sql, name } : null);
    }
  }
  return rowsOf<R>(session.prepareQuery(built, undefined, name, false).execute());
}
