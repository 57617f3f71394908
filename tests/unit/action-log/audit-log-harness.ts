/** The audit log tests' shared setup: staff signed in, the log emptied, and a way to make its writes fail. */
import { asc, sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { auditLog, type AuditAction } from '../../../src/db/schema.ts';
import { useLocalBlobs } from '../test-blobs.ts';
import { seedStaff, staff, useAdminDatabase } from '../staff-harness.ts';

/** The database of an audit log test file (each file also mocks src/features/accounts/session-user.ts, as vi.mock must). */
export function useAuditLogDatabase() {
  useLocalBlobs('audit-log-test');
  // TRUNCATE is the one way to empty the log: the trigger refuses DELETE, as the append-only tests show.
  const handle = useAdminDatabase({ truncate: ['audit_log'] });
  afterEach(() => vi.restoreAllMocks());
  beforeEach(async () => {
    await seedStaff(handle);
  });

  /** Every row, oldest first. */
  const logged = () => handle.db.select().from(auditLog).orderBy(asc(auditLog.at), asc(auditLog.id));

  /** Makes every insert into audit_log fail, as a full disk or a lost connection would, for the length of `fn`. */
  async function withAuditLogFailing(fn: () => Promise<void>): Promise<void> {
    await handle.db.execute(sql`
      create function audit_log_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'audit_log insert failed (test)'; end; $$`);
    await handle.db.execute(sql`
      create trigger audit_log_test_refuse before insert on audit_log
      for each row execute function audit_log_test_refuse()`);
    vi.spyOn(console, 'error').mockImplementation(() => {}); // the endpoint logs the failure it answers as 503
    try {
      await fn();
    } finally {
      await handle.db.execute(sql`drop trigger audit_log_test_refuse on audit_log`);
      await handle.db.execute(sql`drop function audit_log_test_refuse()`);
    }
  }

  return { handle, logged, withAuditLogFailing };
}

/** The row a change should have written, by `actor`. */
export const row = (
  actor: keyof typeof staff,
  action: AuditAction,
  targetType: string,
  targetId: string,
  detail: object,
) => ({
  id: expect.any(String),
  at: expect.any(Date),
  actorId: staff[actor].id,
  actorEmail: staff[actor].email,
  action,
  targetType,
  targetId,
  detail,
});
