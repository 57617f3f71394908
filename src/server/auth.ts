/**
 * Accounts (decision 11): better-auth with email + password on the project's database, mounted at
 * `/api/auth/*` by netlify/functions/auth.mts. The email must be confirmed before the first sign-in; the
 * confirmation and password-reset mails go through the outbox like every other mail. Rate limits live in
 * the database so they hold across function instances. A session grants nothing by itself: roles are
 * separate (roles.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { betterAuth } from 'better-auth/minimal';
import { site } from '../config/site.ts';
import type { Db } from '../db/client.ts';
import { accounts, authRateLimits, sessions, users, verifications } from '../db/schema.ts';
import { accountNameProblem } from '../lib/forms/person-name.schema.ts';
import { allowedOrigins, extraOrigins } from './guards.ts';
import { authSecretProblem, DEV_AUTH_SECRET, isDeployed, MisconfiguredError } from './platform.ts';
import { enqueueMail } from './mail/outbox.ts';
import { drainOutbox } from './mail/sender.ts';
import { passwordResetMail, verificationMail, type Mail } from './mail/templates.ts';
import { clearSignInFailures } from './sign-in-guard.ts';
import { SESSION_LIMITS, SESSION_TOUCH_SECONDS, sessionRules } from './session-limits.ts';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
/** Sign-in attempts per client address and window (seconds): the 11th within 10 minutes gets 429. */
export const SIGN_IN_LIMIT = { window: 600, max: 10 } as const;
const SIGN_UP_LIMIT = { window: 600, max: 10 } as const;
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
    plugins: [sessionRules(db)],
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
