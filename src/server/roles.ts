/**
 * Roles, enforced on the server for every admin endpoint (decision 10): a viewer reads submissions,
 * documents and messages; an editor also changes statuses and manages blog posts; an admin also manages
 * roles. One guard, `requireRole`, answers 401 without a session and 403 without the role.
 */
import { desc, eq } from 'drizzle-orm';
import { getDb, type Db } from '../db/client.ts';
import { roles as roleNames, userRoles, type Role } from '../db/schema.ts';
import { hasRole, roleRank } from '../lib/statuses.ts';

export { hasRole };
import { checkOrigin } from './guards.ts';
import { apiError } from './http.ts';
import { getSessionUser, type SessionUser } from './session.ts';

/** The roles a user holds, highest first. */
export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(desc(userRoles.createdAt));
  return rows.map((r) => r.role).sort((a, b) => roleRank[b] - roleRank[a]);
}

/** The caller of an admin request: who they are, what they may do, and the database to do it with. */
export interface Staff {
  user: SessionUser;
  roles: Role[];
  db: Db;
}

const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD';

/**
 * The guard of every admin function: a state change must come from the site (`Origin`), the caller must
 * be signed in (401) and hold `needed` or more (403); `null` for `needed` lets any signed-in user through
 * (the current-user endpoint). Roles are read on every request, so a removed role counts at once.
 */
export async function requireRole(request: Request, needed: Role | null): Promise<Staff | Response> {
  if (!isRead(request)) {
    const forbidden = checkOrigin(request);
    if (forbidden) return forbidden;
  }
  const handle = await getDb().catch(() => null);
  if (!handle) return unavailable();
  let user: SessionUser | null;
  let held: Role[];
  try {
    user = await getSessionUser(handle.db, request);
    held = user ? await rolesOf(handle.db, user.id) : [];
  } catch (error) {
    console.error('session or roles not read:', error);
    return unavailable();
  }
  if (!user) return apiError(401, 'unauthenticated', 'User not authenticated');
  if (needed && !hasRole(held, needed)) {
    return apiError(403, 'forbidden', `This needs the ${needed} role. Ask an administrator for access.`);
  }
  return { user, roles: held, db: handle.db };
}

/** The 503 of the portal when its database cannot be reached (a retry in a minute usually works). */
export const unavailable = () =>
  apiError(
    503,
    'unavailable',
    'The portal cannot reach its database just now. Please try again in a minute.',
    undefined,
    {
      'Retry-After': '30',
    },
  );

/** Whether a string names a role. */
export const isRole = (value: unknown): value is Role => (roleNames as readonly unknown[]).includes(value);
