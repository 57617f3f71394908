// A staff member's own account changes are in the action log: a new password, two-factor sign-in on and off.
// Without its row, a change fails these tests; a refused change, a sign-in's code and a reset by mail write none.
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/db/schema.ts';
import { PASSWORD, post, withCookie } from './browser.ts';
import { signedIn, userId, useAuthDatabase } from './harness.ts';
import { codeFor, enable, passwordStep } from './two-factor-harness.ts';

const handle = useAuthDatabase({ truncate: ['audit_log'] });
const logged = () => handle.db.select().from(auditLog).orderBy(asc(auditLog.at), asc(auditLog.id));
const row = (action: string, id: string, email: string) =>
  expect.objectContaining({
    action,
    actorId: id,
    actorEmail: email,
    targetType: 'user',
    targetId: id,
    detail: { email },
  });

describe('account changes in the action log', () => {
  it('records a password change by the signed-in member, and nothing for a refused one', async () => {
    const email = 'changer@lab.example';
    const cookie = await signedIn(email);
    const wrong = { currentPassword: 'not the password', newPassword: 'a new lab passphrase' };
    expect((await post('/change-password', wrong, withCookie(cookie))).status).toBe(400);
    expect(await logged()).toEqual([]);
    const right = { currentPassword: PASSWORD, newPassword: 'a new lab passphrase', revokeOtherSessions: true };
    expect((await post('/change-password', right, withCookie(cookie))).status).toBe(200);
    expect(await logged()).toEqual([row('account.password-change', (await userId(email))!, email)]);
  });

  it('records two-factor sign-in turned on at the setup’s first code and off, not a sign-in with a code', async () => {
    const email = 'factor@lab.example';
    const { totpURI, cookie } = await enable(email, await signedIn(email));
    const me = (await userId(email))!;
    expect(await logged()).toEqual([row('account.two-factor-enable', me, email)]);
    // A second browser signs in with a code: no change to the account.
    const code = await codeFor(totpURI);
    expect((await post('/two-factor/verify-totp', { code }, withCookie(await passwordStep(email)))).status).toBe(200);
    expect(await logged()).toHaveLength(1);
    expect((await post('/two-factor/disable', { password: 'wrong one' }, withCookie(cookie))).status).toBe(400);
    expect(await logged()).toHaveLength(1);
    expect((await post('/two-factor/disable', { password: PASSWORD }, withCookie(cookie))).status).toBe(200);
    expect(await logged()).toEqual([
      row('account.two-factor-enable', me, email),
      row('account.two-factor-disable', me, email),
    ]);
  });
});
