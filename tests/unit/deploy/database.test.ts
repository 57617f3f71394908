/**
 * The database a deployed function uses: the driver chosen from the environment, connections that live
 * for one invocation (Neon's advice for serverless functions), and a submit that still works after the
 * server dropped every connection (a suspended database, a restart).
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import contact from '../../../netlify/functions/contact.mts';
import { chooseDatabase, useDatabase, type DbHandle } from '../../../src/db/client.ts';
import { contactMessages } from '../../../src/db/schema.ts';
import { contactPayload } from '../../fixtures/forms.ts';
import { call } from '../function-harness.ts';
import { openTestDatabase } from '../test-db.ts';
import { deployedSettings } from '../../fixtures/deployed-settings.ts';

describe('the driver choice', () => {
  it('takes DATABASE_URL first, for any Postgres: Neon’s driver for a Neon URL, node-postgres otherwise', () => {
    const neon = 'postgres://u:p@ep-cool-1.eu-central-1.aws.neon.tech/db?sslmode=require';
    expect(chooseDatabase({ DATABASE_URL: neon, NETLIFY_DB_URL: 'postgres://netlify' })).toEqual({
      source: 'DATABASE_URL',
      driver: 'neon',
      url: neon,
    });
    expect(chooseDatabase({ DATABASE_URL: 'postgres://db.internal:5432/app' })).toMatchObject({
      source: 'DATABASE_URL',
      driver: 'node-postgres',
    });
  });

  it('takes Netlify Database (NETLIFY_DB_URL, else the older NETLIFY_DATABASE_URL) through @netlify/database', () => {
    expect(chooseDatabase({ NETLIFY_DB_URL: 'postgres://a', NETLIFY_DATABASE_URL: 'postgres://b' })).toEqual({
      source: 'NETLIFY_DB_URL',
      driver: 'netlify-database',
      url: 'postgres://a',
    });
    expect(chooseDatabase({ NETLIFY_DATABASE_URL: 'postgres://b' })).toMatchObject({ source: 'NETLIFY_DATABASE_URL' });
  });

  it('is none without any of them (a deployed function then refuses, see fail-closed.test.ts)', () => {
    expect(chooseDatabase({})).toBeNull();
  });
});

// Needs a real server that can drop connections: `npm run test:pg` (PostgreSQL 15) runs this part.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('a deployed function on a PostgreSQL server', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  }, 60_000);
  afterAll(() => handle.close());
  afterEach(() => vi.unstubAllEnvs());

  /** Netlify's environment shape, and no database handed over by a local process. */
  function deployed(database: Record<string, string>) {
    for (const [key, value] of Object.entries({
      SITE_ID: 'a1b2c3',
      BETTER_AUTH_SECRET: 'x'.repeat(44),
      ...deployedSettings,
      ...database,
    }))
      vi.stubEnv(key, value);
    (globalThis as { __bolestaDb?: unknown }).__bolestaDb = undefined;
  }
  afterEach(() => useDatabase(handle));

  const others = async () => {
    const result = await handle.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };
  const stored = async (company: string) =>
    (await handle.db.select().from(contactMessages)).filter((m) => m.company === company).length;

  it.each([
    ['DATABASE_URL', 'node-postgres'],
    ['NETLIFY_DB_URL', '@netlify/database'],
  ])(
    'through %s (%s): each invocation opens its connections and closes them when its work is done',
    async (variable) => {
      vi.spyOn(console, 'log').mockImplementation(() => {});
      const before = await others();
      deployed({ [variable]: serverUrl! });
      const company = `Invocation ${variable}`;
      const res = await call(contact, '/api/contact', { ...contactPayload(), company });
      expect(res.status).toBe(201);
      expect(await stored(company)).toBe(1);
      // The invocation's pool is closed after its mail drain; the server lists the backend until it has seen
      // the socket close, which on a busy machine can take a moment.
      await expect.poll(others, { timeout: 5_000 }).toBe(before);
    },
  );

  it('a submit succeeds after the server dropped every connection (a suspended database)', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    deployed({ NETLIFY_DB_URL: serverUrl! });
    const company = 'After the drop';
    expect((await call(contact, '/api/contact', { ...contactPayload(), company })).status).toBe(201);
    // What a suspended Neon compute does to every open connection, this test's own included.
    await handle.close();
    const admin = await openTestDatabaseWithoutReset();
    await admin.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    await admin.close();
    expect((await call(contact, '/api/contact', { ...contactPayload(), company })).status).toBe(201);
    handle = await openTestDatabaseWithoutReset();
    expect(await stored(company)).toBe(2);
  });
});

/** A connection to the test server that keeps its rows (openTestDatabase empties the tables). */
async function openTestDatabaseWithoutReset(): Promise<DbHandle> {
  const { openPostgres } = await import('../../../src/db/client.ts');
  return openPostgres(serverUrl!);
}
