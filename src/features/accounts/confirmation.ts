/**
 * Confirming an address is choosing the account's password (docs/security.md, "Confirmation sets the password").
 * A sign-up stores whatever password its author typed, but nobody can sign in with an unconfirmed account, and the
 * confirmation mail's link does not confirm that password: it opens "choose your password" in the portal, and
 * only the password chosen there, by whoever reads the mailbox, survives. So someone who signs up first with a
 * colleague's address (or ADMIN_BOOTSTRAP_EMAIL's) before its owner does gains nothing when the owner confirms:
 * their password is replaced, every session ends, any second-factor rows are cleared, and the first-admin grant
 * goes to the account as its owner just set it.
 *
 * The link's token is better-auth's own password-reset token (`reset-password:<token>` in `verifications`), valid
 * for a day, so the portal's reset form and `/api/auth/reset-password` carry it; a reset of an unconfirmed account
 * by mail confirms it the same way, since that mail too reaches only the mailbox.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { twoFactors, users } from '../../db/schema.ts';
import { grantFirstAdmin } from './first-admin.ts';

/** How long a confirmation link works. */
export const CONFIRM_SECONDS = 24 * 3600;

/** What the token needs of better-auth: its store of single-use values. */
export interface VerificationStore {
  createVerificationValue(data: { value: string; identifier: string; expiresAt: Date }): Promise<unknown>;
}

/** A new single-use token that lets the mailbox's owner choose the password of `userId` (and so confirm it). */
export async function confirmationToken(store: VerificationStore, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await store.createVerificationValue({
    value: userId,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + CONFIRM_SECONDS * 1000),
  });
  return token;
}

/**
 * Called once the owner of an unconfirmed account's mailbox has chosen its password (better-auth has already
 * replaced the password and ended every session): the address is confirmed, anything of a second factor set up
 * before is gone, and the bootstrap address becomes the first admin (first-admin.ts).
 */
export async function confirmAddress(db: Db, user: { id: string; email: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id));
    await tx.update(users).set({ emailVerified: true, twoFactorEnabled: false }).where(eq(users.id, user.id));
  });
  await grantFirstAdmin(db, user);
}
