// The sessions of an account when a factor changes (the others end) or a browser signs in again.
import { describe, expect, it } from 'vitest';
import { getSessionUser } from '../../../src/features/accounts/session-user.ts';
import { PASSWORD, post, requestWith, sessionCookie, signIn, withCookie } from './browser.ts';
import { signedIn, useAuthDatabase } from './harness.ts';
import { codeFor, enable, passwordStep, signInWithCode } from './two-factor-harness.ts';

const handle = useAuthDatabase();

describe('sessions when a factor changes or a browser signs in again', () => {
  const alive = async (cookie: string) => (await getSessionUser(handle.db, requestWith(cookie))) !== null;

  it('turning two-factor sign-in on, new recovery codes and turning it off each end the other sessions', async () => {
    const email = 'factors@lab.example';
    const first = await signedIn(email);
    const other = sessionCookie(await signIn(email)); // a second browser
    expect(await alive(other)).toBe(true);
    const { totpURI, cookie } = await enable(email, first);
    expect(await alive(cookie)).toBe(true);
    expect(await alive(other)).toBe(false);

    const secondBrowser = () => signInWithCode(email, totpURI);
    // Signing in elsewhere with the code is a sign-in, not a change: the first browser keeps its session.
    const again = await secondBrowser();
    expect(await alive(cookie)).toBe(true);
    expect((await post('/two-factor/generate-backup-codes', { password: PASSWORD }, withCookie(cookie))).status).toBe(
      200,
    );
    expect(await alive(cookie)).toBe(true);
    expect(await alive(again)).toBe(false);

    const third = await secondBrowser();
    const off = await post('/two-factor/disable', { password: PASSWORD }, withCookie(cookie));
    expect(off.status).toBe(200);
    expect(await alive(sessionCookie(off))).toBe(true);
    expect(await alive(third)).toBe(false);
  });

  it('a refused change ends nothing', async () => {
    const email = 'refused@lab.example';
    const { totpURI, cookie } = await enable(email, await signedIn(email));
    const second = await post(
      '/two-factor/verify-totp',
      { code: await codeFor(totpURI) },
      withCookie(await passwordStep(email)),
    );
    const other = sessionCookie(second);
    expect((await post('/two-factor/disable', { password: 'not the password' }, withCookie(cookie))).status).toBe(400);
    expect(
      (await post('/two-factor/generate-backup-codes', { password: 'not the password' }, withCookie(cookie))).status,
    ).toBe(400);
    expect(await alive(cookie)).toBe(true);
    expect(await alive(other)).toBe(true);
  });

  it('a sign-in from a browser that holds a session replaces that session', async () => {
    const email = 'twice@lab.example';
    const held = await signedIn(email);
    const res = await post('/sign-in/email', { email, password: PASSWORD }, withCookie(held));
    expect(res.status).toBe(200);
    expect(await alive(held)).toBe(false);
    expect(await alive(sessionCookie(res))).toBe(true);
  });
});
