import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as rolesFn from '../../../netlify/functions/admin-roles.mts';
import { sessions, userRoles, users, type Role } from '../../../src/db/schema.ts';
import { addUser, errorOf, request, signIn, staff, useAdminDatabase } from '../staff-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = useAdminDatabase();
beforeEach(async () => {
  await addUser(handle, staff.admin, ['admin']);
  await addUser(handle, staff.noRole);
  // Staff accounts have confirmed their addresses; only a confirmed account can be given a role.
  await handle.db.update(users).set({ emailVerified: true });
  signIn('admin');
});

/** An account whose owner never confirmed the address (someone signed up with a colleague's email). */
async function unconfirmedUser(roles: Role[] = []) {
  const user = {
    id: randomUUID(),
    email: 'colleague@agency.example',
    name: 'Squatter',
    twoFactorEnabled: false,
    passwordChangeRequired: false,
  };
  await handle.db.insert(users).values({ ...user, emailVerified: false });
  for (const role of roles) await handle.db.insert(userRoles).values({ userId: user.id, role });
  return user;
}

const add = (body: unknown) => request(rolesFn, 'POST', '/api/admin/roles', body);
const remove = (id: string) => request(rolesFn, 'DELETE', `/api/admin/roles/${id}`);
const list = async () => (await (await request(rolesFn, 'GET', '/api/admin/roles')).json()).items;
const roleId = async (userId: string, role: Role) =>
  (await handle.db.select().from(userRoles).where(eq(userRoles.userId, userId))).find((r) => r.role === role)!.id;

describe('GET /api/admin/roles', () => {
  it('lists every role newest first with its holder’s email', async () => {
    await handle.db
      .insert(userRoles)
      .values({ userId: staff.noRole.id, role: 'editor', createdAt: new Date(Date.now() + 1000) });
    const items = await list();
    expect(items).toEqual([
      {
        id: expect.any(String),
        userId: staff.noRole.id,
        email: staff.noRole.email,
        role: 'editor',
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        userId: staff.admin.id,
        email: staff.admin.email,
        role: 'admin',
        createdAt: expect.any(String),
      },
    ]);
  });
});

describe('POST /api/admin/roles', () => {
  it('grants viewer by default to the account with that email (any case) and answers 201 { role }', async () => {
    const res = await add({ email: '  NoBody@Example.com ' });
    expect(res.status).toBe(201);
    const { role } = await res.json();
    expect(role).toEqual({
      id: expect.any(String),
      userId: staff.noRole.id,
      email: staff.noRole.email,
      role: 'viewer',
      createdAt: expect.any(String),
    });
    expect((await add({ email: staff.noRole.email, role: 'editor' })).status).toBe(201);
    expect((await list()).filter((r: { userId: string }) => r.userId === staff.noRole.id)).toHaveLength(2);
  });

  it('answers 404 user_not_found with the portal’s message for an unknown email', async () => {
    const res = await add({ email: 'stranger@example.com', role: 'viewer' });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: 'user_not_found', message: 'User with this email not found' });
  });

  it('answers 409 role_exists with the portal’s message for a role already held', async () => {
    await add({ email: staff.noRole.email });
    const res = await add({ email: staff.noRole.email, role: 'viewer' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: 'role_exists', message: 'User already has this role' });
  });

  it('refuses 409 unconfirmed_account for an account whose owner never confirmed it, granting nothing', async () => {
    // The attack: someone signs up first with a colleague's address; a role granted now would be theirs
    // as soon as the real colleague follows the confirmation link.
    const squatter = await unconfirmedUser();
    const res = await add({ email: squatter.email, role: 'editor' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: 'unconfirmed_account',
      message:
        'This account has not confirmed its email address yet. Ask them to open the confirmation link first, or make the account with npm run admin -- create.',
    });
    expect(await handle.db.select().from(userRoles).where(eq(userRoles.userId, squatter.id))).toEqual([]);
  });

  it('refuses a missing or malformed email and an unknown role with 422 and the fields', async () => {
    const res = await add({ email: 'not-an-email', role: 'owner' });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({
      email: 'Enter a valid email address',
      role: 'Choose admin, editor or viewer',
    });
    expect((await errorOf(await add({}))).fields).toEqual({ email: 'Email is required' });
  });
});

describe('DELETE /api/admin/roles/:id', () => {
  it('removes a role (204); the holder loses its rights at once', async () => {
    await add({ email: staff.noRole.email, role: 'admin' });
    const id = await roleId(staff.noRole.id, 'admin');
    signIn(staff.noRole);
    expect((await request(rolesFn, 'GET', '/api/admin/roles')).status).toBe(200);
    signIn('admin');
    const res = await remove(id);
    expect(res.status).toBe(204);
    signIn(staff.noRole);
    expect((await request(rolesFn, 'GET', '/api/admin/roles')).status).toBe(403);
    signIn('admin');
    expect((await remove(id)).status).toBe(404);
    expect((await remove('not-a-uuid')).status).toBe(404);
  });

  it('ends the holder’s sessions with their last role, not before', async () => {
    const session = {
      id: `s-${randomUUID()}`,
      token: `t-${randomUUID()}`,
      userId: staff.noRole.id,
      expiresAt: new Date(Date.now() + 3600_000),
    };
    await handle.db.insert(sessions).values(session);
    await add({ email: staff.noRole.email, role: 'viewer' });
    await add({ email: staff.noRole.email, role: 'editor' });
    expect((await remove(await roleId(staff.noRole.id, 'viewer'))).status).toBe(204);
    expect(await handle.db.select().from(sessions).where(eq(sessions.id, session.id))).toHaveLength(1);
    expect((await remove(await roleId(staff.noRole.id, 'editor'))).status).toBe(204);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, staff.noRole.id))).toEqual([]);
  });

  it('never removes the last admin role (409 last_admin); with a second admin, one can go', async () => {
    const first = await roleId(staff.admin.id, 'admin');
    const refused = await remove(first);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: 'last_admin',
      message: 'The last administrator cannot be removed.',
    });

    await add({ email: staff.noRole.email, role: 'admin' });
    const second = await roleId(staff.noRole.id, 'admin');
    expect((await remove(first)).status).toBe(204); // an admin may step down while another remains
    signIn(staff.noRole);
    const last = await remove(second);
    expect(last.status).toBe(409);
    expect(await handle.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))).toHaveLength(1);
  });

  it('keeps the last confirmed admin when the only other admin role is an unconfirmed account’s', async () => {
    await unconfirmedUser(['admin']);
    const res = await remove(await roleId(staff.admin.id, 'admin'));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('last_admin');
    expect(await roleId(staff.admin.id, 'admin')).toBeDefined();
  });

  it('refuses to remove the last admin when the only other admin role belongs to a deleted account', async () => {
    // user_roles has no foreign key to better-auth's users: a role can outlive its account.
    await handle.db.insert(userRoles).values({ userId: randomUUID(), role: 'admin' });
    const res = await remove(await roleId(staff.admin.id, 'admin'));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('last_admin');
    expect(await roleId(staff.admin.id, 'admin')).toBeDefined();
  });

  it('lets only one of two admins removing each other at once succeed', async () => {
    await add({ email: staff.noRole.email, role: 'admin' });
    const ids = [await roleId(staff.admin.id, 'admin'), await roleId(staff.noRole.id, 'admin')];
    const statuses = (await Promise.all(ids.map(remove))).map((r) => r.status).sort();
    // The loser is refused either by the row lock (409, both passed the guard first: PGlite runs one query
    // at a time) or by the guard itself (403, its caller's own admin role is already gone: a real server).
    expect(statuses[0]).toBe(204);
    expect([403, 409]).toContain(statuses[1]);
    expect(await handle.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))).toHaveLength(1);
  });

  it('removes non-admin roles freely, even when a single admin remains', async () => {
    const user = {
      id: randomUUID(),
      email: 'v@example.com',
      name: 'V',
      twoFactorEnabled: false,
      passwordChangeRequired: false,
    };
    await addUser(handle, user, ['viewer', 'editor']);
    expect((await remove(await roleId(user.id, 'viewer'))).status).toBe(204);
    expect((await remove(await roleId(user.id, 'editor'))).status).toBe(204);
  });
});
