/**
 * Before each test file of `npm run test:pg`: a database of the file's own, copied from the migrated
 * template of global-setup.ts (`CREATE DATABASE … TEMPLATE` takes milliseconds), named by TEST_DATABASE_URL
 * for the file, and dropped after it. Files therefore never see each other's rows and run in parallel.
 * Without a PostgreSQL server (in-memory PGlite) it does nothing, and imports nothing: this file runs before
 * every unit test file, most of which never touch a database, and loading drizzle and the schema in each of
 * them cost the unit step about a fifth of its time (docs/decisions/0039-test-time-budget.md).
 */
import { afterAll, inject } from 'vitest';

const server = inject('postgresServer');
if (server) {
  const [{ sql }, { openPostgres }, { databaseUrl, POSTGRES_TEMPLATE }] = await Promise.all([
    import('drizzle-orm'),
    import('../../src/db/client.ts'),
    import('./global-setup.ts'),
  ]);
  const name = `test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openPostgres(server, { max: 1 });
  await admin.db.execute(sql.raw(`create database ${name} template ${POSTGRES_TEMPLATE}`));
  process.env.TEST_DATABASE_URL = databaseUrl(server, name);
  afterAll(async () => {
    process.env.TEST_DATABASE_URL = server;
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
  }, 60_000);
}
