/**
 * The attacks on sign-in that the per-IP limit alone let through: many addresses guessing one account's
 * password, and an IPv6 /64 rotating its lower bits.
 */
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import auth from '../../../netlify/functions/auth.mts';
import { authRateLimits, rateLimits } from '../../../src/db/schema.ts';
import { SIGN_IN_LIMIT } from '../../../src/features/accounts/auth.ts';
import {
  accountKey,
  FAILURES_BEFORE_LOCK,
  lockSeconds,
  MAX_LOCK_SECONDS,
} from '../../../src/features/accounts/sign-in-guard.ts';
import { call } from '../function-harness.ts';
import { PASSWORD, post, signIn } from './browser.ts';
import { advance, confirmedAccount, fakeDate, resetToken, useAuthDatabase } from './harness.ts';

const handle = useAuthDatabase();
fakeDate();

/** Many sign-ins, each hashing a password: a loaded machine needs time. */
const SLOW = 60_000;

/** One wrong guess at `email` from its own address, as a botnet sends them. */
const guessFrom = (n: number, email: string) => signIn(email, `guess number ${n}!`, { ip: `192.0.2.${(n % 250) + 1}` });

/** The answer's status, Retry-After and body, for comparing two answers. */
async function shape(res: Response) {
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

describe('50 guesses at one account from 50 addresses', { timeout: SLOW }, () => {
  it(
    'locks the account after the threshold (the right password too) until the growing back-off passes',
    { timeout: 2 * SLOW },
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
  );

  it('counts the address in any letter case as one account', async () => {
    await confirmedAccount('case@lab.example');
    for (let n = 0; n < FAILURES_BEFORE_LOCK; n++) {
      const email = n % 2 ? 'CASE@lab.example' : 'Case@Lab.Example';
      expect((await guessFrom(n, email)).status).toBe(401);
    }
    expect((await signIn('case@lab.example')).status).toBe(429);
  });

  it('counts form-encoded sign-ins too (better-auth takes them), by the last of a repeated field', async () => {
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
  });

  it('answers an unknown address exactly like a known one, before and during the lock', async () => {
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
  });

  it('does not count a request refused before any password was compared', async () => {
    await confirmedAccount('careful@lab.example');
    for (let n = 0; n < 10; n++) {
      const tooLong = await signIn('careful@lab.example', 'x'.repeat(200), { ip: `192.0.2.${n + 1}` });
      expect(tooLong.status).toBe(400);
    }
    expect((await signIn('careful@lab.example')).status).toBe(200);
  });

  it('a password reset clears the lock, as the message promises', async () => {
    await confirmedAccount('reset@lab.example');
    for (let n = 0; n < FAILURES_BEFORE_LOCK; n++) await guessFrom(n, 'reset@lab.example');
    expect((await signIn('reset@lab.example')).status).toBe(429);
    const token = await resetToken('reset@lab.example');
    expect((await post('/reset-password', { token, newPassword: 'a brand new passphrase' })).status).toBe(200);
    expect((await signIn('reset@lab.example', 'a brand new passphrase')).status).toBe(200);
  });

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

describe('an IPv6 /64 rotating its addresses', { timeout: SLOW }, () => {
  it('shares one per-IP limit across the /64; the next /64 is counted apart', async () => {
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
  });
});
