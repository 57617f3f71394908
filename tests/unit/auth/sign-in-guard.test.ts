/**
 * The attacks on sign-in and sign-up that the per-IP limit alone let through: many addresses guessing one
 * account's password, an IPv6 /64 rotating its lower bits, and the passwords everybody tries first.
 */
import { eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import auth from '../../../netlify/functions/auth.mts';
import { useDatabase } from '../../../src/db/client.ts';
import {
  accounts,
  authRateLimits,
  mailOutbox,
  rateLimits,
  sessions,
  userRoles,
  users,
  verifications,
} from '../../../src/db/schema.ts';
import { SIGN_IN_LIMIT } from '../../../src/server/auth.ts';
import { COMMON_PASSWORDS } from '../../../src/server/common-passwords.ts';
import { breachedOrUnknown } from '../../../src/server/password-policy.ts';
import { accountKey, FAILURES_BEFORE_LOCK, lockSeconds, MAX_LOCK_SECONDS } from '../../../src/server/sign-in-guard.ts';
import { call, type CallOptions } from '../functions/harness.ts';
import { quietConsole, useTestDatabase } from '../test-db.ts';

quietConsole('log', 'warn', 'error');
const handle = useTestDatabase({
  empty: [mailOutbox, userRoles, sessions, accounts, verifications, users, authRateLimits, rateLimits],
});
afterEach(() => vi.useRealTimers());
beforeEach(() => {
  // Only Date is faked: the lock's clock moves on command, the database and better-auth keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-01T09:00:00Z'));
});

/** Many sign-ins, each hashing a password: a loaded machine needs time. */
const SLOW = 60_000;
const PASSWORD = 'correct horse'; // 13 characters, not a common one
const post = (path: string, body: unknown, init: CallOptions = {}) => call(auth, `/api/auth${path}`, body, init);
const signIn = (email: string, password = PASSWORD, init: CallOptions = {}) =>
  post('/sign-in/email', { email, password }, init);
const signUp = (email: string, password = PASSWORD) =>
  post('/sign-up/email', { email, password, name: 'Rosalind Franklin', callbackURL: '/admin' });
const advance = (seconds: number) => vi.setSystemTime(new Date(Date.now() + seconds * 1000));

/** Signs up and follows the confirmation link, as a new staff member does. */
async function confirmedAccount(email: string, password = PASSWORD): Promise<void> {
  expect((await signUp(email, password)).status).toBe(200);
  const [mail] = (await handle.db.select().from(mailOutbox)).filter((m) => m.kind === 'auth.verify' && m.to === email);
  const link = new URL(mail!.textBody.match(/https?:\/\/\S+/)![0]);
  expect((await call(auth, link.pathname + link.search, undefined, { method: 'GET' })).status).toBe(302);
}

/** The reset token mailed to `email` after asking for one. */
async function resetToken(email: string): Promise<string> {
  expect((await post('/request-password-reset', { email })).status).toBe(200);
  const mails = (await handle.db.select().from(mailOutbox)).filter((m) => m.kind === 'auth.reset' && m.to === email);
  return new URL(mails.at(-1)!.textBody.match(/https?:\/\/\S+/)![0]).searchParams.get('reset')!;
}

/** One wrong guess at `email` from its own address, as a botnet sends them. */
const guessFrom = (n: number, email: string) => signIn(email, `guess number ${n}!`, { ip: `192.0.2.${(n % 250) + 1}` });

/** The answer's status, Retry-After and body, for comparing two answers. */
async function shape(res: Response) {
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

describe('50 guesses at one account from 50 addresses', () => {
  it(
    'locks the account after the threshold (the right password too) until the growing back-off passes',
    async () => {
      await confirmedAccount('target@lab.example');
      const statuses: number[] = [];
      for (let n = 0; n < 50; n++) statuses.push((await guessFrom(n, 'target@lab.example')).status);
      // Each address stays far under the per-IP limit; the account's count stops the guessing.
      expect(statuses.slice(0, FAILURES_BEFORE_LOCK)).toEqual(Array(FAILURES_BEFORE_LOCK).fill(401));
      expect(statuses.slice(FAILURES_BEFORE_LOCK)).toEqual(Array(50 - FAILURES_BEFORE_LOCK).fill(429));

      const locked = await signIn('target@lab.example', PASSWORD, { ip: '198.18.0.1' });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBe(60);
      expect(await locked.json()).toMatchObject({
        error: {
          code: 'rate_limited',
          message: 'Too many failed sign-ins for this account. Try again in 1 minute, or reset your password.',
        },
      });
      expect(locked.headers.getSetCookie().filter((c) => c.includes('session_token='))).toEqual([]);

      // After the minute, one more wrong guess locks it for two, then four.
      advance(61);
      expect((await guessFrom(100, 'target@lab.example')).status).toBe(401);
      const twice = await signIn('target@lab.example', PASSWORD, { ip: '198.18.0.2' });
      expect(twice.status).toBe(429);
      expect(Number(twice.headers.get('retry-after'))).toBe(120);
      expect((await twice.json()).error.message).toContain('Try again in 2 minutes');
      advance(121);
      expect((await guessFrom(101, 'target@lab.example')).status).toBe(401);
      expect(Number((await signIn('target@lab.example', PASSWORD)).headers.get('retry-after'))).toBe(240);

      // Once the back-off has passed, the owner gets in, and that clears the count.
      advance(241);
      expect((await signIn('target@lab.example', PASSWORD, { ip: '198.18.0.3' })).status).toBe(200);
      expect(await handle.db.select().from(rateLimits).where(like(rateLimits.key, 'sign-in-account:%'))).toEqual([]);
      for (let n = 0; n < FAILURES_BEFORE_LOCK - 1; n++) {
        expect((await guessFrom(200 + n, 'target@lab.example')).status).toBe(401);
      }
      expect((await signIn('target@lab.example', PASSWORD)).status).toBe(200);
    },
    2 * SLOW,
  );

  it(
    'counts the address in any letter case as one account',
    async () => {
      await confirmedAccount('case@lab.example');
      for (let n = 0; n < FAILURES_BEFORE_LOCK; n++) {
        const email = n % 2 ? 'CASE@lab.example' : 'Case@Lab.Example';
        expect((await guessFrom(n, email)).status).toBe(401);
      }
      expect((await signIn('case@lab.example')).status).toBe(429);
    },
    SLOW,
  );

  it(
    'counts form-encoded sign-ins too (better-auth takes them), by the last of a repeated field',
    async () => {
      await confirmedAccount('form@lab.example');
      const form = (email: string, password: string, ip: string) =>
        call(auth, '/api/auth/sign-in/email', undefined, {
          ip,
          type: 'application/x-www-form-urlencoded',
          raw: `email=decoy%40lab.example&email=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
        });
      for (let n = 0; n < FAILURES_BEFORE_LOCK; n++) {
        expect((await form('form@lab.example', `wrong guess ${n}!`, `192.0.2.${n + 1}`)).status).toBe(401);
      }
      expect((await signIn('form@lab.example')).status).toBe(429);
      expect((await signIn('decoy@lab.example', 'whatever guess')).status).toBe(401);
    },
    SLOW,
  );

  it(
    'answers an unknown address exactly like a known one, before and during the lock',
    async () => {
      await confirmedAccount('known@lab.example');
      for (let n = 0; n < FAILURES_BEFORE_LOCK + 2; n++) {
        const known = await shape(await guessFrom(n, 'known@lab.example'));
        const unknown = await shape(await guessFrom(n, 'nobody@lab.example'));
        expect(unknown).toEqual(known);
      }
      const [known] = await handle.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, accountKey('known@lab.example')));
      const [unknown] = await handle.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, accountKey('nobody@lab.example')));
      expect(unknown!.count).toBe(known!.count);
    },
    SLOW,
  );

  it(
    'does not count a request refused before any password was compared',
    async () => {
      await confirmedAccount('careful@lab.example');
      for (let n = 0; n < 10; n++) {
        const tooLong = await signIn('careful@lab.example', 'x'.repeat(200), { ip: `192.0.2.${n + 1}` });
        expect(tooLong.status).toBe(400);
      }
      expect((await signIn('careful@lab.example')).status).toBe(200);
    },
    SLOW,
  );

  it(
    'a password reset clears the lock, as the message promises',
    async () => {
      await confirmedAccount('reset@lab.example');
      for (let n = 0; n < FAILURES_BEFORE_LOCK; n++) await guessFrom(n, 'reset@lab.example');
      expect((await signIn('reset@lab.example')).status).toBe(429);
      const token = await resetToken('reset@lab.example');
      expect((await post('/reset-password', { token, newPassword: 'a brand new passphrase' })).status).toBe(200);
      expect((await signIn('reset@lab.example', 'a brand new passphrase')).status).toBe(200);
    },
    SLOW,
  );

  it('grows the lock by doubling from a minute up to an hour', () => {
    expect([4, 5, 6, 7, 10, 11, 12, 1000].map(lockSeconds)).toEqual([
      0,
      60,
      120,
      240,
      1920,
      MAX_LOCK_SECONDS,
      MAX_LOCK_SECONDS,
      MAX_LOCK_SECONDS,
    ]);
  });
});

describe('an IPv6 /64 rotating its addresses', () => {
  it(
    'shares one per-IP limit across the /64; the next /64 is counted apart',
    async () => {
      // A different unknown address each time, so only the per-IP limit is in play.
      const from = (n: number, ip: string) => signIn(`person${n}@lab.example`, 'wrong password!', { ip });
      for (let n = 0; n < SIGN_IN_LIMIT.max; n++) {
        expect((await from(n, `2001:db8:5:6:${n.toString(16)}:abcd:1234:${(n * 7).toString(16)}`)).status).toBe(401);
      }
      const rotated = await from(99, '2001:db8:5:6:ffff:ffff:ffff:fffe');
      expect(rotated.status).toBe(429);
      expect(await rotated.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect((await from(100, '2001:db8:5:7::1')).status).toBe(401);
      const keys = (await handle.db.select().from(authRateLimits)).map((row) => row.key);
      expect(keys).toContain('2001:0db8:0005:0006:0000:0000:0000:0000|/sign-in/email');
    },
    SLOW,
  );
});

describe('common passwords', () => {
  it('holds a few hundred entries, each long enough to pass the length check, in lower case', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const password of COMMON_PASSWORDS) {
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(password).toBe(password.toLowerCase());
    }
    expect(COMMON_PASSWORDS).toContain('password1234');
    expect(COMMON_PASSWORDS).toContain('qwertyuiop123');
  });

  it(
    'refuses one at sign-up in any letter case, for a new or a taken address alike, storing nothing',
    async () => {
      await confirmedAccount('taken@lab.example');
      for (const [email, password] of [
        ['new@lab.example', 'password1234'],
        ['new@lab.example', 'QwertyUiop123'],
        ['taken@lab.example', 'ILOVEYOU1234'],
        ['new@lab.example', '123456789012'],
      ]) {
        const res = await signUp(email!, password);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          code: 'PASSWORD_TOO_COMMON',
          message: 'This password is too common. Choose another one.',
        });
      }
      expect(await handle.db.select().from(users).where(eq(users.email, 'new@lab.example'))).toEqual([]);
    },
    SLOW,
  );

  it(
    'refuses a password made of the site’s words or the account’s own name or address, at sign-up and reset',
    async () => {
      for (const [email, password] of [
        ['rosalind@lab.example', 'my-Bolesta-password'],
        ['rosalind@lab.example', 'Lift Audit 2026 rocks'],
        ['rosalind@lab.example', 'www.bolesta.example!'],
        ['rosalind@lab.example', 'rosalind-1920-london'],
        ['rf@lab.example', 'franklin photo 51 dna'], // the name given at sign-up
      ]) {
        const res = await signUp(email!, password);
        expect(res.status, password).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'PASSWORD_CONTEXTUAL', message: expect.stringMatching(/name/) });
      }
      expect(await handle.db.select().from(users).where(eq(users.email, 'rosalind@lab.example'))).toEqual([]);
      // A short piece of an address is no word of its own: "rf" and "lab" may appear in a password.
      expect((await signUp('rf@lab.example', 'a lab notebook of rf work')).status).toBe(200);

      await confirmedAccount('reset-words@lab.example');
      const token = await resetToken('reset-words@lab.example');
      const res = await post('/reset-password', { token, newPassword: 'bolesta bolesta bolesta' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('PASSWORD_CONTEXTUAL');
    },
    SLOW,
  );

  it(
    'refuses one at password reset and keeps the old password',
    async () => {
      await confirmedAccount('weak@lab.example');
      const token = await resetToken('weak@lab.example');
      const res = await post('/reset-password', { token, newPassword: 'Welcome12345' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
      expect((await signIn('weak@lab.example')).status).toBe(200);
      // The token was not spent on the refusal.
      expect((await post('/reset-password', { token, newPassword: 'an uncommon passphrase' })).status).toBe(200);
    },
    SLOW,
  );
});

describe('the breach check of the deployed site', () => {
  /** Runs `fn` with the settings of a deployed site, on a fresh better-auth instance for the same database. */
  async function deployed(fn: () => Promise<void>): Promise<void> {
    vi.stubEnv('SITE_ID', 'a1b2c3');
    vi.stubEnv('BETTER_AUTH_SECRET', 'x'.repeat(44));
    vi.stubEnv('DATABASE_URL', 'postgres://unused');
    useDatabase({ ...handle, db: Object.create(handle.db) as typeof handle.db });
    try {
      await fn();
    } finally {
      vi.unstubAllEnvs();
      useDatabase(handle);
    }
  }

  it(
    'never blocks a sign-up when the service cannot be reached (fails open)',
    async () => {
      const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
      await deployed(async () => {
        expect((await signUp('open@lab.example', 'an uncommon passphrase')).status).toBe(200);
      });
      expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^https:\/\/api\.pwnedpasswords\.com\/range\/[0-9A-F]{5}$/);
    },
    SLOW,
  );

  it(
    'refuses a password the service reports as breached, with a clear message',
    async () => {
      const sha1 = (await import('node:crypto')).createHash('sha1').update('an uncommon passphrase').digest('hex');
      vi.spyOn(globalThis, 'fetch').mockResolvedValue(
        new Response(`${sha1.slice(5).toUpperCase()}:42\r\n0000000000000000000000000000000000A:0`, {
          headers: { 'content-type': 'text/plain' },
        }),
      );
      await deployed(async () => {
        const res = await signUp('breached@lab.example', 'an uncommon passphrase');
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({
          code: 'PASSWORD_COMPROMISED',
          message: expect.stringMatching(/breach/),
        });
      });
    },
    SLOW,
  );

  it(
    'gives up on a slow service after its timeout and lets the password through',
    async () => {
      const never = () => new Promise<boolean>(() => {});
      expect(await breachedOrUnknown(never, 'whatever passphrase', 20)).toBe(false);
      expect(await breachedOrUnknown(async () => true, 'whatever passphrase', 20)).toBe(true);
    },
    SLOW,
  );
});
