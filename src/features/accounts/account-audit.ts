/**
 * The account changes a signed-in staff member makes through better-auth, in the action log (docs/security.md,
 * "The audit log"): a new password (`/change-password`, also the one that replaces a temporary password),
 * two-factor sign-in turned on (the first code of a setup, `/two-factor/verify-totp`) or off
 * (`/two-factor/disable`). better-auth changes the rows itself, so its database hooks see each change as it is
 * written and name the endpoint that made it; a sign-in's code or a reset by mail changes neither row this way.
 * The row is written in the same request, right after the change; if it cannot be, the request fails (and the
 * log says so) rather than answering as if all were recorded.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, type AuditAction } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { loggable } from '../../server/loggable.ts';

/** What better-auth passes a database hook: the endpoint's context, when a request made the change. */
type HookContext = { path?: string; context?: { session?: { user?: { id: string; email: string } } | null } } | null;

/** The account changes logged, by the endpoint that makes them and what it wrote. */
function twoFactorAction(path: string | undefined, enabled: unknown): AuditAction | null {
  if (path === '/two-factor/verify-totp' && enabled === true) return 'account.two-factor-enable';
  if (path === '/two-factor/disable' && enabled === false) return 'account.two-factor-disable';
  return null;
}

async function record(db: Db, actor: AuditActor, action: AuditAction): Promise<void> {
  try {
    await recordAudit(db, actor, action, { type: 'user', id: actor.id }, { email: actor.email });
  } catch (error) {
    console.error(`${action} of ${actor.id} not recorded in the action log:`, loggable(error));
    throw error;
  }
}

/** better-auth's `databaseHooks`: the account's own changes, each a row by the account itself. */
export function accountAuditHooks(db: Db) {
  return {
    user: {
      update: {
        after: async (user: Record<string, unknown>, ctx: HookContext) => {
          const action = twoFactorAction(ctx?.path, user.twoFactorEnabled);
          if (action) await record(db, { id: String(user.id), email: String(user.email) }, action);
        },
      },
    },
    account: {
      update: {
        after: async (account: Record<string, unknown> | null, ctx: HookContext) => {
          if (ctx?.path !== '/change-password' || !account) return;
          const userId = String(account.userId);
          let email = ctx.context?.session?.user?.id === userId ? ctx.context.session.user.email : undefined;
          email ??= (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;
          await record(db, { id: userId, email: email ?? '' }, 'account.password-change');
        },
      },
    },
  };
}
