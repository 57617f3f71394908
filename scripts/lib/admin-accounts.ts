/**
 * What `npm run admin` changes in the database, each change with its audit-log row (actor `cli`) in the
 * same transaction: roles granted, passwords set, accounts taken over, sessions ended, two-factor reset.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { sessions, twoFactors, userRoles, users, type Role } from '../../src/db/schema.ts';
import { commandLine, recordAudit } from '../../src/server/action-log.ts';
import type { getAuth } from '../../src/features/accounts/auth.ts';
import { hashStoredCodes } from '../../src/features/accounts/recovery-codes.ts';

/** A random password in URL-safe characters, well above the minimum length. */
export const generatePassword = () => randomBytes(18).toString('base64url');

/**
 * Gives the account the role and records the grant with it (one transaction); false when it already held
 * the role, which records nothing. `command` says which command granted it.
 */
export async function grantRole(
  db: Db,
  user: { id: string; email: string },
  role: Role,
  command: 'create' | 'grant',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(userRoles)
      .values({ userId: user.id, role })
      .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] })
      .returning({ id: userRoles.id });
    if (!inserted.length) return false;
    await recordAudit(
      tx,
      commandLine,
      'role.grant',
      { type: 'user', id: user.id },
      { role, email: user.email, command },
    );
    return true;
  });
}

export type AuthContext = Awaited<ReturnType<typeof getAuth>['$context']>;

/** Makes `hash` the only way into `userId`: every account row it had goes, one credential row is made. */
export async function setPassword(auth: AuthContext, userId: string, hash: string): Promise<void> {
  // Dropping all rows, not just the credential's password, leaves no sign-in method its old holder set up.
  await auth.internalAdapter.deleteAccounts(userId);
  await auth.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
}

/** Takes over an unconfirmed account, whose address the admin vouches for: new password, no sessions, confirmed. */
export async function takeOver(auth: AuthContext, userId: string, hash: string, name: string): Promise<void> {
  // Whoever signed up with the address (perhaps not the mailbox's owner) loses the password and every session
  // before the account counts as confirmed: a run that stops half-way never confirms it with the old password.
  await setPassword(auth, userId, hash);
  await auth.internalAdapter.deleteUserSessions(userId);
  await auth.internalAdapter.updateUser(userId, { emailVerified: true, name });
}

/**
 * Ends every session of one account (or of every account: `null`) and records it, in one transaction;
 * resolves with how many ended.
 */
export async function endSessions(db: Db, account: { id: string; email: string } | null): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(account ? eq(sessions.userId, account.id) : undefined)
      .returning({ id: sessions.id });
    await recordAudit(
      tx,
      commandLine,
      'account.signout',
      { type: 'user', id: account?.id ?? '*' },
      { email: account?.email ?? '*', sessions: ended.length },
    );
    return ended.length;
  });
}

/**
 * Turns two-factor sign-in off for `user` and ends every session, recorded in one transaction; resolves with
 * whether it was on.
 */
export async function resetTwoFactor(db: Db, user: { id: string; email: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id)).returning({ id: twoFactors.id });
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await recordAudit(
      tx,
      commandLine,
      'account.two-factor-reset',
      { type: 'user', id: user.id },
      { email: user.email, hadTwoFactor: removed.length > 0 },
    );
    return removed.length > 0;
  });
}

/**
 * Stores every set of recovery codes still in better-auth's old encrypted form as salted hashes
 * (recovery-codes.ts): how many accounts' sets it converted, and how many it could not open with `secret` (left
 * as they were). Each row is written only if it still holds what was read, so a code used meanwhile is not
 * brought back.
 */
export async function hashAllRecoveryCodes(db: Db, secret: string): Promise<{ converted: number; unreadable: number }> {
  let converted = 0;
  let unreadable = 0;
  for (const row of await db.select({ id: twoFactors.id, backupCodes: twoFactors.backupCodes }).from(twoFactors)) {
    const hashed = await hashStoredCodes(row.backupCodes, secret).catch(() => undefined);
    if (hashed === undefined) unreadable += 1;
    if (!hashed) continue;
    const written = await db
      .update(twoFactors)
      .set({ backupCodes: hashed })
      .where(and(eq(twoFactors.id, row.id), eq(twoFactors.backupCodes, row.backupCodes)))
      .returning({ id: twoFactors.id });
    converted += written.length;
  }
  return { converted, unreadable };
}
