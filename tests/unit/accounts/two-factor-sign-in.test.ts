// Signing in with two-factor sign-in on: the password step, then a code or a recovery code, each taken once.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits, sessions } from '../../../src/db/schema.ts';
import { accountKey, FAILURES_BEFORE_LOCK } from '../../../src/features/accounts/sign-in-guard.ts';
import { getSessionUser } from '../../../src/features/accounts/session-user.ts';
import { cookieOf, post, requestWith, sessionCookie, signIn, withCookie } from './browser.ts';
import { outbox, signedIn, useAuthDatabase } from './harness.ts';
import { codeFor, enable, passwordStep, wrongCode } from './two-factor-harness.ts';

const handle = useAuthDatabase();

/** The account's failed sign-ins that the sign-in guard counts. */
const failures = async (email: string) =>
  (
    await handle.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, accountKey(email)))
  )[0]?.count ?? 0;

describe('signing in with two-factor sign-in on', () => {
  it('answers the password with twoFactorRedirect and no session; a wrong code is refused, the right one signs in', async () => {
    const { totpURI } = await enable('two@lab.example', await signedIn('two@lab.example'));
    await handle.db.delete(sessions);
    const pending = await passwordStep('two@lab.example');
    expect(await handle.db.select().from(sessions)).toEqual([]);

    const wrong = await post('/two-factor/verify-totp', { code: await wrongCode(totpURI) }, withCookie(pending));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_CODE', message: expect.stringMatching(/6-digit code/) });
    expect(cookieOf(wrong, 'session_token')).toBeNull();

    const right = await post('/two-factor/verify-totp', { code: await codeFor(totpURI) }, withCookie(pending));
    expect(right.status).toBe(200);
    expect(await getSessionUser(handle.db, requestWith(sessionCookie(right)))).toMatchObject({
      email: 'two@lab.example',
    });
    // The challenge is used up: the same cookie does not sign in a second time.
    const again = await post('/two-factor/verify-totp', { code: await codeFor(totpURI) }, withCookie(pending));
    expect(again.status).toBe(401);
  });

  it('takes a code once: the same code in a second sign-in is refused and counts as a failure', async () => {
    const email = 'replay@lab.example';
    const { totpURI } = await enable(email, await signedIn(email));
    const code = await codeFor(totpURI);
    const first = await post('/two-factor/verify-totp', { code }, withCookie(await passwordStep(email)));
    expect(first.status).toBe(200);
    const before = await failures(email);
    const replay = await post('/two-factor/verify-totp', { code }, withCookie(await passwordStep(email)));
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({
      code: 'CODE_ALREADY_USED',
      message: expect.stringMatching(/used already/),
    });
    expect(cookieOf(replay, 'session_token')).toBeNull();
    expect(await failures(email)).toBe(before + 1);
    // The next code of the app still works.
    const next = await post(
      '/two-factor/verify-totp',
      { code: await codeFor(totpURI) },
      withCookie(await passwordStep(email)),
    );
    expect(next.status).toBe(200);
  });

  it('still asks for the code after a password reset: the reset is no way around the second step', async () => {
    const email = 'reset2fa@lab.example';
    await enable(email, await signedIn(email));
    expect((await post('/request-password-reset', { email, redirectTo: '/admin' })).status).toBe(200);
    const mails = (await outbox()).filter((m) => m.to === email);
    const token = mails.map((m) => m.textBody.match(/[?&]reset=([^\s&]+)/)?.[1]).find(Boolean);
    expect(token).toBeDefined();
    const reset = await post('/reset-password', {
      token: decodeURIComponent(token!),
      newPassword: 'a fresh lab passphrase',
    });
    expect(reset.status).toBe(200);
    expect(cookieOf(reset, 'session_token')).toBeNull();
    const res = await signIn(email, 'a fresh lab passphrase');
    expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(cookieOf(res, 'session_token')).toBeNull();
  });

  it('takes a recovery code once, and not twice', async () => {
    const { backupCodes } = await enable('rec@lab.example', await signedIn('rec@lab.example'));
    const first = await post(
      '/two-factor/verify-backup-code',
      { code: backupCodes[3] },
      withCookie(await passwordStep('rec@lab.example')),
    );
    expect(first.status).toBe(200);
    expect(await getSessionUser(handle.db, requestWith(sessionCookie(first)))).toMatchObject({
      email: 'rec@lab.example',
    });
    const second = await post(
      '/two-factor/verify-backup-code',
      { code: backupCodes[3] },
      withCookie(await passwordStep('rec@lab.example')),
    );
    expect(second.status).toBe(401);
    expect(await second.json()).toMatchObject({ code: 'INVALID_BACKUP_CODE' });
    expect(cookieOf(second, 'session_token')).toBeNull();
  });

  it('does not trust the device, whatever the client asks', async () => {
    const { totpURI } = await enable('trust@lab.example', await signedIn('trust@lab.example'));
    const pending = await passwordStep('trust@lab.example');
    const res = await post(
      '/two-factor/verify-totp',
      { code: await codeFor(totpURI), trustDevice: true },
      withCookie(pending),
    );
    expect(res.status).toBe(200);
    expect(cookieOf(res, 'trust_device')).toBeNull();
    await passwordStep('trust@lab.example'); // still asks for the code
  });

  it(`locks the account after ${FAILURES_BEFORE_LOCK} wrong codes: the right code and the password are refused too`, async () => {
    const { totpURI } = await enable('lock@lab.example', await signedIn('lock@lab.example'));
    const pending = await passwordStep('lock@lab.example');
    for (let i = 0; i < FAILURES_BEFORE_LOCK; i++) {
      const res = await post('/two-factor/verify-totp', { code: await wrongCode(totpURI) }, withCookie(pending));
      expect(res.status).toBe(401);
    }
    expect(await failures('lock@lab.example')).toBe(FAILURES_BEFORE_LOCK);
    // The password step is locked as well.
    const locked = await signIn('lock@lab.example');
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({
      error: { code: 'rate_limited', message: expect.stringMatching(/Too many failed sign-ins/) },
    });
    const right = await post('/two-factor/verify-totp', { code: await codeFor(totpURI) }, withCookie(pending));
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: expect.stringMatching(/Too many failed sign-ins/),
    });
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(cookieOf(right, 'session_token')).toBeNull();
  });

  it('lets the right password neither count nor clear earlier failures; the right code clears them', async () => {
    const { totpURI } = await enable('count@lab.example', await signedIn('count@lab.example'));
    for (let i = 0; i < 3; i++) expect((await signIn('count@lab.example', 'wrong password!')).status).toBe(401);
    expect(await failures('count@lab.example')).toBe(3);
    const pending = await passwordStep('count@lab.example');
    expect(await failures('count@lab.example')).toBe(3);
    expect(
      (await post('/two-factor/verify-totp', { code: await wrongCode(totpURI) }, withCookie(pending))).status,
    ).toBe(401);
    expect(await failures('count@lab.example')).toBe(4);
    expect((await post('/two-factor/verify-totp', { code: await codeFor(totpURI) }, withCookie(pending))).status).toBe(
      200,
    );
    expect(await failures('count@lab.example')).toBe(0);
  });

  it("ends the second step after 5 wrong codes for one sign-in (better-auth's limit per challenge)", async () => {
    const { totpURI } = await enable('chal@lab.example', await signedIn('chal@lab.example'));
    const pending = await passwordStep('chal@lab.example');
    for (let i = 0; i < 5; i++) {
      await post('/two-factor/verify-totp', { code: await wrongCode(totpURI) }, withCookie(pending));
      await handle.db.delete(rateLimits); // as if the account's own lock had run out
    }
    const res = await post('/two-factor/verify-totp', { code: await codeFor(totpURI) }, withCookie(pending));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
      message: expect.stringMatching(/Sign in with your password again/),
    });
  });
});
