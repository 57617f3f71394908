/**
 * Before each test file of `npm run test:pg`: a database of the file's own, copied from the migrated
 * template of global-setup.ts (`CREATE DATABASE … TEMPLATE` takes milliseconds), named by TEST_DATABASE_URL
 * for the file, and dropped after it. Files therefore never see each other's rows and run in parallel.
 * Without a PostgreSQL server (in-memory PGlite) it does nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, inject } from 'vitest';
import { openPostgres } from '../../src/db/client.ts';
import { databaseUrl, POSTGRES_TEMPLATE } from './global-setup.ts';

const server = inject('postgresServer');
if (server) {
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
