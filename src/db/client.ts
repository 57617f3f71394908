/**
 * The database of the functions, and the one place that picks a Postgres driver (`chooseDatabase`):
 * - `DATABASE_URL`, any Postgres: Neon's serverless driver for a Neon URL, node-postgres for any other;
 * - else Netlify Database (`NETLIFY_DB_URL`, or the older `NETLIFY_DATABASE_URL`): the pool that
 *   `@netlify/database` hands back for the runtime (Neon's serverless pool or node-postgres).
 * drizzle is the query layer over each. A function's connections live for one invocation, as Neon advises
 * for serverless functions: opened on first use inside the invocation and closed once its answer and its
 * background work are done (`openInvocation`), so a database that suspended between two invocations never
 * hands a stale connection to the next one.
 * The embedded PGlite of `npm start` and the tests lives in `embedded.ts`, which no function imports, so a
 * deployed function can never open it (and its bundle does not carry it: `npm run check:bundles`). Local
 * processes open their database there and hand it to the functions with `useDatabase()`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { isDeployed, isPreview, MisconfiguredError, NO_DATABASE, platformEnv, type Env } from '../config/platform.ts';
import { previewReady } from './preview-data.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction()` callback gets. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'neon' | 'node-postgres';
  close(): Promise<void>;
  /** Owner of a PGlite folder only: serves it to other processes on the folder's socket. */
  share?(): Promise<string>;
}

const isNeon = (url: string) => /\.neon\.(tech|build)(:\d+)?\//.test(url) || /[?&]neon=1\b/.test(url);

/** Where the functions' database comes from, and through which driver. */
export type DatabaseChoice =
  | { source: 'DATABASE_URL'; driver: 'neon' | 'node-postgres'; url: string }
  | { source: 'NETLIFY_DB_URL' | 'NETLIFY_DATABASE_URL'; driver: 'netlify-database'; url: string };

/** The database the environment names: `DATABASE_URL` first, then Netlify Database's variables; or null. */
export function chooseDatabase(env: Env = platformEnv()): DatabaseChoice | null {
  if (env.DATABASE_URL) {
    return {
      source: 'DATABASE_URL',
      driver: isNeon(env.DATABASE_URL) ? 'neon' : 'node-postgres',
      url: env.DATABASE_URL,
    };
  }
  for (const source of ['NETLIFY_DB_URL', 'NETLIFY_DATABASE_URL'] as const) {
    const url = env[source];
    if (url) return { source, driver: 'netlify-database', url };
  }
  return null;
}

/**
 * The time limits of a function's database calls (docs/decisions/0044-faults-under-load.md): a connection within
 * 5 s (a free one from the pool too), an answer to a query within 20 s, so a database that stopped answering
 * (paused, failing over, a cut connection nobody closed) gets the visitor the form's 503 with Retry-After well
 * before Netlify ends the function at its limit (60 s; 30 s scheduled) with an error page of its own. Without
 * them node-postgres waits for ever. Scripts (migrations, benches) open without them.
 */
export const FUNCTION_DB_TIMEOUTS = { connectionTimeoutMillis: 5_000, query_timeout: 20_000 } as const;

/** Sets the functions' time limits on a node-postgres (or Neon) pool before its first connection. */
export function limitPool<P extends { options: object }>(pool: P): P {
  Object.assign(pool.options, FUNCTION_DB_TIMEOUTS);
  return pool;
}

/**
 * Opens the Postgres server that `url` names, with the driver that fits it; `timeouts`: with the functions' time
 * limits (FUNCTION_DB_TIMEOUTS).
 */
export async function openPostgres(url: string, options: { max?: number; timeouts?: boolean } = {}): Promise<DbHandle> {
  const limits = options.timeouts ? FUNCTION_DB_TIMEOUTS : {};
  if (isNeon(url)) {
    const { Pool } = await import('@neondatabase/serverless');
    const { drizzle } = await import('drizzle-orm/neon-serverless');
    const pool = new Pool({ connectionString: url, max: options.max, ...limits });
    guardPool(pool);
    return { db: drizzle(pool, { schema }) as unknown as Db, driver: 'neon', close: () => pool.end() };
  }
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const max = options.max ?? Number(process.env.DATABASE_POOL_MAX ?? 10);
  const pool = new Pool({ connectionString: url, max, ...limits });
  guardPool(pool);
  return { db: drizzle(pool, { schema }) as unknown as Db, driver: 'node-postgres', close: () => pool.end() };
}

/** Netlify Database through `@netlify/database`, with drizzle over the pool it hands back. */
async function openNetlifyDatabase(url: string): Promise<DbHandle> {
  const { getDatabase } = await import('@netlify/database');
  const connection = getDatabase({ connectionString: url });
  limitPool(connection.pool); // its pool is made without options: set before its first connection
  guardPool(connection.pool);
  const close = () => connection.pool.end();
  if (connection.driver === 'serverless') {
    const { drizzle } = await import('drizzle-orm/neon-serverless');
    return { db: drizzle(connection.pool, { schema }) as unknown as Db, driver: 'neon', close };
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  return { db: drizzle(connection.pool, { schema }) as unknown as Db, driver: 'node-postgres', close };
}

// An idle connection the server closed (a suspended database, a restart) must not crash the process:
// the pool drops it, and the next query opens a new one.
const logPoolError = (error: Error) => console.error('database connection lost:', error.message);

/**
 * The same for a connection lost while checked out (a transaction between two statements when the server
 * restarts): node-postgres emits the loss on the client, where the pool listens only while the client is idle, so
 * without a listener of its own the process would crash. The statement in flight fails (answered 503 `unavailable`),
 * and the pool drops the dead client when the transaction releases it.
 */
function guardPool(pool: {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(
    event: 'connect',
    listener: (client: { on(event: 'error', listener: (error: Error) => void): unknown }) => void,
  ): unknown;
}): void {
  pool.on('error', logPoolError);
  pool.on('connect', (client) => client.on('error', logPoolError));
}

/** Opens the database `choice` names (a few connections at most: one invocation uses them). */
export function openChoice(choice: DatabaseChoice): Promise<DbHandle> {
  return choice.driver === 'netlify-database'
    ? openNetlifyDatabase(choice.url)
    : openPostgres(choice.url, { max: 3, timeouts: true });
}

// Kept on globalThis: the dev server reloads modules on edit and must keep the database it was given.
const state = globalThis as { __bolestaDb?: Promise<DbHandle> };

interface Invocation {
  handle?: Promise<DbHandle>;
}
const invocations = new AsyncLocalStorage<Invocation>();

/**
 * The database of the current function invocation: the one a local process handed over with
 * `useDatabase()`, else the invocation's own connections to the database the environment names (outside an
 * invocation, one for the process: scripts). Without a database it throws: a deployed function names the
 * missing setting (MisconfiguredError), a local one says how to get a database.
 */
export function getDb(): Promise<DbHandle> {
  // A deploy preview's database is a copy of production's: nothing is read from it before its people are
  // pseudonymised (preview-data.ts, once per database).
  if (state.__bolestaDb) return isPreviewCopy() ? state.__bolestaDb.then(readyForPreview) : state.__bolestaDb;
  const invocation = invocations.getStore();
  if (invocation) return (invocation.handle ??= openConfigured());
  state.__bolestaDb = openConfigured().catch((error) => {
    state.__bolestaDb = undefined; // let the next call try again
    throw error;
  });
  return state.__bolestaDb;
}

/**
 * Whether this invocation's database is a preview's copy of production, to be pseudonymised: a deploy preview or
 * branch deploy on Netlify Database, whose preview branch is such a copy. With `DATABASE_URL` a preview has a
 * staging database of its own (docs/operations/own-postgres.md); should that setting name production's database by mistake,
 * pseudonymising it would destroy production's leads, so a `DATABASE_URL` database is never touched.
 */
export const isPreviewCopy = (env: Env = platformEnv()): boolean => isPreview() && !env.DATABASE_URL;

/** The handle once its database is a pseudonymised preview copy (a handle handed over: once per handle). */
const readyForPreview = async (handle: DbHandle): Promise<DbHandle> => {
  await previewReady(handle.db, handle);
  return handle;
};

async function openConfigured(): Promise<DbHandle> {
  const choice = chooseDatabase();
  if (choice) {
    const handle = await openChoice(choice);
    if (!isPreviewCopy()) return handle;
    // Once per database and process: later invocations of this instance skip even the check.
    await previewReady(handle.db, choice.url).catch(async (error: unknown) => {
      await handle.close().catch(() => {});
      throw error;
    });
    return handle;
  }
  if (isDeployed()) throw new MisconfiguredError([NO_DATABASE]);
  throw new Error('No database: set DATABASE_URL, or run the functions through `npm start` / `npm run dev`.');
}

/**
 * One function invocation's database scope: `run` the handler inside it, then `close` once its answer and
 * background work are done; connections opened meanwhile are closed then (none if a local process gave
 * its own database).
 */
export function openInvocation(): { run<T>(fn: () => Promise<T>): Promise<T>; close(): Promise<void> } {
  const invocation: Invocation = {};
  return {
    run: (fn) => invocations.run(invocation, fn),
    async close() {
      const handle = await invocation.handle?.catch(() => null);
      invocation.handle = undefined;
      await handle?.close().catch((error: Error) => console.error('database not closed:', error.message));
    },
  };
}

/** Makes `getDb()` answer with this handle (local servers, tests). */
export function useDatabase(handle: DbHandle | Promise<DbHandle>): void {
  state.__bolestaDb = Promise.resolve(handle);
}
