/**
 * The database of the functions, and the one place that picks a Postgres driver:
 * - a Neon URL: Neon's serverless driver over its WebSocket pool (transactions work);
 * - any other Postgres URL: node-postgres.
 * The embedded PGlite of `npm start` and the tests lives in `embedded.ts`, which no function imports, so a
 * deployed function can never open it (and its bundle does not carry it: `npm run check:bundles`). Local
 * processes open their database there and hand it to the functions with `useDatabase()`.
 */
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { databaseUrl, isDeployed, MisconfiguredError } from '../server/platform.ts';
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

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

const isNeon = (url: string) => /\.neon\.(tech|build)(:\d+)?\//.test(url) || /[?&]neon=1\b/.test(url);

/** Opens the Postgres server that `url` names, with the driver that fits it. */
export async function openPostgres(url: string): Promise<DbHandle> {
  if (isNeon(url)) {
    const { Pool } = await import('@neondatabase/serverless');
    const { drizzle } = await import('drizzle-orm/neon-serverless');
    const pool = new Pool({ connectionString: url });
    return { db: drizzle(pool, { schema }) as unknown as Db, driver: 'neon', close: () => pool.end() };
  }
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
  return { db: drizzle(pool, { schema }) as unknown as Db, driver: 'node-postgres', close: () => pool.end() };
}

/** Applies the committed migrations to the database a handle points at (PGlite is migrated on open). */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.driver === 'pglite') return;
  if (handle.driver === 'neon') {
    const { migrate } = await import('drizzle-orm/neon-serverless/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  }
}

// Kept on globalThis: the dev server reloads modules on edit and must keep the database it opened.
const state = globalThis as { __bolestaDb?: Promise<DbHandle> };

/**
 * The process-wide database of the functions, opened on first use: the one a local process handed over
 * with `useDatabase()`, else the server of the database URL. Without either it throws: a deployed function
 * names the missing setting (MisconfiguredError), a local one says how to get a database.
 */
export function getDb(): Promise<DbHandle> {
  state.__bolestaDb ??= openConfigured().catch((error) => {
    state.__bolestaDb = undefined; // let the next request try again
    throw error;
  });
  return state.__bolestaDb;
}

async function openConfigured(): Promise<DbHandle> {
  const url = databaseUrl();
  if (url) return openPostgres(url);
  if (isDeployed()) throw new MisconfiguredError([{ setting: 'DATABASE_URL', problem: 'is not set' }]);
  throw new Error('No database: set DATABASE_URL, or run the functions through `npm start` / `npm run dev`.');
}

/** Makes `getDb()` answer with this handle (local servers, tests). */
export function useDatabase(handle: DbHandle | Promise<DbHandle>): void {
  state.__bolestaDb = Promise.resolve(handle);
}
