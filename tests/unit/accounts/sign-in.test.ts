// Signing in and out: the session cookie, the refusals (a wrong password, the per-IP limit, a foreign Origin) and
// the answer when the database is down.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import auth from '../../../netlify/functions/auth.mts';
import { useDatabase } from '../../../src/db/client.ts';
import { authRateLimits, sessions } from '../../../src/db/schema.ts';
import { SIGN_IN_LIMIT } from '../../../src/features/accounts/auth.ts';
import { getSessionUser } from '../../../src/features/accounts/session-user.ts';
import { call } from '../function-harness.ts';
import { get, PASSWORD, post, requestWith, sessionCookie, signIn, withCookie } from './browser.ts';
import { confirmedAccount, deployed, useAuthDatabase } from './harness.ts';

const handle = useAuthDatabase();

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
    await deployed(async () => {
      const res = await signIn('secure@lab.example');
      expect(res.status).toBe(200);
      const set = res.headers.getSetCookie().find((c) => c.includes('.session_token='))!;
      expect(set).toMatch(/^__Secure-better-auth\.session_token=/);
      expect(set.split(';').map((a) => a.trim().toLowerCase())).toContain('secure');
    });
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
