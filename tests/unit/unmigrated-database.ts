/**
 * A database of a test file's own, not yet migrated: for the tests of a migration's own statements (a backfill run
 * on rows made by the migrations before it). On PostgreSQL (the pg step) a scratch database named `name` beside the
 * file's own, dropped on close; otherwise a new in-memory PGlite.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { openDatabase } from '../../src/db/embedded.ts';

export async function unmigratedDatabase(name: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = await openDatabase({ url: serverUrl });
    await admin.db.execute(sql.raw(`drop database if exists ${name}`));
    await admin.db.execute(sql.raw(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString() });
    return {
      db: handle.db,
      close: async () => {
        await handle.close();
        await admin.db.execute(sql.raw(`drop database if exists ${name}`));
        await admin.close();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create();
  return { db: drizzle(client) as unknown as Db, close: () => client.close() };
}
