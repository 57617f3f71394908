// ADMIN_2FA_REQUIRED: admins without two-factor sign-in get nothing but /api/admin/me until they turn it on.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import adminMe from '../../../netlify/functions/admin-me.mts';
import adminSubmissions from '../../../netlify/functions/admin-submissions.mts';
import { userRoles, users } from '../../../src/db/schema.ts';
import { call } from '../function-harness.ts';
import { signedIn, useAuthDatabase } from './harness.ts';
import { enable } from './two-factor-harness.ts';

const handle = useAuthDatabase();
afterEach(() => vi.unstubAllEnvs());

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
