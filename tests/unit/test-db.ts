/**
 * The database of a unit test file: a fresh in-memory PGlite loaded from the run's migrated template
 * (global-setup.ts), or the PostgreSQL database that TEST_DATABASE_URL names (`npm run test:pg` starts a
 * server; setup-database.ts gives each file its own database copied from a migrated template), migrated and
 * emptied, so the same service tests run on both.
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject, vi } from 'vitest';
import { useDatabase, type Db, type DbHandle } from '../../src/db/client.ts';
import { openDatabase } from '../../src/db/embedded.ts';
import { applyMigrations } from '../../src/db/migrate.ts';
import { rateLimits } from '../../src/db/schema.ts';
import { forgetPauseReads } from '../../src/server/mail/provider-pause.ts';

let template: Promise<Blob> | undefined;

/** The dump of the migrated PGlite that global-setup.ts wrote, read once per file; none outside vitest's run. */
export function pgliteTemplate(): Promise<Blob> | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  return (template ??= readFile(file).then((bytes) => new Blob([bytes])));
}

export async function openTestDatabase(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ memory: true, template: await pgliteTemplate() });
  const handle = await openDatabase({ url });
  await applyMigrations(handle.db);
  const result = (await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'app_migrations'`,
  )) as unknown as { rows: { tablename: string }[] };
  const tables = result.rows.map((r) => `"${r.tablename}"`);
  if (tables.length) await truncateTables(handle.db, tables, 'restart identity cascade');
  return handle;
}

/**
 * Empties `tables` with TRUNCATE, the append-only audit_log too: its trigger refuses TRUNCATE from the
 * application, so a test (the database's owner) switches triggers off for the one transaction, as only a
 * superuser can (docs/privacy.md: the application's role cannot).
 */
export async function truncateTables(db: Db, tables: readonly string[], options = 'cascade'): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(`truncate ${tables.join(', ')} ${options}`));
  });
}

export interface TestDatabaseOptions {
  /** Tables emptied before each test, in this order (rows that point at others first). */
  empty?: PgTable[];
  /** Tables emptied with TRUNCATE … CASCADE (append-only ones whose trigger refuses DELETE; what points at them goes too). */
  truncate?: string[];
  /** Leaves the functions' database (getDb) alone, for tests that call the services with `handle.db`. */
  serviceOnly?: boolean;
}

/**
 * Opens the file's test database before its tests (and hands it to the functions, as getDb), closes it
 * after them, and empties the tables named before each test. The handle it returns reads the database
 * lazily, so it can be taken at the top of the file.
 */
export function useTestDatabase({
  empty = [],
  truncate = [],
  serviceOnly = false,
}: TestDatabaseOptions = {}): DbHandle {
  let opened: DbHandle | undefined;
  const current = () => {
    if (!opened) throw new Error('the test database opens in beforeAll');
    return opened;
  };
  beforeAll(async () => {
    opened = await openTestDatabase();
    if (!serviceOnly) useDatabase(opened);
  }, 60_000);
  afterAll(() => opened?.close());
  if (empty.length || truncate.length)
    beforeEach(async () => {
      const { db } = current();
      for (const table of empty) await db.delete(table);
      // The mail drain's pauses are read at most every few seconds; emptied, they must be read again.
      if (empty.includes(rateLimits)) forgetPauseReads();
      for (const table of truncate) await truncateTables(db, [table]);
    });
  return {
    get db(): Db {
      return current().db;
    },
    get driver() {
      return current().driver;
    },
    close: () => current().close(),
  };
}

type ConsoleMethod = 'log' | 'info' | 'warn' | 'error';

/**
 * Silences the console methods named in every test of the file (the console mail transport prints each
 * mail, better-auth logs refused attempts); every spy is restored after each test.
 */
export function quietConsole(...methods: ConsoleMethod[]): void {
  beforeEach(() => {
    for (const method of methods) vi.spyOn(console, method).mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());
}

/**
 * Makes every query of the code under test fail as when the database server is unreachable (the next
 * `useTestDatabase` test opens the real one again).
 */
export function databaseDown(): void {
  const down = new Proxy({} as DbHandle['db'], {
    get() {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    },
  });
  useDatabase({ db: down, driver: 'node-postgres', close: async () => {} });
}
