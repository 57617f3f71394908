/**
 * A password someone else chose is temporary: `npm run admin -- create` prints one, and the account's owner
 * must replace it at their first sign-in. The account carries `password_change_required` until then: the
 * admin API answers 403 `password_change_required` (roles.ts) and the portal shows only the form that
 * changes it. A successful `/change-password` (or a reset by mail, which its owner chose) clears the flag.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** Marks (or clears) the account's password as one its owner must replace. */
export async function setPasswordChangeRequired(db: Db, userId: string, required: boolean): Promise<void> {
  await db.update(users).set({ passwordChangeRequired: required }).where(eq(users.id, userId));
}

/** Clears the flag once the signed-in owner changed the password (a better-auth plugin of one after hook). */
export function temporaryPasswords(db: Db) {
  return {
    id: 'temporary-passwords',
    hooks: {
      after: [
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
