/**
 * Once per vitest run, before any test file: the migrated database every test file starts from, so no file
 * creates a database and runs all the migrations itself (that was most of the unit step's time).
 * - In-memory PGlite (no TEST_DATABASE_URL): a migrated PGlite dumped to a temporary file (`dumpDataDir`);
 *   `openTestDatabase` (test-db.ts) loads it.
 * - PostgreSQL (`npm run test:pg`): a migrated database `test_template` on that server; each test file gets its
 *   own copy (`CREATE DATABASE … TEMPLATE`, setup-database.ts), so the files run in parallel.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openPostgres, type Db } from '../../src/db/client.ts';
import { applyMigrations } from '../../src/db/migrate.ts';
import * as schema from '../../src/db/schema.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file of the migrated PGlite's dump (in-memory runs). */
    pgliteTemplate?: string;
    /** The PostgreSQL server's URL, whose `test_template` database each test file copies (`npm run test:pg`). */
    postgresServer?: string;
  }
}

/** The migrated database on the PostgreSQL server that every test file copies. */
export const POSTGRES_TEMPLATE = 'test_template';

/** `url` with its database replaced by `database`. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const admin = await openPostgres(server, { max: 1 });
    const run = (statement: string) => admin.db.execute(sql.raw(statement));
    await run(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
    await run(`create database ${POSTGRES_TEMPLATE}`);
    const template = await openPostgres(databaseUrl(server, POSTGRES_TEMPLATE), { max: 1 });
    await applyMigrations(template.db);
    await template.close(); // a template with a connection open cannot be copied
    project.provide('postgresServer', server);
    return async () => {
      await run(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
      await admin.close();
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create();
  await applyMigrations(drizzle(client, { schema }) as unknown as Db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}
