/**
 * The one place that picks the database driver:
 * - no `DATABASE_URL`: embedded PGlite in `.data/pglite`, guarded by a lock file because two processes on
 *   one PGlite folder silently lose rows; migrations are applied on open;
 * - a Neon URL: Neon's serverless driver over its WebSocket pool (transactions work);
 * - any other Postgres URL: node-postgres.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'neon' | 'node-postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
const defaultDataDir = () => path.resolve(process.env.DATA_DIR ?? path.join(import.meta.dirname, '../../.data'));

export class DatabaseLockedError extends Error {}

/** Takes the lock of a PGlite folder, or explains who holds it. Returns the release function. */
export function lockDataFolder(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(lockFile, { force: true });
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (owner && isAlive(owner)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dir} is already open in process ${owner}. Only one process may own it: ` +
            'stop that process, or connect to a shared server through DATABASE_URL.',
        );
      }
      rmSync(lockFile, { force: true }); // left behind by a process that is gone
    }
  }
  throw new DatabaseLockedError(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const isNeon = (url: string) => /\.neon\.(tech|build)(:\d+)?\//.test(url) || /[?&]neon=1\b/.test(url);

/**
 * Opens a database. `memory: true` gives a fresh in-memory PGlite (tests); without a URL the PGlite folder
 * of `dataDir` is opened and locked. PGlite databases are migrated on open.
 */
export async function openDatabase(
  options: { url?: string; dataDir?: string; memory?: boolean } = {},
): Promise<DbHandle> {
  const url = options.memory ? undefined : (options.url ?? process.env.DATABASE_URL);
  if (!url) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const dir = options.memory ? undefined : path.join(options.dataDir ?? defaultDataDir(), 'pglite');
    const release = dir ? lockDataFolder(dir) : () => {};
    try {
      const client = dir ? await PGlite.create(dir) : await PGlite.create();
      const db = drizzle(client, { schema });
      await migrate(db, { migrationsFolder });
      return {
        db: db as unknown as Db,
        driver: 'pglite',
        close: async () => {
          await client.close();
          release();
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
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

// Kept on globalThis: the dev server reloads modules on edit, and a second PGlite on the folder must not open.
const state = globalThis as { __bolestaDb?: Promise<DbHandle> };

/** The process-wide database of the functions, opened on first use. */
export function getDb(): Promise<DbHandle> {
  state.__bolestaDb ??= openDatabase().catch((error) => {
    state.__bolestaDb = undefined; // let the next request try again
    throw error;
  });
  return state.__bolestaDb;
}

/** Makes `getDb()` answer with this handle (tests, and the local server's own database). */
export function useDatabase(handle: DbHandle | Promise<DbHandle>): void {
  state.__bolestaDb = Promise.resolve(handle);
}
