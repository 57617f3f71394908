/**
 * How long a staff session lives (security item 4): at most 12 hours after sign-in, however busy, and no
 * longer than an hour after its last request. better-auth keeps the cookie and its own expiry for the
 * absolute cap (auth.ts `session`); the rules here end a session past either limit before any auth
 * endpoint reads it, end the session a browser held when it signs in again, and force "sign out everywhere
 * else" when a factor changes: the password, two-factor sign-in turned on or off, new recovery codes.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

/** The two limits of a session, in seconds: from sign-in (absolute) and from the last request (idle). */
export const SESSION_LIMITS = { absoluteSeconds: 12 * 3600, idleSeconds: 3600 } as const;

/**
 * How stale `updatedAt` may get before a request moves it on (better-auth's `updateAge`): at most one
 * write a minute per session, so the idle hour may end up to a minute early, never late.
 */
export const SESSION_TOUCH_SECONDS = 60;

/** The times of a session row that the limits are measured from. */
export interface SessionTimes {
  createdAt: Date;
  updatedAt: Date;
}

/** The instants before which a session's `createdAt` (absolute) or `updatedAt` (idle) is too old. */
export function sessionCutoffs(now = Date.now()): { created: Date; touched: Date } {
  return {
    created: new Date(now - SESSION_LIMITS.absoluteSeconds * 1000),
    touched: new Date(now - SESSION_LIMITS.idleSeconds * 1000),
  };
}

/** Whether a session is past its absolute or its idle limit at `now`. */
export function isPastLimits(session: SessionTimes, now = Date.now()): boolean {
  const { created, touched } = sessionCutoffs(now);
  return new Date(session.createdAt) < created || new Date(session.updatedAt) < touched;
}

/** Deletes the session of `token` if it is past either limit; true when it was (one statement, no read). */
export async function endIfPastLimits(db: Db, token: string, now = Date.now()): Promise<boolean> {
  const { created, touched } = sessionCutoffs(now);
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.token, token), or(lt(sessions.createdAt, created), lt(sessions.updatedAt, touched))))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Deletes the session of `token`, whatever its age. */
export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}

/** Ends every session of `userId` except the one of `keep`. */
export async function endOtherSessions(db: Db, userId: string, keep: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.token, keep)) : eq(sessions.userId, userId));
}

/**
 * The endpoints that change how an account signs in, besides the password (`/change-password`, below):
 * confirming a new authenticator, turning two-factor sign-in off, new recovery codes. Done from a session,
 * each ends the account's other sessions, as a password change does: whoever holds one of them may be the
 * reason for the change.
 */
const FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/disable', '/two-factor/generate-backup-codes']);

/** The signed-in user and session token of a factor change in flight, from its before hook to its after hook. */
const factorChanges = new WeakMap<object, { userId: string; token: string }>();

/** The context better-auth hands a hook. */
export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The live session row the request's cookie names, if any. */
export async function cookieSession(db: Db, ctx: HookContext) {
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (!token) return null;
  const [row] = await db
    .select({ userId: sessions.userId, token: sessions.token })
    .from(sessions)
    .where(eq(sessions.token, token));
  return row ?? null;
}

/**
 * The session rules as a better-auth plugin. Its before hooks run for every endpoint, over HTTP and
 * through `auth.api.*` alike (better-auth's dispatch), so get-session, change-password, sign-out and the
 * admin functions' `getSession` never see a session past its limits: it is deleted first, and better-auth
 * then answers as for any ended session (null, 401) and clears the cookie.
 */
export function sessionRules(db: Db) {
  return {
    id: 'session-rules',
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
            if (token) await endIfPastLimits(db, token);
          }),
        },
        {
          // Signing in again from a browser that still holds a session: the new sign-in replaces it, so a
          // token that may have been seen (a shared machine, an old tab) does not outlive its replacement.
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const held = await cookieSession(db, ctx);
            if (held) await endSession(db, held.token);
          }),
        },
        {
          matcher: (ctx) => FACTOR_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            // Only from a session: the code step of a sign-in (no session yet) is a sign-in, not a change.
            const held = await cookieSession(db, ctx);
            if (held) factorChanges.set(ctx.context, held);
          }),
        },
        {
          // A changed password must end every other session, whatever the client asked: the change is what
          // someone does when they fear the old one is known. better-auth then signs this browser in afresh.
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => ({
            context: { body: { ...(ctx.body as object), revokeOtherSessions: true } },
          })),
        },
      ],
      after: [
        {
          matcher: (ctx) => FACTOR_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const change = factorChanges.get(ctx.context);
            factorChanges.delete(ctx.context);
            if (!change || ctx.context.returned instanceof Error) return;
            // better-auth swaps this browser's session for a new one on some of these: that one stays.
            await endOtherSessions(db, change.userId, ctx.context.newSession?.session.token ?? change.token);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
