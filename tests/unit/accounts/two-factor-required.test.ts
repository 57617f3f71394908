// STAFF_2FA_REQUIRED: staff of any role without two-factor sign-in get nothing but /api/admin/me (and the auth
// routes of the setup and sign-out) until they turn it on. On by default where deployed, off locally.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import adminMe from '../../../netlify/functions/admin-me.mts';
import adminSubmissions from '../../../netlify/functions/admin-submissions.mts';
import { userRoles, users, type Role } from '../../../src/db/schema.ts';
import { hasRole } from '../../../src/features/accounts/require-role.ts';
import { call } from '../function-harness.ts';
import { request } from '../staff-harness.ts';
import { useLocalBlobs } from '../test-blobs.ts';
import { post, sessionCookie, signIn, withCookie } from './browser.ts';
import { deployed, signedIn, useAuthDatabase } from './harness.ts';
import { adminRoutes } from './role-routes.ts';
import { enable } from './two-factor-harness.ts';

useLocalBlobs('two-factor-required-test');
const handle = useAuthDatabase();
afterEach(() => vi.unstubAllEnvs());

const get = (fn: typeof adminMe, path: string, cookie: string) =>
  call(fn, path, undefined, { method: 'GET', headers: { cookie } });

/** A confirmed, signed-in account holding `role`: its session cookie. */
async function staffMember(email: string, role: Role): Promise<string> {
  const cookie = await signedIn(email);
  const [user] = await handle.db.select().from(users).where(eq(users.email, email));
  await handle.db.insert(userRoles).values({ userId: user!.id, role });
  return cookie;
}

const submissions = async (cookie: string) => (await get(adminSubmissions, '/api/admin/submissions', cookie)).status;

describe('STAFF_2FA_REQUIRED', () => {
  const { routes } = adminRoutes(handle);

  it.each(['editor', 'viewer'] as const)(
    'refuses a %s without two-factor sign-in every staff route its role opens but /api/admin/me, and lets them in once it is on',
    async (role) => {
      vi.stubEnv('STAFF_2FA_REQUIRED', 'true');
      const email = `${role}@lab.example`;
      const cookie = await staffMember(email, role);
      const opened = Object.entries(routes).filter(([, r]) => r.needs !== null && hasRole([role], r.needs));
      expect(opened.length).toBeGreaterThan(10);
      for (const [name, route] of opened) {
        const { path, body } = await route.prepare();
        const res = await request(route.fn, route.method, path, body, { headers: { cookie } });
        expect(res.status, name).toBe(403);
        expect((await res.json()).error, name).toMatchObject({ code: 'two_factor_required' });
      }
      const me = await get(adminMe, '/api/admin/me', cookie);
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({
        user: { email, twoFactorEnabled: false, twoFactorRequired: true },
        roles: [role],
      });

      // What the setup needs stays open: the two-factor routes (enable() goes through them).
      const { cookie: after } = await enable(email, cookie);
      expect(await submissions(after)).toBe(200);
      expect(await (await get(adminMe, '/api/admin/me', after)).json()).toMatchObject({
        user: { twoFactorEnabled: true, twoFactorRequired: true },
      });
    },
  );

  it('the refusal names the way out, and sign-out still works without two-factor sign-in', async () => {
    vi.stubEnv('STAFF_2FA_REQUIRED', 'true');
    const cookie = await staffMember('out@lab.example', 'editor');
    const refused = await get(adminSubmissions, '/api/admin/submissions', cookie);
    expect((await refused.json()).error.message).toMatch(/Staff must turn on two-factor sign-in.*Account security/);
    expect((await post('/sign-out', {}, withCookie(cookie))).status).toBe(200);
    expect((await get(adminMe, '/api/admin/me', cookie)).status).toBe(401);
  });

  it('asks nothing of an account without a role (it opens nothing anyway)', async () => {
    vi.stubEnv('STAFF_2FA_REQUIRED', 'true');
    const cookie = await signedIn('none@lab.example');
    expect(await (await get(adminMe, '/api/admin/me', cookie)).json()).toMatchObject({
      user: { twoFactorRequired: false },
      roles: [],
    });
  });

  it('is off locally when unset, and STAFF_2FA_REQUIRED=false keeps it off', async () => {
    const cookie = await staffMember('local@lab.example', 'editor');
    expect(await submissions(cookie)).toBe(200);
    expect(await (await get(adminMe, '/api/admin/me', cookie)).json()).toMatchObject({
      user: { twoFactorRequired: false },
    });
    vi.stubEnv('STAFF_2FA_REQUIRED', 'false');
    expect(await submissions(cookie)).toBe(200);
  });

  it('is on by default on a deployed site, and STAFF_2FA_REQUIRED=false turns it off there', async () => {
    await staffMember('deployed@lab.example', 'viewer');
    await deployed(async () => {
      const res = await signIn('deployed@lab.example');
      expect(res.status).toBe(200);
      const cookie = sessionCookie(res);
      expect(cookie).toMatch(/^__Secure-/);
      const refused = await get(adminSubmissions, '/api/admin/submissions', cookie);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.code).toBe('two_factor_required');
      vi.stubEnv('STAFF_2FA_REQUIRED', 'false');
      expect(await submissions(cookie)).toBe(200);
    });
  });

  it('keeps the deprecated ADMIN_2FA_REQUIRED=true: admins still need it where STAFF_2FA_REQUIRED=false, viewers not', async () => {
    vi.stubEnv('STAFF_2FA_REQUIRED', 'false');
    vi.stubEnv('ADMIN_2FA_REQUIRED', 'true');
    const boss = await staffMember('boss@lab.example', 'admin');
    const viewer = await staffMember('viewer@lab.example', 'viewer');
    const refused = await get(adminSubmissions, '/api/admin/submissions', boss);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('two_factor_required');
    expect(await submissions(viewer)).toBe(200);
    const { cookie: after } = await enable('boss@lab.example', boss);
    expect(await submissions(after)).toBe(200);
  });
});
