/**
 * The database of a unit test file: a fresh in-memory PGlite, or the PostgreSQL server that
 * TEST_DATABASE_URL names (`npm run test:pg` starts one), migrated and emptied, so the same service tests
 * run on both. On a server the files run one after another (see the test:pg script).
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../src/db/client.ts';
import { openDatabase } from '../../src/db/embedded.ts';
import { applyMigrations } from '../../src/db/migrate.ts';

export async function openTestDatabase(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ memory: true });
  const handle = await openDatabase({ url });
  await applyMigrations(handle.db);
  const result = (await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'app_migrations'`,
  )) as unknown as { rows: { tablename: string }[] };
  const tables = result.rows.map((r) => `"${r.tablename}"`).join(', ');
  if (tables) await handle.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
  return handle;
}
