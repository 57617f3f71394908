/**
 * Accounts (decision 11): better-auth with email + password on the project's database, mounted at
 * `/api/auth/*` by netlify/functions/auth.mts. The email must be confirmed before the first sign-in; the
 * confirmation and password-reset mails go through the outbox like every other mail. Rate limits live in
 * the database so they hold across function instances. A session grants nothing by itself: roles are
 * separate (roles.ts). Any account may turn on two-factor sign-in (TOTP from an authenticator app, with
 * recovery codes); ADMIN_2FA_REQUIRED makes it a condition of the admin role (roles.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { betterAuth } from 'better-auth/minimal';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { site } from '../config/site.ts';
import type { Db } from '../db/client.ts';
import { accounts, authRateLimits, sessions, twoFactors, users, verifications } from '../db/schema.ts';
import { accountNameProblem } from '../lib/forms/person-name.schema.ts';
import { allowedOrigins, extraOrigins } from './guards.ts';
import { authSecretProblem, DEV_AUTH_SECRET, isDeployed, MisconfiguredError } from './platform.ts';
import { enqueueMail } from './mail/outbox.ts';
import { drainOutbox } from './mail/sender.ts';
import { passwordResetMail, verificationMail, type Mail } from './mail/templates.ts';
import { checkSignIn, clearSignInFailures, lockedMessage, recordSignInFailure } from './sign-in-guard.ts';
import { limitFromEnv } from './rate-limit.ts';
import {
  cookieSession,
  SESSION_LIMITS,
  SESSION_TOUCH_SECONDS,
  sessionRules,
  type HookContext,
} from './session-limits.ts';

import { PASSWORD_MAX, PASSWORD_MIN } from '../lib/password-limits.ts';
export { PASSWORD_MAX, PASSWORD_MIN };
/**
 * Sign-in attempts per client address and window (seconds): the 11th within 10 minutes gets 429.
 * `SIGN_IN_RATE_LIMIT` (read once, when the module loads) raises it for the end-to-end run, whose every
 * browser signs in from the same loopback address; the per-account lock (sign-in-guard.ts) is unchanged by it.
 */
export const SIGN_IN_LIMIT = { window: 600, max: limitFromEnv(process.env.SIGN_IN_RATE_LIMIT, 10) } as const;
const SIGN_UP_LIMIT = { window: 600, max: 10 } as const;
/**
 * The code of the second sign-in step is limited like the password (the plugin's own 3 per 10 seconds
 * would allow 180 guesses in 10 minutes); so are the calls that check the password of a signed-in user.
 */
const TWO_FACTOR_LIMIT = SIGN_IN_LIMIT;
/** Mail-sending endpoints get fewer: each call may put a mail in someone's inbox. */
const MAIL_LIMIT = { window: 600, max: 5 } as const;

/** Where the portal lives: the verification link lands there, the reset form is rendered there. */
export const PORTAL_PATH = '/admin';
const AUTH_PATH = '/api/auth';
const VERIFY_SECONDS = 24 * 3600;
const RESET_SECONDS = 3600;

/**
 * The secret that signs sessions and the verification and reset tokens. A deployed site refuses to run
 * without a strong one of its own (the development secret is public in this repository, so tokens signed
 * with it could be forged by anyone); locally, an unset secret means the development one.
 */
function secret(): string {
  const problem = authSecretProblem();
  if (!problem) return process.env.BETTER_AUTH_SECRET!;
  if (isDeployed()) throw new MisconfiguredError([{ setting: 'BETTER_AUTH_SECRET', problem }]);
  if (process.env.BETTER_AUTH_SECRET) return process.env.BETTER_AUTH_SECRET;
  console.warn('BETTER_AUTH_SECRET is not set: using the development secret (a deployed site refuses it).');
  return DEV_AUTH_SECRET;
}

/** The configured site origin: SITE_URL when set, else `site.url`. */
const siteOrigin = () => new URL(process.env.SITE_URL || site.url).origin;

// Hosts better-auth may build its URLs (and so our mail links) on. Deployed, anything else falls back to
// the site's origin, so a forged Host header cannot make a reset mail point at someone else's server.
// Locally every host is the developer's own (localhost, 127.0.0.1, a LAN address) and mail only goes to
// the console, so any host will do.
const allowedHosts = () =>
  isDeployed() ? [...new Set([site.url, siteOrigin(), ...extraOrigins()].map((o) => new URL(o).host))] : ['*'];

// The function hands its `waitUntil` down to the mail hooks through this, so mail is sent after the
// answer: a slow mail provider neither delays it nor tells by its timing whether an account exists.
const background = new AsyncLocalStorage<(work: Promise<unknown>) => void>();

/** Runs `fn` (a better-auth call) so the mails it queues are sent through `waitUntil` in the background. */
export function withBackground<T>(waitUntil: (work: Promise<unknown>) => void, fn: () => T): T {
  return background.run(waitUntil, fn);
}

/** Queues one account mail (one per token) and starts the drain; the scheduled drain retries failures. */
async function queueAndSend(db: Db, token: string, mail: Mail): Promise<void> {
  const cause = createHash('sha256').update(token).digest('hex').slice(0, 32);
  await enqueueMail(db, `${mail.kind}:${cause}`, [mail]);
  const drain = drainOutbox(db).catch((error) => console.error('mail drain after an account mail failed:', error));
  const waitUntil = background.getStore();
  if (waitUntil) waitUntil(drain);
  else await drain;
}

// `url` is better-auth's own link on a resolved, allowed base URL: its origin is the one the reader used.
const originOf = (url: string) => new URL(url).origin;

/** Answers 400 to a sign-up or name change whose name is too long or holds a web address. */
const refuseBadAccountName = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-up/email' && ctx.path !== '/update-user') return;
  const problem = accountNameProblem((ctx.body as { name?: unknown } | undefined)?.name);
  if (problem) throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: problem });
});

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
function secondStepGuard(db: Db) {
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

function createAuth(db: Db) {
  return betterAuth({
    appName: site.agencyName,
    secret: secret(),
    basePath: AUTH_PATH,
    // One deployment answers on several origins (production, deploy previews, localhost).
    baseURL: { allowedHosts: allowedHosts(), fallback: siteOrigin(), protocol: 'auto' },
    trustedOrigins: (request) =>
      request ? [...allowedOrigins(request)] : [new URL(site.url).origin, siteOrigin(), ...extraOrigins()],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: authRateLimits,
        twoFactor: twoFactors,
      },
    }),
    session: {
      // The cookie and better-auth's own expiry last the absolute cap (12 h): the portal's admin calls never
      // renew the cookie. The idle hour and the cap itself are enforced by sessionRules (session-limits.ts).
      expiresIn: SESSION_LIMITS.absoluteSeconds,
      updateAge: SESSION_TOUCH_SECONDS,
      // No copy of the session in a cookie: every read goes to the database, where an ended session is gone.
      cookieCache: { enabled: false },
    },
    plugins: [
      sessionRules(db),
      twoFactor({
        issuer: site.agencyName,
        // An authenticator app only (no `otpOptions.sendOTP`, so no code by mail): the mailbox already resets
        // the password, and a code sent there would make it both factors.
        // Recovery codes: better-auth's 10 single-use codes, stored encrypted with the auth secret (default).
        backupCodeOptions: { amount: 10, storeBackupCodes: 'encrypted' },
        // The wrong-code lock of better-auth (10 in a row lock the second step for 15 minutes) stays on under
        // the account's own growing lock (secondStepGuard).
        accountLockout: { enabled: true },
      }),
      secondStepGuard(db),
    ],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      resetPasswordTokenExpiresIn: RESET_SECONDS,
      // A reset is what someone does when they fear the password is known: end every session.
      revokeSessionsOnPasswordReset: true,
      // The mailbox's owner chose a new password: the failed guesses before it no longer lock them out.
      onPasswordReset: ({ user }) =>
        clearSignInFailures(db, user.email).catch((error) => console.error('clearing sign-in failures failed:', error)),
      sendResetPassword: async ({ user, token, url }) => {
        const link = `${originOf(url)}${PORTAL_PATH}?reset=${encodeURIComponent(token)}`;
        const mail = passwordResetMail({
          to: user.email,
          name: user.name,
          url: link,
          validMinutes: RESET_SECONDS / 60,
        });
        await queueAndSend(db, token, mail);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unconfirmed sign-in with the right password gets a fresh link, so an expired one is no dead end.
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_SECONDS,
      sendVerificationEmail: async ({ user, token, url }) => {
        // Whatever callbackURL the client sent, the link returns to the portal.
        const link = `${originOf(url)}${AUTH_PATH}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(PORTAL_PATH)}`;
        const mail = verificationMail({
          to: user.email,
          name: user.name,
          url: link,
          validMinutes: VERIFY_SECONDS / 60,
        });
        await queueAndSend(db, token, mail);
      },
    },
    rateLimit: {
      enabled: true, // better-auth enables it only when NODE_ENV is production
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': SIGN_IN_LIMIT,
        '/sign-up/email': SIGN_UP_LIMIT,
        '/request-password-reset': MAIL_LIMIT,
        '/send-verification-email': MAIL_LIMIT,
        '/reset-password': SIGN_IN_LIMIT,
        '/two-factor/verify-totp': TWO_FACTOR_LIMIT,
        '/two-factor/verify-backup-code': TWO_FACTOR_LIMIT,
        '/two-factor/enable': TWO_FACTOR_LIMIT,
        '/two-factor/disable': TWO_FACTOR_LIMIT,
        '/two-factor/generate-backup-codes': TWO_FACTOR_LIMIT,
        '/two-factor/get-totp-uri': TWO_FACTOR_LIMIT,
        // A read the portal makes on every load: no counter row written for it.
        '/get-session': false,
      },
    },
    advanced: {
      // HttpOnly and SameSite=Lax are better-auth's defaults. Secure (and the __Secure- name) wherever the
      // site is deployed, which is HTTPS only; locally the site is plain http, where a browser keeps a Secure
      // cookie on localhost but drops it on a LAN address.
      useSecureCookies: isDeployed(),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isDeployed(), path: '/' },
      // The function overwrites this header with the client address the platform saw (auth.mts).
      // An IPv6 client is keyed by its /64 (better-auth's default, pinned): one subscriber holds a whole /64.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'], ipv6Subnet: 64 },
      // better-auth turns these off under NODE_ENV=test; the tests must see what production does.
      disableCSRFCheck: false,
      disableOriginCheck: false,
    },
    telemetry: { enabled: false },
    // The account name is typed by whoever signs up and is shown in the portal: short, never a web address.
    hooks: { before: refuseBadAccountName },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Db, Auth>();

/** The better-auth instance on `db` (one per database handle). */
export function getAuth(db: Db): Auth {
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db);
    instances.set(db, auth);
  }
  return auth;
}
