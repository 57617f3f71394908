/**
 * A staff member's device and address (issue 37, finding 6c): a session keeps them while it lives, and the action
 * log's row of a session signed out from Active sessions names them. The daily housekeeping deletes ended sessions
 * and expired account links, and takes the device, browser and address out of action log rows older than
 * STAFF_DEVICE_DAYS, keeping who did what and when. A fake clock: nothing waits.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sessions, verifications } from '../../../src/db/schema.ts';
import { recordAudit } from '../../../src/server/action-log.ts';
import { STAFF_DEVICE_DAYS, sweepExpired } from '../../../src/server/housekeeping.ts';
import { seedStaff, staff, useAdminDatabase } from '../staff-harness.ts';
import { truncateTables } from '../test-db.ts';

const handle = useAdminDatabase();
beforeEach(async () => {
  await truncateTables(handle.db, ['audit_log', 'sessions', 'verifications']);
  await seedStaff(handle);
});

const day = 24 * 3600_000;
const signedOut = {
  email: staff.editor.email,
  session: 'session-1',
  device: 'iPhone',
  browser: 'Safari 17',
  ipAddress: '2001:db8:1:2::/64',
};

/** The editor's sign-out, with the device and address details the housekeeping is about. */
const logSignOut = () =>
  recordAudit(handle.db, staff.editor, 'account.session-signout', { type: 'user', id: staff.editor.id }, signedOut);

describe('the daily housekeeping of staff device and address details', () => {
  it(`keeps a sign-out row's device and address for ${STAFF_DEVICE_DAYS} days, then keeps only who did what and when`, async () => {
    await logSignOut();
    await recordAudit(handle.db, staff.admin, 'role.grant', { type: 'user', id: staff.viewer.id }, { role: 'viewer' });
    const [row] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.session-signout'));
    const written = row!.at.getTime();

    const early = await sweepExpired(handle.db, new Date(written + (STAFF_DEVICE_DAYS - 1) * day));
    expect(early.staffDevices).toBe(0);
    expect((await handle.db.select().from(auditLog).where(eq(auditLog.id, row!.id)))[0]!.detail).toEqual(signedOut);

    const late = await sweepExpired(handle.db, new Date(written + (STAFF_DEVICE_DAYS + 1) * day));
    expect(late.staffDevices).toBe(1);
    const [after] = await handle.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(after).toMatchObject({
      at: row!.at,
      actorId: row!.actorId,
      actorEmail: row!.actorEmail,
      action: row!.action,
    });
    expect(after!.detail).toEqual({ email: staff.editor.email, session: 'session-1', redacted: 'retention' });
    const text = JSON.stringify(await handle.db.select().from(auditLog));
    for (const value of ['iPhone', 'Safari', '2001:db8']) expect(text).not.toContain(value);
    // A row without such details is left alone, and a second run finds nothing more.
    const grant = (await handle.db.select().from(auditLog).where(eq(auditLog.action, 'role.grant')))[0]!;
    expect(grant.detail).toEqual({ role: 'viewer' });
    expect((await sweepExpired(handle.db, new Date(written + 400 * day))).staffDevices).toBe(0);
  });

  it('deletes ended sessions and expired account links, with their devices, addresses and emails, and keeps live ones', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const session = (id: string, expiresAt: Date) => ({
      id,
      token: `token-${id}`,
      userId: staff.editor.id,
      expiresAt,
      ipAddress: '203.0.113.7',
      userAgent: 'Firefox',
    });
    await handle.db
      .insert(sessions)
      .values([session('ended', new Date(now.getTime() - 1)), session('live', new Date(now.getTime() + 3600_000))]);
    await handle.db.insert(verifications).values([
      { id: 'old', identifier: staff.editor.email, value: 'x', expiresAt: new Date(now.getTime() - 1) },
      { id: 'new', identifier: staff.viewer.email, value: 'y', expiresAt: new Date(now.getTime() + 3600_000) },
    ]);
    expect(await sweepExpired(handle.db, now)).toMatchObject({ sessions: 1, verifications: 1 });
    expect((await handle.db.select().from(sessions)).map((s) => s.id)).toEqual(['live']);
    expect((await handle.db.select().from(verifications)).map((v) => v.id)).toEqual(['new']);
  });

  it('the action log still refuses any other rewrite of a row', async () => {
    await logSignOut();
    await expect(handle.db.update(auditLog).set({ detail: { device: 'forged' } })).rejects.toThrow();
    await expect(handle.db.update(auditLog).set({ detail: { redacted: 'anything' } })).rejects.toThrow();
    await expect(
      handle.db.update(auditLog).set({ actorEmail: 'someone@else.example', detail: { redacted: 'retention' } }),
    ).rejects.toThrow();
  });
});
