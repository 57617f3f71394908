// A staff member's own sessions (ASVS 7.5.2): listed with device, browser, address and times; another one, or
// every other one, signed out behind the password; never another account's; each sign-out in the audit log.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as sessionsFn from '../../../netlify/functions/admin-sessions.mts';
import { auditLog, sessions, userRoles, users } from '../../../src/db/schema.ts';
import type { OwnSession } from '../../../src/features/accounts/contract.ts';
import { SESSION_LIMITS } from '../../../src/features/accounts/session-limits.ts';
import { FAILURES_BEFORE_LOCK } from '../../../src/features/accounts/sign-in-guard.ts';
import { errorOf, request } from '../staff-harness.ts';
import { PASSWORD, sessionCookie, signIn } from './browser.ts';
import { confirmedAccount, useAuthDatabase } from './harness.ts';

const handle = useAuthDatabase();

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Signs `email` in from a browser of `userAgent` at `ip`: its session cookie. */
async function browser(email: string, userAgent: string, ip = '203.0.113.7'): Promise<string> {
  const res = await signIn(email, PASSWORD, { ip, headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(200);
  return sessionCookie(res);
}

async function editor(email: string): Promise<string> {
  await confirmedAccount(email);
  const [user] = await handle.db.select().from(users).where(eq(users.email, email));
  await handle.db.insert(userRoles).values({ userId: user!.id, role: 'editor' });
  return user!.id;
}

const as = (cookie: string) => ({ headers: { cookie } });
const list = async (cookie: string) => {
  const res = await request(sessionsFn, 'GET', '/api/admin/sessions', undefined, as(cookie));
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: OwnSession[] }).items;
};
const signOut = (cookie: string, id: string, password = PASSWORD) =>
  request(sessionsFn, 'POST', `/api/admin/sessions/${id}/sign-out`, { password }, as(cookie));
const signOutOthers = (cookie: string, password = PASSWORD) =>
  request(sessionsFn, 'POST', '/api/admin/sessions/sign-out-others', { password }, as(cookie));
const sessionIds = async (userId: string) =>
  (await handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((r) => r.id);
const logged = (userId: string, action: 'account.session-signout' | 'account.session-signout-others') =>
  handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, action)));

describe('GET /api/admin/sessions', () => {
  it("lists the account's own live sessions with device, browser, address (IPv6 by its /64) and times, marking this one; no other account's, no token", async () => {
    const me = await editor('ada@lab.example');
    await editor('bob@lab.example');
    const phone = await browser('ada@lab.example', IPHONE, '2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    const laptop = await browser('ada@lab.example', WINDOWS_FIREFOX, '203.0.113.7');
    const bob = await browser('bob@lab.example', MAC_CHROME);
    const res = await request(sessionsFn, 'GET', '/api/admin/sessions', undefined, as(laptop));
    const text = await res.text();
    for (const cookie of [phone, laptop, bob]) {
      expect(text).not.toContain(decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!);
    }
    const items = (JSON.parse(text) as { items: OwnSession[] }).items;
    expect(items.map((s) => s.id).sort()).toEqual((await sessionIds(me)).sort());
    expect(items).toHaveLength(2);
    const byDevice = Object.fromEntries(items.map((s) => [s.device, s]));
    expect(byDevice.iPhone).toMatchObject({ browser: 'Safari 17', ipAddress: '2001:db8:1:2::/64', current: false });
    expect(byDevice['Windows computer']).toMatchObject({
      browser: 'Firefox 128',
      ipAddress: '203.0.113.7',
      current: true,
    });
    for (const s of items) {
      expect(Date.now() - new Date(s.createdAt).getTime()).toBeLessThan(60_000);
      expect(Date.now() - new Date(s.lastUsedAt).getTime()).toBeLessThan(60_000);
    }
  });

  it('moves "last used" on when a session is used, and leaves out a session past its limits', async () => {
    const me = await editor('cy@lab.example');
    const used = await browser('cy@lab.example', MAC_CHROME);
    const idle = await browser('cy@lab.example', IPHONE);
    const [usedId, idleId] = [
      (await list(used)).find((s) => s.current)!.id,
      (await list(idle)).find((s) => s.current)!.id,
    ];
    // Last touched 10 minutes ago: better-auth moved the expiry on with it then (the 12 h from that moment).
    const earlier = new Date(Date.now() - 10 * 60_000);
    const expiresAt = new Date(earlier.getTime() + SESSION_LIMITS.absoluteSeconds * 1000);
    await handle.db.update(sessions).set({ updatedAt: earlier, expiresAt }).where(eq(sessions.id, usedId));
    await handle.db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(sessions.id, idleId));
    const items = await list(used); // the call itself is a use of the session
    expect(items.map((s) => s.id)).toEqual([usedId]);
    expect(new Date(items[0]!.lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 5_000);
    expect(await sessionIds(me)).toContain(idleId); // ended by its own next request; never listed as alive
  });
});

describe('POST /api/admin/sessions/:id/sign-out', () => {
  it('signs out another session only with the password; that browser is signed out at its next call; audited', async () => {
    const me = await editor('dee@lab.example');
    const here = await browser('dee@lab.example', MAC_CHROME);
    const there = await browser('dee@lab.example', IPHONE, '2001:db8:9:9::1');
    const other = (await list(here)).find((s) => !s.current)!;

    const wrong = await signOut(here, other.id, 'not my password');
    expect(wrong.status).toBe(422);
    expect((await errorOf(wrong)).fields).toEqual({ password: 'That password is not right.' });
    const empty = await signOut(here, other.id, '');
    expect(empty.status).toBe(422);
    expect((await errorOf(empty)).fields).toEqual({ password: 'Enter your password.' });
    expect((await list(there)).length).toBe(2); // still signed in

    expect((await signOut(here, other.id)).status).toBe(204);
    const next = await request(sessionsFn, 'GET', '/api/admin/sessions', undefined, as(there));
    expect(next.status).toBe(401);
    expect((await list(here)).map((s) => s.current)).toEqual([true]);
    const [row] = await logged(me, 'account.session-signout');
    expect(row).toMatchObject({ actorEmail: 'dee@lab.example', targetType: 'user', targetId: me });
    expect(row!.detail).toMatchObject({ session: other.id, device: 'iPhone', ipAddress: '2001:db8:9:9::/64' });
  });

  it("refuses another account's session (404) and this browser's own (409), ending neither", async () => {
    await editor('eve@lab.example');
    const victim = await editor('vic@lab.example');
    const eve = await browser('eve@lab.example', MAC_CHROME);
    const vic = await browser('vic@lab.example', IPHONE);
    const [victimSession] = await sessionIds(victim);
    const refused = await signOut(eve, victimSession!);
    expect(refused.status).toBe(404);
    expect((await errorOf(refused)).code).toBe('not_found');
    expect(await sessionIds(victim)).toEqual([victimSession]);
    expect((await list(vic)).length).toBe(1);

    const own = (await list(eve)).find((s) => s.current)!;
    const current = await signOut(eve, own.id);
    expect(current.status).toBe(409);
    expect((await errorOf(current)).code).toBe('current_session');
    expect((await list(eve)).length).toBe(1);
  });

  it("counts a wrong password against the account's sign-in lock", async () => {
    await editor('fay@lab.example');
    const here = await browser('fay@lab.example', MAC_CHROME);
    const other = await browser('fay@lab.example', IPHONE);
    const otherId = (await list(other)).find((s) => s.current)!.id;
    for (let i = 0; i < FAILURES_BEFORE_LOCK; i++) {
      expect((await signOut(here, otherId, `guess ${i}`)).status).toBe(422);
    }
    const locked = await signOut(here, otherId);
    expect(locked.status).toBe(429);
    expect((await errorOf(locked)).code).toBe('rate_limited');
    expect((await signIn('fay@lab.example')).status).toBe(429);
    expect((await list(other)).length).toBe(2);
  });
});

describe('POST /api/admin/sessions/sign-out-others', () => {
  it('signs out every other session of the account behind the password, keeps this one and other accounts’; audited', async () => {
    const me = await editor('gus@lab.example');
    await editor('hal@lab.example');
    const here = await browser('gus@lab.example', MAC_CHROME);
    const phone = await browser('gus@lab.example', IPHONE);
    const laptop = await browser('gus@lab.example', WINDOWS_FIREFOX);
    const hal = await browser('hal@lab.example', IPHONE);

    const wrong = await signOutOthers(here, 'nope nope nope');
    expect(wrong.status).toBe(422);
    expect((await errorOf(wrong)).fields).toEqual({ password: 'That password is not right.' });
    expect((await list(phone)).length).toBe(3);

    const res = await signOutOthers(here);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2 });
    for (const gone of [phone, laptop]) {
      expect((await request(sessionsFn, 'GET', '/api/admin/sessions', undefined, as(gone))).status).toBe(401);
    }
    expect((await list(here)).map((s) => s.current)).toEqual([true]);
    expect((await list(hal)).length).toBe(1);
    const [row] = await logged(me, 'account.session-signout-others');
    expect(row!.detail).toMatchObject({ email: 'gus@lab.example', ended: 2 });
  });
});
