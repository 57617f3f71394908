/**
 * The embedded database of local processes (`npm start`, `npm run dev`, the admin CLI, tests, benches):
 * PGlite in `.data/pglite`, guarded by a lock file because two processes on one PGlite folder silently
 * lose rows; migrations are applied on open. The owner (`npm start`) shares it over the Postgres protocol on
 * a Unix socket in the data folder, and any other process that finds the folder owned connects there with
 * node-postgres instead. No function imports this module, so no deployed bundle carries PGlite.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { isDeployed } from '../config/platform.ts';
import { openPostgres, type Db, type DbHandle } from './client.ts';
import { applyMigrations } from './migrate.ts';
import * as schema from './schema.ts';

/** The Unix socket on which the owner of a data folder's PGlite serves it (named as Postgres names its own). */
export const socketPath = (dataDir: string) => path.join(dataDir, '.s.PGSQL.5432');

/** How many processes may share the owner's database at once (the multiplexer queues their queries). */
const SHARED_CONNECTIONS = 8;

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

/**
 * Opens the database of a local process: the server of `url` (default `DATABASE_URL`) when there is one,
 * else the PGlite folder of `dataDir` (opened and locked, or joined through its owner's socket);
 * `memory: true` gives a fresh in-memory PGlite (tests), started from `template` when given: a PGlite
 * `dumpDataDir()` of a migrated database, which opens in a fraction of the time a new database and its
 * migrations take (the unit tests' global set-up makes one per run). PGlite databases are migrated on open.
 * `timeouts`: a server reached by URL gets the functions' time limits (FUNCTION_DB_TIMEOUTS; `npm start`).
 */
export async function openDatabase(
  options: { url?: string; dataDir?: string; memory?: boolean; template?: Blob; timeouts?: boolean } = {},
): Promise<DbHandle> {
  const url = options.memory ? undefined : (options.url ?? process.env.DATABASE_URL);
  if (url) return openPostgres(url, { timeouts: options.timeouts });
  if (isDeployed()) throw new Error('The embedded database is for local use only; set DATABASE_URL.');
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
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
    const client = dir
      ? await PGlite.create(dir)
      : await PGlite.create(options.template ? { loadDataDir: options.template } : {});
    const db = drizzle(client, { schema });
    await applyMigrations(db as unknown as Db);
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

/** A node-postgres client of the database that another process owns and shares on its socket. */
async function connectToOwner(dataDir: string): Promise<DbHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // node-postgres reaches a Unix socket through `host` = its folder and the port in its name.
  const pool = new Pool({ host: dataDir, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
  return { db: drizzle(pool, { schema }) as unknown as Db, driver: 'node-postgres', close: () => pool.end() };
}
