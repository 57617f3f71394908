/**
 * The first administrator without a shell: the agency sets `ADMIN_BOOTSTRAP_EMAIL` in Netlify, signs up at
 * /admin with that address, opens the confirmation link and chooses the password there (confirmation.ts); the
 * moment the address is confirmed, and only
 * while no one holds the admin role, the account becomes the first admin (audited as a role grant by
 * `ADMIN_BOOTSTRAP_EMAIL`). Once any admin exists the variable grants nothing: the refusal is logged and
 * audited, and the portal's own User Roles tab (or `npm run admin`) is the way to more admins.
 *
 * The address must be confirmed by its mailbox's owner, who chooses the password as they do, so whoever signs up
 * with it first gains nothing unless they can read that mailbox. The portal then asks the new admin to set up two-factor sign-in.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userRoles } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { platformEnv, type Env } from '../../config/platform.ts';

/** The audit log's actor of a bootstrap grant: the setting, since no one is signed in yet. */
export const bootstrapActor: AuditActor = { id: 'bootstrap', email: 'ADMIN_BOOTSTRAP_EMAIL' };

/** The address ADMIN_BOOTSTRAP_EMAIL names (lower case), or null. */
export function bootstrapEmail(env: Env = platformEnv()): string | null {
  return env.ADMIN_BOOTSTRAP_EMAIL?.trim().toLowerCase() || null;
}

export type BootstrapOutcome = 'granted' | 'refused' | 'not-bootstrap';

/**
 * Called when `user` has just confirmed their address: makes them the first admin if it is the bootstrap
 * address and no admin exists yet. One transaction, under a lock, so two confirmations at once make one admin.
 */
export async function grantFirstAdmin(
  db: Db,
  user: { id: string; email: string },
  env: Env = platformEnv(),
): Promise<BootstrapOutcome> {
  const wanted = bootstrapEmail(env);
  if (!wanted || user.email.trim().toLowerCase() !== wanted) return 'not-bootstrap';
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('user_roles:first_admin'))`);
    const [admin] = await tx.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, 'admin')).limit(1);
    const target = { type: 'user', id: user.id } as const;
    if (admin) {
      await recordAudit(tx, bootstrapActor, 'role.bootstrap-refused', target, { email: user.email });
      return 'refused' as const;
    }
    await tx.insert(userRoles).values({ userId: user.id, role: 'admin' }).onConflictDoNothing();
    await recordAudit(tx, bootstrapActor, 'role.grant', target, { role: 'admin', email: user.email, via: 'bootstrap' });
    return 'granted' as const;
  });
  if (outcome === 'refused') {
    console.warn(
      `ADMIN_BOOTSTRAP_EMAIL: ${user.email} confirmed its address, but an administrator exists already, so it got no role. ` +
        'Remove ADMIN_BOOTSTRAP_EMAIL from the environment; admins grant roles in the portal (User Roles).',
    );
  } else {
    console.log(`ADMIN_BOOTSTRAP_EMAIL: ${user.email} is the first administrator.`);
  }
  return outcome;
}
