/**
 * A staff member's own sessions (docs/security.md "Sessions", ASVS 7.5.2): the list of the account's live
 * sessions with their device, browser, address, start and last use, which one is this browser; and signing out
 * one other session, or every other one. Only the account's own rows are ever read or deleted (each query is
 * keyed on the signed-in user's id), and each sign-out needs the password, checked here on the server under the
 * account's sign-in lock (sign-in-guard.ts): a wrong one counts as a failed sign-in, so a stolen session cannot
 * guess the password here any faster than at the sign-in form. Each sign-out is a row of the action log.
 *
 * "Last used" is the session row's `updatedAt`: better-auth moves it on (with the expiry) whenever the session is
 * read and is more than `SESSION_TOUCH_SECONDS` (a minute) stale, which every portal call does through
 * `getSessionUser`; the idle limit is measured from it too (session-limits.ts).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, sessions } from '../../db/schema.ts';
import { recordAudit } from '../../server/action-log.ts';
import { ApiError, invalidFields, notFound, rateLimited } from '../../server/errors.ts';
import { clientAddressKey } from '../../server/rate-limit.ts';
import type { OwnSession } from './contract.ts';
import { isPastLimits } from './session-limits.ts';
import type { SessionUser } from './session-user.ts';
import { admitSignIn, lockedMessage, settleSignIn } from './sign-in-guard.ts';
import { describeAgent } from './user-agent.ts';

type SessionRow = typeof sessions.$inferSelect;

/** A session as its owner sees it: never its token. An IPv6 address by its /64 (what the rate limits key on). */
function shown(row: SessionRow, currentId: string): OwnSession {
  const { device, browser } = describeAgent(row.userAgent);
  return {
    id: row.id,
    device,
    browser,
    ipAddress: row.ipAddress ? clientAddressKey(row.ipAddress) : null,
    createdAt: row.createdAt,
    lastUsedAt: row.updatedAt,
    current: row.id === currentId,
  };
}

/** The live sessions of the signed-in user, the most recently used first. */
export async function listOwnSessions(db: Db, user: SessionUser): Promise<{ items: OwnSession[] }> {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
  return { items: rows.filter((row) => !isPastLimits(row)).map((row) => shown(row, user.sessionId)) };
}

/** Whether `password` is the account's (better-auth's own hasher; an account without one costs a hash too). */
async function passwordMatches(db: Db, userId: string, password: string): Promise<boolean> {
  const { getAuth } = await import('./auth.ts');
  const hasher = (await getAuth(db).$context).password;
  const [row] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (!row?.hash) {
    await hasher.hash(password);
    return false;
  }
  return hasher.verify({ hash: row.hash, password });
}

const WRONG_PASSWORD = 'That password is not right.';

/**
 * Refuses unless `password` is the signed-in user's: 429 while the account is locked by failed sign-ins, 422 with
 * the field's reason for a wrong one (counted as a failed sign-in). The right one is a check, not a sign-in: it
 * takes its count back and clears no earlier failure.
 */
export async function confirmPassword(db: Db, user: SessionUser, password: string): Promise<void> {
  const gate = await admitSignIn(db, user.email);
  if (!gate.allowed) throw rateLimited(lockedMessage(gate.retryAfter), gate.retryAfter);
  const right = await passwordMatches(db, user.id, password).catch(async (error: unknown) => {
    await settleSignIn(db, user.email, 'not-a-guess');
    throw error;
  });
  await settleSignIn(db, user.email, right ? 'not-a-guess' : 'failed');
  if (!right) throw invalidFields({ password: WRONG_PASSWORD }, WRONG_PASSWORD);
}

/** Signs out one other session of the signed-in user (404 for any id that is not one, someone else's included). */
export async function endOwnSession(db: Db, user: SessionUser, id: string, password: string): Promise<void> {
  await confirmPassword(db, user, password);
  if (id === user.sessionId) {
    throw new ApiError(409, 'current_session', 'This is the session you are using: sign out of it with Sign Out.');
  }
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, user.id)))
      .returning();
    if (!ended) throw notFound('session');
    const { device, browser, ipAddress } = shown(ended, user.sessionId);
    const detail = { email: user.email, session: id, device, browser, ipAddress };
    await recordAudit(tx, user, 'account.session-signout', { type: 'user', id: user.id }, detail);
  });
}

/** Signs out every session of the signed-in user but the one of this request: how many ended. */
export async function endOtherOwnSessions(db: Db, user: SessionUser, password: string): Promise<{ ended: number }> {
  await confirmPassword(db, user, password);
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId)))
      .returning({ id: sessions.id });
    const detail = { email: user.email, ended: ended.length };
    await recordAudit(tx, user, 'account.session-signout-others', { type: 'user', id: user.id }, detail);
    return { ended: ended.length };
  });
}
