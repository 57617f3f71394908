import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import auth from '../../../netlify/functions/auth.mts';
import { useDatabase } from '../../../src/db/client.ts';
import { quietConsole, useTestDatabase } from '../test-db.ts';
import {
  accounts,
  authRateLimits,
  mailOutbox,
  sessions,
  userRoles,
  users,
  verifications,
} from '../../../src/db/schema.ts';
import { PASSWORD_MAX, PASSWORD_MIN, SIGN_IN_LIMIT } from '../../../src/server/auth.ts';
import { requireRole } from '../../../src/server/roles.ts';
import { getSessionUser } from '../../../src/server/session.ts';
import { call, origin, type CallOptions } from '../functions/harness.ts';

quietConsole('log', 'warn', 'error');
const handle = useTestDatabase({
  empty: [mailOutbox, userRoles, sessions, accounts, verifications, users, authRateLimits],
});

const PASSWORD = 'correct horse'; // 13 characters
const post = (path: string, body: unknown, init: CallOptions = {}) => call(auth, `/api/auth${path}`, body, init);
const get = (path: string, init: CallOptions = {}) => call(auth, path, undefined, { ...init, method: 'GET' });

const signUp = (email: string, password = PASSWORD, init: CallOptions = {}) =>
  post('/sign-up/email', { email, password, name: 'Rosalind Franklin', callbackURL: '/admin' }, init);
const signIn = (email: string, password = PASSWORD, init: CallOptions = {}) =>
  post('/sign-in/email', { email, password }, init);

/** The `name=value` of the session cookie a response sets (what a browser sends back). */
function sessionCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.includes('.session_token='));
  if (!set) throw new Error(`no session cookie in ${res.status} answer`);
  return set.split(';')[0]!;
}
const withCookie = (cookie: string) => ({ headers: { cookie } });
const requestWith = (cookie: string) => new Request(`${origin}/api/me`, { headers: { cookie } });

const outbox = () => handle.db.select().from(mailOutbox);
/** The link in the one mail of `kind` queued for `to`. */
async function linkIn(kind: string, to: string): Promise<URL> {
  const mails = (await outbox()).filter((m) => m.kind === kind && m.to === to);
  expect(mails).toHaveLength(1);
  const link = mails[0]!.textBody.match(/https?:\/\/\S+/)?.[0];
  expect(link, mails[0]!.textBody).toBeDefined();
  expect(mails[0]!.htmlBody).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);
  return new URL(link!);
}

/** Signs up and follows the confirmation link, as a new staff member does. */
async function confirmedAccount(email: string, password = PASSWORD): Promise<void> {
  expect((await signUp(email, password)).status).toBe(200);
  const link = await linkIn('auth.verify', email);
  expect((await get(link.pathname + link.search)).status).toBe(302);
}

describe('sign-up', () => {
  it(`accepts a ${PASSWORD_MIN}-character password and queues one confirmation mail to the new address only`, async () => {
    const res = await signUp('rf@lab.example', 'a'.repeat(PASSWORD_MIN));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ token: null, user: { email: 'rf@lab.example', emailVerified: false } });
    expect(res.headers.getSetCookie().filter((c) => c.includes('session_token='))).toEqual([]);

    const mails = await outbox();
    expect(mails.map((m) => [m.kind, m.to])).toEqual([['auth.verify', 'rf@lab.example']]);
    expect(mails[0]!.subject).toMatch(/confirm your email/i);
    const link = await linkIn('auth.verify', 'rf@lab.example');
    expect(link.origin).toBe(origin);
    expect(link.pathname).toBe('/api/auth/verify-email');
    expect(link.searchParams.get('callbackURL')).toBe('/admin');
    expect(link.searchParams.get('token')).toBeTruthy();
  });

  it(`refuses passwords shorter than ${PASSWORD_MIN} or longer than ${PASSWORD_MAX} characters and stores nothing`, async () => {
    const short = await signUp('short@lab.example', 'a'.repeat(PASSWORD_MIN - 1));
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: expect.stringContaining('12') });
    const long = await signUp('long@lab.example', 'a'.repeat(PASSWORD_MAX + 1));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ code: 'PASSWORD_TOO_LONG' });
    expect(await handle.db.select().from(users)).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('takes a long passphrase of 64 or 128 characters whole, and compares it exactly as typed', async () => {
    const long = 'glassware in the cold room, labelled by date; '.repeat(3).slice(0, 64);
    const longest = `${long}${long}`;
    for (const [email, password] of [
      ['long@lab.example', long],
      ['longest@lab.example', longest],
    ] as const) {
      await confirmedAccount(email, password);
      expect((await signIn(email, password)).status, `${password.length} characters`).toBe(200);
      // Not cut, not case-folded: a shorter or differently cased password is another one.
      expect((await signIn(email, password.slice(0, -1))).status).toBe(401);
      expect((await signIn(email, password.toUpperCase())).status).toBe(401);
    }
  });

  it('changes a password only with the right current one', async () => {
    await confirmedAccount('change@lab.example');
    const cookie = sessionCookie(await signIn('change@lab.example'));
    const wrong = await post(
      '/change-password',
      { currentPassword: 'not the password', newPassword: 'a new lab passphrase' },
      { headers: { cookie } },
    );
    expect(wrong.status).toBe(400);
    expect((await signIn('change@lab.example', 'a new lab passphrase')).status).toBe(401);
    const right = await post(
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'a new lab passphrase' },
      { headers: { cookie } },
    );
    expect(right.status).toBe(200);
    expect((await signIn('change@lab.example', 'a new lab passphrase')).status).toBe(200);
  });

  it('answers a sign-up for a taken address like a new one, without a mail or a second account', async () => {
    await confirmedAccount('taken@lab.example');
    const before = await outbox();
    const res = await signUp('taken@lab.example', 'another passphrase');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token: null, user: { email: 'taken@lab.example', emailVerified: false } });
    expect(await outbox()).toHaveLength(before.length);
    expect(await handle.db.select().from(users)).toHaveLength(1);
    expect((await signIn('taken@lab.example', 'another passphrase')).status).toBe(401);
  });

  it('gives no access: a confirmed, signed-in account without a role is refused by requireRole', async () => {
    await confirmedAccount('norole@lab.example');
    const cookie = sessionCookie(await signIn('norole@lab.example'));
    const staff = await requireRole(requestWith(cookie), 'viewer');
    expect(staff).toBeInstanceOf(Response);
    expect((staff as Response).status).toBe(403);
    expect(await handle.db.select().from(userRoles)).toEqual([]);
  });
});

describe('confirmation before the first sign-in', () => {
  it('refuses an unconfirmed account with EMAIL_NOT_VERIFIED, and lets it in after the link was followed', async () => {
    expect((await signUp('new@lab.example')).status).toBe(200);
    const refused = await signIn('new@lab.example');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: expect.stringMatching(/confirm your email address first/i),
    });
    expect(refused.headers.getSetCookie().filter((c) => c.includes('session_token='))).toEqual([]);

    // The refused attempt sent a fresh link; either one works.
    const links = (await outbox()).filter((m) => m.kind === 'auth.verify');
    expect(links.length).toBeGreaterThanOrEqual(1);
    const link = new URL(links[0]!.textBody.match(/https?:\/\/\S+/)![0]);
    const verified = await get(link.pathname + link.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/admin');
    const [user] = await handle.db.select().from(users).where(eq(users.email, 'new@lab.example'));
    expect(user!.emailVerified).toBe(true);

    const res = await signIn('new@lab.example');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email: 'new@lab.example', emailVerified: true } });
  });

  it('does not confirm with a forged token', async () => {
    expect((await signUp('forged@lab.example')).status).toBe(200);
    const res = await get('/api/auth/verify-email?token=not-a-token&callbackURL=%2Fadmin');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin?error=INVALID_TOKEN');
    expect((await signIn('forged@lab.example')).status).toBe(403);
  });
});

describe('sessions', () => {
  it('sets the session cookie HttpOnly and SameSite=Lax, and it names the signed-in user', async () => {
    await confirmedAccount('cookie@lab.example');
    const res = await signIn('cookie@lab.example');
    expect(res.status).toBe(200);
    const set = res.headers.getSetCookie().find((c) => c.includes('.session_token='))!;
    // Locally the site is plain http: a Secure cookie would be dropped on a LAN address.
    expect(set).toMatch(/^better-auth\.session_token=/);
    const attributes = set.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).not.toContain('secure');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');

    const user = await getSessionUser(handle.db, requestWith(sessionCookie(res)));
    expect(user).toMatchObject({ email: 'cookie@lab.example', name: 'Rosalind Franklin' });
    const session = await get('/api/auth/get-session', withCookie(sessionCookie(res)));
    expect(await session.json()).toMatchObject({ user: { email: 'cookie@lab.example' } });
  });

  it('makes the cookie Secure with the __Secure- name wherever the site is deployed (HTTPS only)', async () => {
    await confirmedAccount('secure@lab.example');
    vi.stubEnv('SITE_ID', 'a1b2c3');
    vi.stubEnv('BETTER_AUTH_SECRET', 'x'.repeat(44));
    vi.stubEnv('DATABASE_URL', 'postgres://unused'); // the handle below is the database
    // A new identity for the same database, so better-auth is set up afresh for the deployed site.
    useDatabase({ ...handle, db: Object.create(handle.db) as typeof handle.db });
    try {
      const res = await signIn('secure@lab.example');
      expect(res.status).toBe(200);
      const set = res.headers.getSetCookie().find((c) => c.includes('.session_token='))!;
      expect(set).toMatch(/^__Secure-better-auth\.session_token=/);
      expect(set.split(';').map((a) => a.trim().toLowerCase())).toContain('secure');
    } finally {
      vi.unstubAllEnvs();
      useDatabase(handle);
    }
  });

  it('signs in on a LAN address of the local server (the request host is the origin)', async () => {
    await confirmedAccount('lan@lab.example');
    const lan = 'http://192.168.1.20:4321';
    const res = await post('/sign-in/email', { email: 'lan@lab.example', password: PASSWORD }, { origin: lan });
    expect(res.status).toBe(403); // the page was opened on the LAN address, the request went to localhost
    const onLan = await call(
      auth,
      `${lan}/api/auth/sign-in/email`,
      { email: 'lan@lab.example', password: PASSWORD },
      {
        origin: lan,
      },
    );
    expect(onLan.status).toBe(200);
    const user = await getSessionUser(handle.db, requestWith(sessionCookie(onLan)));
    expect(user).toMatchObject({ email: 'lan@lab.example' });
  });

  it('ends the session on the server at sign-out: the old cookie no longer names anyone', async () => {
    await confirmedAccount('out@lab.example');
    const cookie = sessionCookie(await signIn('out@lab.example'));
    expect(await getSessionUser(handle.db, requestWith(cookie))).not.toBeNull();

    const res = await post('/sign-out', {}, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    expect(await getSessionUser(handle.db, requestWith(cookie))).toBeNull();
    expect(await handle.db.select().from(sessions)).toEqual([]);
    const session = await get('/api/auth/get-session', withCookie(cookie));
    expect(await session.json()).toBeNull();
  });
});

describe('sign-in refusals', () => {
  it('answers an unknown email and a wrong password alike', async () => {
    await confirmedAccount('known@lab.example');
    const unknown = await signIn('nobody@lab.example', 'wrong password!');
    const wrong = await signIn('known@lab.example', 'wrong password!');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(unknown.status);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it(`answers the ${SIGN_IN_LIMIT.max + 1}th attempt from one address within the window with 429, kept in the database`, async () => {
    const ip = '203.0.113.7';
    // A new account each time: the per-account lock (sign-in-guard.test.ts) must not be what answers here.
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) {
      expect((await signIn(`nobody${i}@lab.example`, 'wrong password!', { ip })).status).toBe(401);
    }
    const limited = await signIn('limited@lab.example', 'wrong password!', { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(SIGN_IN_LIMIT.window - 60);
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limited' } });

    // The counter is a row, so every function instance sees it.
    const [row] = await handle.db
      .select()
      .from(authRateLimits)
      .where(eq(authRateLimits.key, `${ip}|/sign-in/email`));
    expect(row!.count).toBe(SIGN_IN_LIMIT.max);
    // A client cannot pick its own address: the header it sends is replaced by the platform's.
    const spoofed = await signIn('spoofed@lab.example', 'x', { ip, headers: { 'x-forwarded-for': '192.0.2.1' } });
    expect(spoofed.status).toBe(429);
    // Another address still gets through.
    expect((await signIn('elsewhere@lab.example', 'wrong password!', { ip: '203.0.113.8' })).status).toBe(401);
  });

  it('refuses a sign-in from a foreign Origin (403) before better-auth sees it', async () => {
    await confirmedAccount('csrf@lab.example');
    const foreign = await signIn('csrf@lab.example', PASSWORD, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: 'forbidden_origin' } });
    const none = await signIn('csrf@lab.example', PASSWORD, { origin: null });
    expect(none.status).toBe(403);
    expect(await handle.db.select().from(sessions)).toEqual([]);
  });
});

describe('password reset', () => {
  it('mails a link to the reset form; the new password works afterwards and the old one does not', async () => {
    await confirmedAccount('forgot@lab.example');
    const before = sessionCookie(await signIn('forgot@lab.example'));

    const asked = await post('/request-password-reset', { email: 'forgot@lab.example' });
    expect(asked.status).toBe(200);
    const answer = await asked.json();
    expect(answer).toMatchObject({ status: true });
    const link = await linkIn('auth.reset', 'forgot@lab.example');
    expect(link.origin + link.pathname).toBe(`${origin}/admin`);
    const token = link.searchParams.get('reset');
    expect(token).toBeTruthy();

    const newPassword = 'a new long passphrase';
    const reset = await post('/reset-password', { token, newPassword });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ status: true });

    expect((await signIn('forgot@lab.example', PASSWORD)).status).toBe(401);
    expect((await signIn('forgot@lab.example', newPassword)).status).toBe(200);
    // Sessions from before the reset are over; the token works once.
    expect(await getSessionUser(handle.db, requestWith(before))).toBeNull();
    expect((await post('/reset-password', { token, newPassword: 'yet another passphrase' })).status).toBe(400);
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const res = await post('/request-password-reset', { email: 'stranger@lab.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: true });
    expect(await outbox()).toEqual([]);
  });

  it(`refuses a new password shorter than ${PASSWORD_MIN} characters`, async () => {
    await confirmedAccount('weak@lab.example');
    await post('/request-password-reset', { email: 'weak@lab.example' });
    const token = (await linkIn('auth.reset', 'weak@lab.example')).searchParams.get('reset');
    const res = await post('/reset-password', { token, newPassword: 'a'.repeat(PASSWORD_MIN - 1) });
    expect(res.status).toBe(400);
    expect((await signIn('weak@lab.example')).status).toBe(200);
  });
});

describe('the function around better-auth', () => {
  it('answers 503 unavailable without details when the database cannot be opened', async () => {
    const down = Promise.reject(new Error('connection refused at 10.0.0.1'));
    down.catch(() => {});
    useDatabase(down);
    try {
      const res = await signIn('any@lab.example');
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ error: { code: 'unavailable' } });
      expect(text).not.toContain('10.0.0.1');
    } finally {
      useDatabase(handle);
    }
  });
});
