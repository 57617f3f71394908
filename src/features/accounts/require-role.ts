/**
 * Roles, enforced on the server for every admin endpoint (docs/decisions/0010-roles-enforced-on-the-server.md): a viewer reads submissions,
 * documents and messages; an editor also changes statuses and manages blog posts; an admin also manages
 * roles. One guard, `requireRole`, answers 401 without a session and 403 without the role, and (with
 * STAFF_2FA_REQUIRED, on by default where deployed) 403 `two_factor_required` to staff who have not turned on
 * two-factor sign-in.
 */
import { desc, eq } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client.ts';
import { roles as roleNames, userRoles, type Role } from '../../db/schema.ts';
import { hasRole, roleRank } from '../../lib/statuses.ts';

export { hasRole };
import { refusalResponse, unavailable } from '../../server/errors.ts';
import { checkOrigin } from '../../server/guards.ts';
import { apiError } from '../../server/http.ts';
import { adminTwoFactorRequired, staffTwoFactorRequired } from '../../config/platform.ts';
import { getSessionUser, type SessionUser } from './session-user.ts';
import { loggable } from '../../server/loggable.ts';

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
  /** Whether this user must turn on two-factor sign-in before the admin API answers them. */
  twoFactorRequired: boolean;
}

/**
 * Whether a user holding `roles` must have two-factor sign-in on: any role under STAFF_2FA_REQUIRED, the admin
 * role under the deprecated ADMIN_2FA_REQUIRED. An account without a role opens nothing, so nothing is asked.
 */
export const needsTwoFactor = (roles: Role[]): boolean =>
  roles.length > 0 && (staffTwoFactorRequired() || (adminTwoFactorRequired() && hasRole(roles, 'admin')));

const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD';

/**
 * The guard of every admin function: a state change must come from the site (`Origin`), the caller must
 * be signed in (401) and hold `needed` or more (403); `null` for `needed` lets any signed-in user through
 * (the current-user endpoint). Roles are read on every request, so a removed role counts at once.
 *
 * When two-factor sign-in is required, staff without it get 403 `two_factor_required` from every call but the
 * current-user one (which tells the portal to show the setup screen); the setup itself and sign-out are
 * better-auth's routes (auth.mts), outside this guard. Under ADMIN_2FA_REQUIRED alone all of an admin's roles
 * wait, not only the admin one, since a password alone should not open what the admin's account holds.
 */
export async function requireRole(request: Request, needed: Role | null): Promise<Staff | Response> {
  if (!isRead(request)) {
    const forbidden = checkOrigin(request);
    if (forbidden) return forbidden;
  }
  const handle = await getDb().catch(() => null);
  if (!handle) return refusalResponse(portalUnavailable());
  let user: SessionUser | null;
  let held: Role[];
  try {
    user = await getSessionUser(handle.db, request);
    held = user ? await rolesOf(handle.db, user.id) : [];
  } catch (error) {
    console.error('session or roles not read:', loggable(error));
    return refusalResponse(portalUnavailable());
  }
  if (!user) return apiError(401, 'unauthenticated', 'User not authenticated');
  if (needed && !hasRole(held, needed)) {
    return apiError(403, 'forbidden', `This needs the ${needed} role. Ask an administrator for access.`);
  }
  if (needed && user.passwordChangeRequired) {
    return apiError(
      403,
      'password_change_required',
      'Choose your own password first: the one you were given is temporary. The portal asks for it when you sign in.',
    );
  }
  const twoFactorRequired = needsTwoFactor(held) && !user.twoFactorEnabled;
  if (needed && twoFactorRequired) {
    return apiError(
      403,
      'two_factor_required',
      'Staff must turn on two-factor sign-in first: open Account security in the portal.',
    );
  }
  return { user, roles: held, db: handle.db, twoFactorRequired: needsTwoFactor(held) };
}

/** The 503 of the portal when its database cannot be reached (a retry in a minute usually works). */
export const portalUnavailable = () =>
  unavailable('The portal cannot reach its database just now. Please try again in a minute.');

/** Whether a string names a role. */
export const isRole = (value: unknown): value is Role => (roleNames as readonly unknown[]).includes(value);
