/** What the leads' function tests share: the database, staff signed in as an editor, and reading a lead. */
import { eq } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import * as leadsFn from '../../../netlify/functions/admin-leads.mts';
import { leads, mailOutbox } from '../../../src/db/schema.ts';
import { request, seedStaff, signIn, useAdminDatabase } from '../staff-harness.ts';
import { quietConsole, truncateTables } from '../test-db.ts';

export { leadsFn };

/** The file's database, emptied before each test, with the staff seeded and an editor signed in. */
export function useLeadsDatabase() {
  const handle = useAdminDatabase();
  quietConsole('log');
  beforeEach(async () => {
    await handle.db.delete(mailOutbox);
    await truncateTables(handle.db, ['audit_log']);
    await seedStaff(handle);
    signIn('editor');
  });
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  return {
    handle,
    /** A 200 answer's JSON. */
    get: async (path: string) => {
      const res = await request(leadsFn, 'GET', path);
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json();
    },
    post: (path: string, body: unknown) => request(leadsFn, 'POST', path, body),
    leadRow: async (id: string) => (await handle.db.select().from(leads).where(eq(leads.id, id)))[0]!,
    /** Makes the lead wait since `hours` ago, due `dueInHours` from now (negative: overdue). */
    waiting: async (id: string, hours: number, dueInHours: number) => {
      await handle.db
        .update(leads)
        .set({ awaitingSince: hoursAgo(hours), responseDueAt: hoursAgo(-dueInHours) })
        .where(eq(leads.id, id));
    },
  };
}
