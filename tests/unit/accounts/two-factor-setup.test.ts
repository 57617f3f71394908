// Turning two-factor sign-in on and off, and new recovery codes: each needs the password.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoFactors, users } from '../../../src/db/schema.ts';
import { getSessionUser } from '../../../src/features/accounts/session-user.ts';
import { cookieOf, PASSWORD, post, requestWith, sessionCookie, signIn, withCookie } from './browser.ts';
import { signedIn, useAuthDatabase } from './harness.ts';
import { codeFor, enable, passwordStep, wrongCode } from './two-factor-harness.ts';

const handle = useAuthDatabase();

describe('turning two-factor sign-in on', () => {
  it('needs the password, gives an otpauth URI of the agency and 10 recovery codes, and is on only after a code', async () => {
    const cookie = await signedIn('on@lab.example');
    const refused = await post('/two-factor/enable', { password: 'not the password' }, withCookie(cookie));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_PASSWORD', message: 'That password is not right.' });

    const res = await post('/two-factor/enable', { password: PASSWORD }, withCookie(cookie));
    expect(res.status).toBe(200);
    const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain('Bolesta:on@lab.example');
    expect(uri.searchParams.get('issuer')).toBe('Bolesta');
    expect(backupCodes).toHaveLength(10);
    // Stored encrypted: neither the key nor a recovery code is in the row as typed.
    const [row] = await handle.db.select().from(twoFactors);
    expect(row!.verified).toBe(false);
    expect(row!.secret).not.toContain(uri.searchParams.get('secret')!);
    expect(row!.backupCodes).not.toContain(backupCodes[0]!);
    // Not on until the first code from the app is in: the password alone still signs in.
    expect((await signIn('on@lab.example')).headers.getSetCookie().join()).toContain('session_token=');

    const wrong = await post('/two-factor/verify-totp', { code: await wrongCode(totpURI) }, withCookie(cookie));
    expect(wrong.status).toBe(401);
    const verified = await post('/two-factor/verify-totp', { code: await codeFor(totpURI) }, withCookie(cookie));
    expect(verified.status).toBe(200);
    const [user] = await handle.db.select().from(users).where(eq(users.email, 'on@lab.example'));
    expect(user!.twoFactorEnabled).toBe(true);
    expect(await getSessionUser(handle.db, requestWith(sessionCookie(verified)))).toMatchObject({
      twoFactorEnabled: true,
    });
  });
});

describe('turning two-factor sign-in off and new recovery codes', () => {
  it('needs the password for both; new codes replace the old ones; off, the password alone signs in again', async () => {
    const { cookie, backupCodes } = await enable('off@lab.example', await signedIn('off@lab.example'));
    expect(
      (await post('/two-factor/generate-backup-codes', { password: 'not the password' }, withCookie(cookie))).status,
    ).toBe(400);
    const regenerated = await post('/two-factor/generate-backup-codes', { password: PASSWORD }, withCookie(cookie));
    expect(regenerated.status).toBe(200);
    const fresh = ((await regenerated.json()) as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    const old = await post(
      '/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      withCookie(await passwordStep('off@lab.example')),
    );
    expect(old.status).toBe(401);

    const refused = await post('/two-factor/disable', { password: 'not the password' }, withCookie(cookie));
    expect(refused.status).toBe(400);
    const [still] = await handle.db.select().from(users).where(eq(users.email, 'off@lab.example'));
    expect(still!.twoFactorEnabled).toBe(true);

    const off = await post('/two-factor/disable', { password: PASSWORD }, withCookie(cookie));
    expect(off.status).toBe(200);
    const [user] = await handle.db.select().from(users).where(eq(users.email, 'off@lab.example'));
    expect(user!.twoFactorEnabled).toBe(false);
    expect(await handle.db.select().from(twoFactors)).toEqual([]);
    expect(cookieOf(await signIn('off@lab.example'), 'session_token')).not.toBeNull();
  });
});
