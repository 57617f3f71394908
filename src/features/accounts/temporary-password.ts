/**
 * A password someone else chose is temporary: `npm run admin -- create` prints one, and it is single use and
 * short-lived (ASVS 6.4.1). The account carries `password_change_required` and `temporary_password_expires_at`
 * (24 hours on): the first sign-in with it before then consumes it (the column goes null in the same statement
 * that checks it, so two sign-ins at once get one session), and every later sign-in with it, or any after the 24
 * hours, is refused with `TEMPORARY_PASSWORD_SPENT` and leaves no session. The session it opened can do one
 * thing: the admin API answers 403 `password_change_required` (roles.ts) and the portal shows only the form
 * that changes it, where the temporary password is the current one. A successful `/change-password` (or a
 * reset by mail, which its owner chose) clears both columns; a spent or expired one leaves "Forgot your
 * password?" (the mailbox's owner chooses one) or a new `create` for an account that never confirmed.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** How long a printed password opens a first sign-in. */
export const TEMPORARY_PASSWORD_SECONDS = 24 * 3600;

export const TEMPORARY_PASSWORD_SPENT = {
  code: 'TEMPORARY_PASSWORD_SPENT',
  message:
    'This temporary password was used already or is more than 24 hours old. Choose your own with "Forgot your password?", or ask an administrator.',
} as const;

/**
 * Marks the account's password as one its owner must replace, opening one sign-in within 24 hours; or (false)
 * clears both marks once its owner chose their own.
 */
export async function setPasswordChangeRequired(db: Db, userId: string, required: boolean): Promise<void> {
  const expiresAt = required ? new Date(Date.now() + TEMPORARY_PASSWORD_SECONDS * 1000) : null;
  await db
    .update(users)
    .set({ passwordChangeRequired: required, temporaryPasswordExpiresAt: expiresAt })
    .where(eq(users.id, userId));
}

/** Takes the account's temporary password for this sign-in: true once, within its 24 hours; false after. */
async function consumeTemporaryPassword(db: Db, userId: string): Promise<boolean> {
  const taken = await db
    .update(users)
    .set({ temporaryPasswordExpiresAt: null })
    .where(
      and(
        eq(users.id, userId),
        eq(users.passwordChangeRequired, true),
        gt(users.temporaryPasswordExpiresAt, new Date()),
      ),
    )
    .returning({ id: users.id });
  return taken.length > 0;
}

/**
 * The sign-in that uses a temporary password consumes it, and a spent or expired one opens nothing; a
 * successful `/change-password` clears the marks. Listed before the two-factor plugin, so that its hook never
 * turns a refused sign-in into a second step.
 */
export function temporaryPasswords(db: Db) {
  return {
    id: 'temporary-passwords',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn || !(signedIn.user as { passwordChangeRequired?: boolean }).passwordChangeRequired) return;
            if (await consumeTemporaryPassword(db, signedIn.user.id)) return;
            await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
            ctx.context.setNewSession(null);
            deleteSessionCookie(ctx, true);
            throw new APIError('UNAUTHORIZED', TEMPORARY_PASSWORD_SPENT);
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.context.returned instanceof Error) return;
            const userId = ctx.context.newSession?.user.id ?? ctx.context.session?.user.id;
            if (userId) await setPasswordChangeRequired(db, userId, false);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
