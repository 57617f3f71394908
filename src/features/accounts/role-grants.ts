/**
 * Staff roles, managed by admins (docs/decisions/0010-roles-enforced-on-the-server.md): who holds which role, granting one to an existing, confirmed
 * account by email (viewer unless said otherwise), and removing one, never the last confirmed admin's.
 */
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sessions, userRoles, users, type Role } from '../../db/schema.ts';
import { addRoleSchema } from '../../lib/forms/role.schema.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { ApiError, notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import type { AllItems } from '../../lib/list-page.ts';
import type { RoleItem } from './contract.ts';

/** The body of `POST /api/admin/roles` (the portal's add-role form checks it with the same schema). */
export { addRoleSchema };

const columns = {
  id: userRoles.id,
  userId: userRoles.userId,
  // A role can outlive its account (user_roles has no foreign key to better-auth's table).
  email: sql<string>`coalesce(${users.email}, '')`,
  role: userRoles.role,
  createdAt: userRoles.createdAt,
};

/** Every role held, newest first, with its holder's email. */
export async function listRoles(db: Db): Promise<AllItems<RoleItem>> {
  const items = await db
    .select(columns)
    .from(userRoles)
    .leftJoin(users, eq(users.id, userRoles.userId))
    .orderBy(desc(userRoles.createdAt), desc(userRoles.id));
  return { items };
}

/**
 * Grants `role` to the account with `email`: 404 user_not_found, 409 unconfirmed_account, 409 role_exists
 * when already held. The grant and its audit row commit together.
 */
export async function addRole(db: Db, actor: AuditActor, input: { email: string; role: Role }): Promise<RoleItem> {
  // better-auth stores emails in lower case, and emailField lower-cases what staff type.
  const [user] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  if (!user) throw new ApiError(404, 'user_not_found', 'User with this email not found');
  // Anyone can sign up with a colleague's address before the colleague does; the account is theirs only once
  // the mailbox's owner confirmed it, so a role granted earlier could end up with whoever knows the password.
  if (!user.emailVerified) {
    throw new ApiError(
      409,
      'unconfirmed_account',
      'This account has not confirmed its email address yet. Ask them to open the confirmation link first, or make the account with npm run admin -- create.',
    );
  }
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(userRoles)
      .values({ userId: user.id, role: input.role })
      .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] })
      .returning();
    if (!inserted) throw new ApiError(409, 'role_exists', 'User already has this role');
    await recordAudit(tx, actor, 'role.grant', { type: 'user', id: user.id }, { role: input.role, email: user.email });
    return inserted;
  });
  return { id: row.id, userId: row.userId, email: user.email, role: row.role, createdAt: row.createdAt };
}

/**
 * Locks every admin row, in id order, for the rest of the transaction: two admins removing each other (a role, or
 * a colleague from staff) cannot both succeed, nor deadlock.
 */
export async function lockAdminRows(tx: Tx): Promise<void> {
  await tx
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .orderBy(asc(userRoles.id))
    .for('update');
}

/**
 * Removes a role; 409 last_admin when no other admin with a confirmed, existing account would remain. Every
 * admin row is locked first, in id order, so two admins removing each other at once cannot both succeed
 * (nor deadlock). The removal and its audit row commit together; a refusal records nothing.
 */
export async function removeRole(db: Db, actor: AuditActor, id: string | undefined): Promise<void> {
  if (!isUuid(id)) throw notFound('role');
  await db.transaction(async (tx) => {
    await lockAdminRows(tx);
    const [target] = await tx.select().from(userRoles).where(eq(userRoles.id, id)).for('update');
    if (!target) throw notFound('role');
    if (target.role === 'admin' && (await otherWorkingAdmins(tx, target.userId)) === 0) {
      throw new ApiError(409, 'last_admin', 'The last administrator cannot be removed.');
    }
    await tx.delete(userRoles).where(eq(userRoles.id, id));
    // Someone left with no role has no business in the portal: their sessions end with the last role, so
    // nothing they had open (a tab, a stolen cookie) keeps a foothold in the account's self-service either.
    const [left] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.userId, target.userId));
    if (!left?.n) await tx.delete(sessions).where(eq(sessions.userId, target.userId));
    // The holder's email as it is now: the row keeps naming them after the account is gone ('' if already gone).
    const [holder] = await tx.select({ email: users.email }).from(users).where(eq(users.id, target.userId));
    await recordAudit(
      tx,
      actor,
      'role.remove',
      { type: 'user', id: target.userId },
      { role: target.role, email: holder?.email ?? '' },
    );
  });
}

/** How many admins other than `userId` could still sign in and act: their account exists and is confirmed. */
export async function otherWorkingAdmins(tx: Pick<Db, 'select'>, userId: string): Promise<number> {
  // A bare role row counts for nothing: its account may be gone (no foreign key) or an unconfirmed sign-up
  // that nobody can use, and counting it would let the last working admin remove themselves.
  const [row] = await tx
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, userId), eq(users.emailVerified, true)));
  return row?.n ?? 0;
}
