import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, sessions, userRoles, users } from '../../../src/db/schema.ts';
import { requireRole } from '../../../src/features/accounts/require-role.ts';
import { SESSION_LIMITS } from '../../../src/features/accounts/session-limits.ts';
import { getSessionUser } from '../../../src/features/accounts/session-user.ts';
import { get, PASSWORD, post, requestWith, sessionCookie, signIn, withCookie } from './browser.ts';
import { useAuthDatabase } from './harness.ts';

const handle = useAuthDatabase();

const MINUTE = 60_000;
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

/** A confirmed staff account with the viewer role, as `npm run admin` makes one. */
async function viewer(email: string): Promise<void> {
  const now = new Date();
  const id = `u-${email}`;
  const { hashPassword } = await import('../../../src/features/accounts/password-hash.ts');
  await handle.db.insert(users).values({ id, email, name: 'Ada', emailVerified: true, createdAt: now, updatedAt: now });
  await handle.db.insert(accounts).values({
    id: `a-${email}`,
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(PASSWORD),
    createdAt: now,
    updatedAt: now,
  });
  await handle.db.insert(userRoles).values({ userId: id, role: 'viewer' });
}

/** The session row of a cookie. */
async function rowOf(cookie: string) {
  const [row] = await handle.db
    .select()
    .from(sessions)
    .where(eq(sessions.token, tokenOf(cookie)));
  return row;
}

/** Sets a session's times as if it began `ageMinutes` ago and its last request was `idleMinutes` ago. */
async function age(cookie: string, ageMinutes: number, idleMinutes: number): Promise<void> {
  const row = (await rowOf(cookie))!;
  const now = Date.now();
  // expiresAt keeps its distance from updatedAt, as better-auth's own refresh leaves it.
  const lead = row.expiresAt.getTime() - row.updatedAt.getTime();
  await handle.db
    .update(sessions)
    .set({
      createdAt: new Date(now - ageMinutes * MINUTE),
      updatedAt: new Date(now - idleMinutes * MINUTE),
      expiresAt: new Date(now - idleMinutes * MINUTE + lead),
    })
    .where(eq(sessions.id, row.id));
}

/** Both ways a session is read: the admin guard (every admin endpoint) and better-auth's get-session. */
async function readBothWays(cookie: string) {
  const staff = await requireRole(requestWith(cookie), 'viewer');
  const answer = await get('/api/auth/get-session', withCookie(cookie));
  return { staff, session: await answer.json() };
}

describe('session limits', () => {
  it('are 12 hours from sign-in and 1 hour without a request, in one constant', () => {
    expect(SESSION_LIMITS).toEqual({ absoluteSeconds: 12 * 3600, idleSeconds: 3600 });
  });

  it('refuse a session 12 h + 1 min old although it was used a minute ago (401, get-session null), and delete it', async () => {
    await viewer('old@lab.example');
    const cookie = sessionCookie(await signIn('old@lab.example'));
    await age(cookie, 12 * 60 + 1, 1);

    const staff = await requireRole(requestWith(cookie), 'viewer');
    expect(staff).toBeInstanceOf(Response);
    expect((staff as Response).status).toBe(401);
    expect(await rowOf(cookie)).toBeUndefined();
  });

  it('refuse the same over-age session in better-auth get-session too', async () => {
    await viewer('old2@lab.example');
    const cookie = sessionCookie(await signIn('old2@lab.example'));
    await age(cookie, 12 * 60 + 1, 1);

    const answer = await get('/api/auth/get-session', withCookie(cookie));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toBeNull();
    // The browser is told to drop the cookie, and the row is gone.
    expect(answer.headers.getSetCookie().some((c) => c.includes('.session_token=') && /max-age=0/i.test(c))).toBe(true);
    expect(await rowOf(cookie)).toBeUndefined();
    expect(await getSessionUser(handle.db, requestWith(cookie))).toBeNull();
  });

  it('refuse a session idle for 61 minutes, both ways', async () => {
    await viewer('idle@lab.example');
    const cookie = sessionCookie(await signIn('idle@lab.example'));
    await age(cookie, 61, 61);

    const { staff, session } = await readBothWays(cookie);
    expect((staff as Response).status).toBe(401);
    expect(session).toBeNull();
    expect(await rowOf(cookie)).toBeUndefined();
  });

  it('let a session within both limits through, and a request moves its idle clock on', async () => {
    await viewer('active@lab.example');
    const cookie = sessionCookie(await signIn('active@lab.example'));
    await age(cookie, 11 * 60 + 55, 59);

    const staff = await requireRole(requestWith(cookie), 'viewer');
    expect(staff).not.toBeInstanceOf(Response);
    const row = (await rowOf(cookie))!;
    expect(Date.now() - row.updatedAt.getTime()).toBeLessThan(MINUTE);
    const answer = await get('/api/auth/get-session', withCookie(cookie));
    expect(await answer.json()).toMatchObject({ user: { email: 'active@lab.example' } });
    // The cookie cache is off: no copy of the session travels in a cookie that the database cannot end.
    expect(answer.headers.getSetCookie().filter((c) => c.includes('session_data=') && !/max-age=0/i.test(c))).toEqual(
      [],
    );

    // 59 minutes later than that, still fine; the absolute cap still counts from sign-in.
    await age(cookie, 12 * 60 - 1, 59);
    expect(await requireRole(requestWith(cookie), 'viewer')).not.toBeInstanceOf(Response);
    await age(cookie, 12 * 60 + 1, 0);
    expect(((await requireRole(requestWith(cookie), 'viewer')) as Response).status).toBe(401);
  });

  it('keep the cookie for the absolute cap, not the idle hour (the admin calls never renew it)', async () => {
    await viewer('cookie@lab.example');
    const res = await signIn('cookie@lab.example');
    const set = res.headers.getSetCookie().find((c) => c.includes('.session_token='))!;
    expect(set).toMatch(/max-age=43200(;|$)/i); // 12 hours
  });
});

// Each test hashes passwords several times (scrypt): slow on a busy machine.
describe('a password change', { timeout: 60_000 }, () => {
  it('ends every other session of the user, even when the client asks to keep them', async () => {
    await viewer('change@lab.example');
    const here = sessionCookie(await signIn('change@lab.example'));
    const elsewhere = sessionCookie(await signIn('change@lab.example'));
    const newPassword = 'a brand new passphrase';

    const res = await post(
      '/change-password',
      { currentPassword: PASSWORD, newPassword, revokeOtherSessions: false },
      withCookie(here),
    );
    expect(res.status).toBe(200);
    expect(await getSessionUser(handle.db, requestWith(elsewhere))).toBeNull();
    expect(((await requireRole(requestWith(elsewhere), 'viewer')) as Response).status).toBe(401);
    // The browser that changed it stays signed in, on a new session.
    const renewed = sessionCookie(res);
    expect(await getSessionUser(handle.db, requestWith(renewed))).toMatchObject({ email: 'change@lab.example' });
    expect(await handle.db.select().from(sessions)).toHaveLength(1);
    expect((await signIn('change@lab.example', newPassword)).status).toBe(200);
  });

  it('without the flag ends the other sessions as well', async () => {
    await viewer('change2@lab.example');
    const here = sessionCookie(await signIn('change2@lab.example'));
    const elsewhere = sessionCookie(await signIn('change2@lab.example'));
    const res = await post(
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' },
      withCookie(here),
    );
    expect(res.status).toBe(200);
    expect(await getSessionUser(handle.db, requestWith(elsewhere))).toBeNull();
  });
});
