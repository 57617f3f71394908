// The action log cannot be emptied or rewritten from a connection of the application (migration
// 0008_privacy): TRUNCATE, DELETE and any UPDATE are refused, but for the one rewrite an erasure needs
// (a row's target and detail replaced by the erased lead's opaque id, who did what and when kept).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, type AuditLogRow } from '../../../src/db/schema.ts';
import { useTestDatabase } from '../test-db.ts';

const handle = useTestDatabase({ truncate: ['audit_log'], serviceOnly: true });

let row: AuditLogRow;
beforeEach(async () => {
  row = (
    await handle.db
      .insert(auditLog)
      .values({
        actorId: 'u-editor',
        actorEmail: 'editor@bolesta.example',
        action: 'lead.note',
        targetType: 'lead',
        targetId: randomUUID(),
        detail: { noteId: 'n-1', email: 'lead@acme.example' },
      })
      .returning()
  )[0]!;
});

const rows = () => handle.db.select().from(auditLog);

/** The message of the database's refusal (drizzle wraps the driver's error as its cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  const error = await statement.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the statement was not refused').not.toBeNull();
  return [error, (error as { cause?: unknown }).cause].map((e) => String((e as Error)?.message)).join(' ');
}

describe('the action log refuses to be emptied', () => {
  it('refuses TRUNCATE, with CASCADE too, and keeps every row', async () => {
    for (const statement of [
      'truncate audit_log',
      'truncate table audit_log cascade',
      'truncate audit_log restart identity',
    ]) {
      expect(await refusal(handle.db.execute(sql.raw(statement))), statement).toMatch(
        /audit_log is append-only: TRUNCATE refused/,
      );
    }
    expect(await rows()).toEqual([row]);
  });

  it('refuses DELETE of one row or of all', async () => {
    expect(await refusal(handle.db.delete(auditLog).where(eq(auditLog.id, row.id)))).toMatch(/DELETE refused/);
    expect(await refusal(handle.db.execute(sql`delete from audit_log`))).toMatch(/DELETE refused/);
    expect(await rows()).toEqual([row]);
  });
});

describe('the action log refuses to be rewritten', () => {
  const erased = { erasedLead: 'e-7f3a' };

  it('refuses an UPDATE without an erasedLead in the new detail', async () => {
    const attempts = [
      handle.db.update(auditLog).set({ targetId: 'someone-else' }),
      handle.db.update(auditLog).set({ detail: {} }),
      handle.db.update(auditLog).set({ detail: { note: 'tidied up' } }),
    ];
    for (const attempt of attempts) expect(await refusal(attempt)).toMatch(/UPDATE refused/);
    expect(await rows()).toEqual([row]);
  });

  it('refuses an UPDATE that changes who, what or when, even with an erasedLead', async () => {
    const attempts = [
      handle.db.update(auditLog).set({ action: 'lead.erase', detail: erased }),
      handle.db.update(auditLog).set({ actorId: 'u-admin', detail: erased }),
      handle.db.update(auditLog).set({ actorEmail: 'someone@else.example', detail: erased }),
      handle.db.update(auditLog).set({ at: new Date('2020-01-01T00:00:00Z'), detail: erased }),
      handle.db.update(auditLog).set({ id: randomUUID(), detail: erased }),
    ];
    for (const attempt of attempts) expect(await refusal(attempt)).toMatch(/UPDATE refused/);
    expect(await rows()).toEqual([row]);
  });

  it('lets an erasure replace the target and detail when the new detail names the erased lead', async () => {
    await handle.db
      .update(auditLog)
      .set({ targetType: 'lead', targetId: 'erased', detail: erased })
      .where(eq(auditLog.id, row.id));
    expect(await rows()).toEqual([{ ...row, targetId: 'erased', detail: erased }]);
  });
});
