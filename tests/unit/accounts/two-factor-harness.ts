/**
 * Shared by the two-factor tests: an authenticator app set up from the otpauth URI the server gives, and
 * the two steps of a sign-in with two-factor sign-in on.
 */
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../../src/db/schema.ts';
import { cookieOf, PASSWORD, post, sessionCookie, signIn, withCookie } from './browser.ts';
import { db } from './harness.ts';

const appOf = (totpURI: string) => createOTP(base32.decode(new URL(totpURI).searchParams.get('secret')!));
const step = () => Math.floor(Date.now() / 30_000);
const stepsUsed = new Map<string, Set<number>>();

/**
 * A code of the authenticator app set up from `totpURI` that no earlier call gave: the server takes a code
 * once, and accepts this 30-second step's and its two neighbours'. The steps already given are remembered
 * as steps, not as offsets, so a test that runs across a step boundary never gets the same code twice.
 */
export async function codeFor(totpURI: string): Promise<string> {
  const used = stepsUsed.get(totpURI) ?? new Set<number>();
  stepsUsed.set(totpURI, used);
  const now = step();
  const free = [now, now + 1, now - 1].find((candidate) => !used.has(candidate));
  if (free === undefined) throw new Error('the three codes the server accepts now were all given already');
  used.add(free);
  return appOf(totpURI).hotp(free);
}

/** A code that is not the current one (nor one of its neighbours the server also accepts). */
export async function wrongCode(totpURI: string): Promise<string> {
  const right = await appOf(totpURI).totp();
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
}

/** Turns two-factor sign-in on as the portal does: password, then the first code. The setup and new cookie. */
export async function enable(email: string, cookie: string) {
  const res = await post('/two-factor/enable', { password: PASSWORD }, withCookie(cookie));
  expect(res.status).toBe(200);
  const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] };
  const verified = await post('/two-factor/verify-totp', { code: await codeFor(totpURI) }, withCookie(cookie));
  expect(verified.status).toBe(200);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  expect(user!.twoFactorEnabled).toBe(true);
  return { totpURI, backupCodes, cookie: sessionCookie(verified) };
}

/** Signs in with the password of an account with two-factor sign-in on: the `two_factor` cookie. */
export async function passwordStep(email: string): Promise<string> {
  const res = await signIn(email);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  expect(cookieOf(res, 'session_token')).toBeNull();
  const pending = cookieOf(res, 'two_factor');
  expect(pending).not.toBeNull();
  return pending!;
}

/** A whole sign-in with two-factor sign-in on (password, then a fresh code): the new browser's session cookie. */
export async function signInWithCode(email: string, totpURI: string): Promise<string> {
  const res = await post(
    '/two-factor/verify-totp',
    { code: await codeFor(totpURI) },
    withCookie(await passwordStep(email)),
  );
  expect(res.status).toBe(200);
  return sessionCookie(res);
}
