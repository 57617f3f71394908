// `npm run admin -- reset-2fa` and `signout`: a lost authenticator, a lost laptop, someone leaving.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, twoFactors, users } from '../../../src/db/schema.ts';
import { getAuth } from '../../../src/features/accounts/auth.ts';
import { signIn } from './browser.ts';
import { admin, useAuthDatabase, userId } from './harness.ts';

const handle = useAuthDatabase({ truncate: ['audit_log'] }); // append-only: its trigger refuses DELETE

describe('npm run admin -- reset-2fa and signout', () => {
  const sessionOf = async (id: string) => (await getAuth(handle.db).$context).internalAdapter.createSession(id);

  it('reset-2fa turns two-factor sign-in off, ends every session and records it', async () => {
    await admin('create', 'lost@lab.example', '--role', 'admin', '--password', 'a strong passphrase');
    const id = (await userId('lost@lab.example'))!;
    await handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, id));
    await handle.db.insert(twoFactors).values({ id: 'tf-1', userId: id, secret: 'enc', backupCodes: 'enc' });
    await sessionOf(id);
    await sessionOf(id);

    const run = await admin('reset-2fa', 'lost@lab.example');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/two-factor sign-in is off and every session ended/);
    const [user] = await handle.db.select().from(users).where(eq(users.id, id));
    expect(user!.twoFactorEnabled).toBe(false);
    expect(await handle.db.select().from(twoFactors)).toEqual([]);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    const [row] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.two-factor-reset'));
    expect(row).toMatchObject({
      actorId: 'cli',
      targetId: id,
      detail: { email: 'lost@lab.example', hadTwoFactor: true },
    });
    // The password still signs in, without a code now.
    expect((await signIn('lost@lab.example', 'a strong passphrase')).headers.getSetCookie().join()).toContain(
      'session_token=',
    );
  });

  it('signout ends every session of the account, and only of that account', async () => {
    await admin('create', 'leaving@lab.example', '--role', 'editor', '--password', 'a strong passphrase');
    await admin('create', 'staying@lab.example', '--role', 'editor', '--password', 'a strong passphrase');
    const leaving = (await userId('leaving@lab.example'))!;
    const staying = (await userId('staying@lab.example'))!;
    await sessionOf(leaving);
    await sessionOf(leaving);
    await sessionOf(staying);
    const run = await admin('signout', 'leaving@lab.example');
    expect(run).toMatchObject({ code: 0, out: 'leaving@lab.example: 2 sessions ended.' });
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, leaving))).toEqual([]);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, staying))).toHaveLength(1);
    const [row] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.signout'));
    expect(row).toMatchObject({ targetId: leaving, detail: { email: 'leaving@lab.example', sessions: 2 } });
  });

  it('signout --all ends every session of every account, recorded once', async () => {
    await admin('create', 'one@lab.example', '--role', 'editor', '--password', 'a strong passphrase');
    await admin('create', 'two@lab.example', '--role', 'viewer', '--password', 'a strong passphrase');
    await sessionOf((await userId('one@lab.example'))!);
    await sessionOf((await userId('two@lab.example'))!);
    expect(await admin('signout', '--all')).toMatchObject({
      code: 0,
      out: 'Every account signed out: 2 sessions ended.',
    });
    expect(await handle.db.select().from(sessions)).toEqual([]);
    const rows = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.signout'));
    expect(rows).toEqual([expect.objectContaining({ targetId: '*', detail: { email: '*', sessions: 2 } })]);
    expect((await admin('signout', '--all', 'x@lab.example')).code).toBe(2);
    expect((await admin('grant', 'x@lab.example', 'admin', '--all')).code).toBe(2);
  });

  it('refuses an unknown account (exit 1) and a wrong usage (exit 2)', async () => {
    expect((await admin('signout', 'ghost@lab.example')).code).toBe(1);
    expect((await admin('reset-2fa', 'ghost@lab.example')).err).toMatch(/No account/);
    expect((await admin('reset-2fa')).code).toBe(2);
    expect((await admin('signout', 'a@lab.example', 'b@lab.example')).code).toBe(2);
  });
});
