/**
 * The one place that picks the database driver:
 * - no `DATABASE_URL`: embedded PGlite in `.data/pglite`, guarded by a lock file because two processes on
 *   one PGlite folder silently lose rows; migrations are applied on open. The owner (`npm start`) shares it
 *   over the Postgres protocol on a Unix socket in the data folder, and any other process (the admin CLI,
 *   tests) that finds the folder owned connects there with node-postgres instead;
 * - a Neon URL: Neon's serverless driver over its WebSocket pool (transactions work);
 * - any other Postgres URL: node-postgres.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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

/** The Unix socket on which the owner of a data folder's PGlite serves it (named as Postgres names its own). */
export const socketPath = (dataDir: string) => path.join(dataDir, '.s.PGSQL.5432');

/** How many processes may share the owner's database at once (the multiplexer queues their queries). */
const SHARED_CONNECTIONS = 8;

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
    const dataDir = options.dataDir ?? defaultDataDir();
    const dir = options.memory ? undefined : path.join(dataDir, 'pglite');
    let release = () => {};
    if (dir) {
      try {
        release = lockDataFolder(dir);
      } catch (error) {
        // Owned by a live process that shares it: be its client rather than a second owner.
        if (error instanceof DatabaseLockedError && existsSync(socketPath(dataDir))) return connectToOwner(dataDir);
        throw error;
      }
    }
    try {
      const client = dir ? await PGlite.create(dir) : await PGlite.create();
      const db = drizzle(client, { schema });
      await migrate(db, { migrationsFolder });
      let stopSharing = async () => {};
      return {
        db: db as unknown as Db,
        driver: 'pglite',
        close: async () => {
          await stopSharing();
          await client.close();
          release();
        },
        share: dir
          ? async () => {
              const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
              const file = socketPath(dataDir);
              rmSync(file, { force: true }); // left by an owner that is gone (we hold the lock now)
              const server = new PGLiteSocketServer({ db: client, path: file, maxConnections: SHARED_CONNECTIONS });
              await server.start();
              stopSharing = async () => {
                await server.stop();
                rmSync(file, { force: true });
              };
              return file;
            }
          : undefined,
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

/** A node-postgres client of the database that another process owns and shares on its socket. */
async function connectToOwner(dataDir: string): Promise<DbHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // node-postgres reaches a Unix socket through `host` = its folder and the port in its name.
  const pool = new Pool({ host: dataDir, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
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
