/**
 * The second step of a sign-in (the authenticator or recovery code) under the account's sign-in lock
 * (sign-in-guard.ts), as a better-auth plugin of hooks around better-auth's own code check.
 */
import { createHash } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Db } from '../../db/client.ts';
import { checkSignIn, clearSignInFailures, lockedMessage, recordSignInFailure } from './sign-in-guard.ts';
import { cookieSession, type HookContext } from './session-limits.ts';

/** The endpoints that take the code of a two-factor sign-in (or, signed in, confirm a new authenticator). */
const CODE_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** better-auth's refusals of a wrong code: the ones that count as a failed sign-in. */
const WRONG_CODE = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE']);

/**
 * The address of the account whose sign-in waits for its code: better-auth's signed `two_factor` cookie names
 * a verification row holding the user's id. Null without a pending sign-in (or once it is used up).
 */
async function pendingSignInEmail(ctx: HookContext) {
  const userId = await pendingSignInUserId(ctx);
  if (!userId) return null;
  const user = await ctx.context.internalAdapter.findUserById(userId);
  return user?.email ?? null;
}

/** The id of the account whose sign-in waits for its code (see pendingSignInEmail), or null. */
async function pendingSignInUserId(ctx: HookContext) {
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!pending || pending.expiresAt < new Date()) return null;
  return pending.value;
}

/** How long an accepted authenticator code stays refused: past the ±1 step (30 s each) better-auth accepts. */
const USED_CODE_SECONDS = 120;

/** The verification row that marks `code` as used by `userId` (the code hashed: it names no secret). */
const usedCodeIdentifier = (userId: string, code: string) =>
  `totp-used-${createHash('sha256').update(`${userId}:${code}`).digest('base64url')}`;

/** The account a code is typed for: the pending sign-in's (two_factor cookie), else the signed-in session's. */
async function codeAccount(db: Db, ctx: HookContext) {
  return (await pendingSignInUserId(ctx)) ?? (await cookieSession(db, ctx))?.userId ?? null;
}

/** The account and code of a code check in flight, from its before hook to its after hook. */
const codeChecks = new WeakMap<object, { userId: string; code: string }>();

/**
 * The second step of a sign-in under the account's sign-in lock (sign-in-guard.ts): a locked account gets no
 * code checked, a wrong code counts as a failed sign-in, the right one clears the count. The password step
 * (auth.mts) neither counts nor clears when better-auth asks for a code, so the lock holds across both steps.
 *
 * "Trust this device" is not offered: the portal is reached from shared and borrowed machines too, and a
 * 30-day cookie would turn the second factor into "whoever holds this browser". A client asking for it
 * anyway is not heard.
 */
export function secondStepGuard(db: Db) {
  return {
    id: 'second-step-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => CODE_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const email = await pendingSignInEmail(ctx);
            if (email) {
              const gate = await checkSignIn(db, email);
              if (!gate.allowed) {
                throw new APIError(
                  'TOO_MANY_REQUESTS',
                  { code: 'ACCOUNT_LOCKED', message: lockedMessage(gate.retryAfter) },
                  { 'Retry-After': String(gate.retryAfter) },
                );
              }
            }
            // An authenticator code works once: better-auth alone would take the same code again for about a
            // minute and a half, so someone who saw it over a shoulder (or in a proxy log) could sign in too.
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            const userId =
              ctx.path === '/two-factor/verify-totp' && typeof code === 'string' ? await codeAccount(db, ctx) : null;
            if (userId && typeof code === 'string') {
              const used = await ctx.context.internalAdapter.findVerificationValue(usedCodeIdentifier(userId, code));
              if (used && used.expiresAt > new Date()) {
                if (email) await recordSignInFailure(db, email);
                throw new APIError('UNAUTHORIZED', {
                  code: 'CODE_ALREADY_USED',
                  message: 'That code was used already. Wait for the next code from your authenticator app.',
                });
              }
              codeChecks.set(ctx.context, { userId, code });
            }
            return { context: { body: { ...(ctx.body as object), trustDevice: false } } };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => CODE_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const checked = codeChecks.get(ctx.context);
            codeChecks.delete(ctx.context);
            if (checked && !(returned instanceof Error)) {
              await ctx.context.internalAdapter.createVerificationValue({
                identifier: usedCodeIdentifier(checked.userId, checked.code),
                value: checked.userId,
                expiresAt: new Date(Date.now() + USED_CODE_SECONDS * 1000),
              });
            }
            if (returned instanceof APIError) {
              const code = (returned.body as { code?: string } | undefined)?.code;
              if (!code || !WRONG_CODE.has(code)) return;
              // A wrong code leaves the challenge in place: it still names the account.
              const email = await pendingSignInEmail(ctx);
              if (email) await recordSignInFailure(db, email);
              return;
            }
            const email = (returned as { user?: { email?: unknown } } | undefined)?.user?.email;
            if (typeof email === 'string') await clearSignInFailures(db, email);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
