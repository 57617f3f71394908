import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import adminMe from '../../../netlify/functions/admin-me.mts';
import adminSubmissions from '../../../netlify/functions/admin-submissions.mts';
import auth from '../../../netlify/functions/auth.mts';
import {
  accounts,
  authRateLimits,
  mailOutbox,
  rateLimits,
  sessions,
  twoFactors,
  userRoles,
  users,
  verifications,
} from '../../../src/db/schema.ts';
import { accountKey, FAILURES_BEFORE_LOCK } from '../../../src/server/sign-in-guard.ts';
import { getSessionUser } from '../../../src/server/session.ts';
import { call, origin, type CallOptions } from '../functions/harness.ts';
import { quietConsole, useTestDatabase } from '../test-db.ts';

quietConsole('log', 'warn', 'error');
const handle = useTestDatabase({
  empty: [mailOutbox, userRoles, twoFactors, sessions, accounts, verifications, users, authRateLimits, rateLimits],
});
afterEach(() => vi.unstubAllEnvs());

const PASSWORD = 'correct horse'; // 13 characters
const post = (path: string, body: unknown, init: CallOptions = {}) => call(auth, `/api/auth${path}`, body, init);
const get = (path: string, init: CallOptions = {}) => call(auth, path, undefined, { ...init, method: 'GET' });
const signIn = (email: string, password = PASSWORD) => post('/sign-in/email', { email, password });
const withCookie = (cookie: string) => ({ headers: { cookie } });
const requestWith = (cookie: string) => new Request(`${origin}/api/me`, { headers: { cookie } });

/** The `name=value` of the cookie called `*.<name>` that a response sets, or null. */
function cookieOf(res: Response, name: string): string | null {
  const set = res.headers.getSetCookie().find((c) => new RegExp(`^[^=]*\\.${name}=[^;]`).test(c));
  return set ? set.split(';')[0]! : null;
}
const sessionCookie = (res: Response) => {
  const cookie = cookieOf(res, 'session_token');
  if (!cookie) throw new Error(`no session cookie in ${res.status} answer`);
  return cookie;
};

/** Signs up and follows the confirmation link, then signs in: the session cookie. */
async function signedIn(email: string): Promise<string> {
  expect((await post('/sign-up/email', { email, password: PASSWORD, name: 'Grace Hopper' })).status).toBe(200);
  const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const link = new URL(mail!.textBody.match(/https?:\/\/\S+/)![0]);
  expect((await get(link.pathname + link.search)).status).toBe(302);
  const res = await signIn(email);
  expect(res.status).toBe(200);
  return sessionCookie(res);
}

const appOf = (totpURI: string) => createOTP(base32.decode(new URL(totpURI).searchParams.get('secret')!));
const step = () => Math.floor(Date.now() / 30_000);
const stepsUsed = new Map<string, Set<number>>();

/**
 * A code of the authenticator app set up from `totpURI` that no earlier call gave: the server takes a code
 * once, and accepts this 30-second step's and its two neighbours'. The steps already given are remembered
 * as steps, not as offsets, so a test that runs across a step boundary never gets the same code twice.
 */
async function codeFor(totpURI: string): Promise<string> {
  const used = stepsUsed.get(totpURI) ?? new Set<number>();
  stepsUsed.set(totpURI, used);
  const now = step();
  const free = [now, now + 1, now - 1].find((candidate) => !used.has(candidate));
  if (free === undefined) throw new Error('the three codes the server accepts now were all given already');
  used.add(free);
  return appOf(totpURI).hotp(free);
}

/** A code that is not the current one (nor one of its neighbours the server also accepts). */
async function wrongCode(totpURI: string): Promise<string> {
  const right = await appOf(totpURI).totp();
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
}

/** Turns two-factor sign-in on as the portal does: password, then the first code. The setup and new cookie. */
async function enable(email: string, cookie: string) {
  const res = await post('/two-factor/enable', { password: PASSWORD }, withCookie(cookie));
  expect(res.status).toBe(200);
  const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] };
  const verified = await post('/two-factor/verify-totp', { code: await codeFor(totpURI) }, withCookie(cookie));
  expect(verified.status).toBe(200);
  const [user] = await handle.db.select().from(users).where(eq(users.email, email));
  expect(user!.twoFactorEnabled).toBe(true);
  return { totpURI, backupCodes, cookie: sessionCookie(verified) };
}

/** Signs in with the password of an account with two-factor sign-in on: the `two_factor` cookie. */
async function passwordStep(email: string): Promise<string> {
  const res = await signIn(email);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  expect(cookieOf(res, 'session_token')).toBeNull();
  const pending = cookieOf(res, 'two_factor');
  expect(pending).not.toBeNull();
  return pending!;
}

const failures = async (email: string) =>
  (
    await handle.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, accountKey(email)))
  )[0]?.count ?? 0;

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
    const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
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

    const secondBrowser = async () => {
      const res = await post(
        '/two-factor/verify-totp',
        { code: await codeFor(totpURI) },
        withCookie(await passwordStep(email)),
      );
      expect(res.status).toBe(200);
      return sessionCookie(res);
    };
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

describe('ADMIN_2FA_REQUIRED', () => {
  const adminCall = (fn: typeof adminMe, path: string, cookie: string) =>
    call(fn, path, undefined, { method: 'GET', headers: { cookie } });

  async function admin(email: string): Promise<string> {
    const cookie = await signedIn(email);
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    await handle.db.insert(userRoles).values({ userId: user!.id, role: 'admin' });
    return cookie;
  }

  it('refuses an admin without it on every admin call but /api/admin/me, which says so', async () => {
    vi.stubEnv('ADMIN_2FA_REQUIRED', 'true');
    const cookie = await admin('boss@lab.example');
    const list = await adminCall(adminSubmissions, '/api/admin/submissions', cookie);
    expect(list.status).toBe(403);
    expect(await list.json()).toMatchObject({ error: { code: 'two_factor_required', message: expect.any(String) } });
    const me = await adminCall(adminMe, '/api/admin/me', cookie);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { email: 'boss@lab.example', twoFactorEnabled: false, twoFactorRequired: true },
      roles: ['admin'],
    });

    const { cookie: after } = await enable('boss@lab.example', cookie);
    expect((await adminCall(adminSubmissions, '/api/admin/submissions', after)).status).toBe(200);
    expect(await (await adminCall(adminMe, '/api/admin/me', after)).json()).toMatchObject({
      user: { twoFactorEnabled: true, twoFactorRequired: true },
    });
  });

  it('asks nothing of an admin when unset, nor of a viewer when set', async () => {
    const cookie = await admin('free@lab.example');
    expect((await adminCall(adminSubmissions, '/api/admin/submissions', cookie)).status).toBe(200);
    expect(await (await adminCall(adminMe, '/api/admin/me', cookie)).json()).toMatchObject({
      user: { twoFactorEnabled: false, twoFactorRequired: false },
    });

    vi.stubEnv('ADMIN_2FA_REQUIRED', 'true');
    const viewer = await signedIn('viewer@lab.example');
    const [user] = await handle.db.select().from(users).where(eq(users.email, 'viewer@lab.example'));
    await handle.db.insert(userRoles).values({ userId: user!.id, role: 'viewer' });
    expect((await adminCall(adminSubmissions, '/api/admin/submissions', viewer)).status).toBe(200);
    expect(await (await adminCall(adminMe, '/api/admin/me', viewer)).json()).toMatchObject({
      user: { twoFactorRequired: false },
    });
  });
});
