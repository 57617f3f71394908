// A connection that dies in the middle of a transaction (the server restarting between two statements, as
// `npm run bench:faults`' bookings-db-kill does) fails that transaction, and only it: the process lives on and the
// next query gets a fresh connection. PostgreSQL only (`npm run test:pg`): PGlite has no connection to lose.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type DbHandle } from '../../../src/db/client.ts';
import { quietConsole } from '../test-db.ts';

const url = process.env.TEST_DATABASE_URL;
const opened: DbHandle[] = [];
afterAll(() => Promise.all(opened.map((h) => h.close())));
quietConsole('error');

describe.skipIf(!url)('a connection lost mid-transaction', () => {
  it('fails the transaction, keeps the process, and the pool opens a new connection', async () => {
    const app = await openPostgres(url!, { max: 1, timeouts: true });
    const admin = await openPostgres(url!, { max: 1 });
    opened.push(app, admin);
    const rows = async (db: DbHandle['db'], query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const transaction = app.db.transaction(async (tx) => {
      const [me] = await rows(tx as unknown as DbHandle['db'], sql`select pg_backend_pid() as pid`);
      await rows(admin.db, sql`select pg_terminate_backend(${me!.pid}::int)`);
      // The loss reaches the client between the two statements, while the pool has lent it out.
      await new Promise((settle) => setTimeout(settle, 300));
      await rows(tx as unknown as DbHandle['db'], sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    expect(await rows(app.db, sql`select 2 as two`)).toEqual([{ two: 2 }]);
  });
});
