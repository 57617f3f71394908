/**
 * Accounts (docs/decisions/0011-staff-accounts-with-better-auth.md): better-auth with email + password on the project's database, mounted at
 * `/api/auth/*` by netlify/functions/auth.mts. The email must be confirmed before the first sign-in; the
 * confirmation and password-reset mails go through the outbox like every other mail. Rate limits live in
 * the database so they hold across function instances. A session grants nothing by itself: roles are
 * separate (roles.ts). Any account may turn on two-factor sign-in (TOTP from an authenticator app, with
 * recovery codes); STAFF_2FA_REQUIRED (on by default where deployed) makes it a condition of every role
 * (require-role.ts).
 */
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { betterAuth } from 'better-auth/minimal';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { site } from '../../config/site.ts';
import type { Db } from '../../db/client.ts';
import { accounts, authRateLimits, sessions, twoFactors, users, verifications } from '../../db/schema.ts';
import { accountNameProblem } from '../../lib/forms/person-name.schema.ts';
import { inBackground, sendAccountMail } from './auth-mail.ts';
import { passwordResetMail, verificationMail } from '../../server/mail/templates.ts';
import { allowedOrigins, configuredOrigins, siteOrigin } from '../../server/origins.ts';
import {
  authSecretProblem,
  DEV_AUTH_SECRET,
  isDeployed,
  MisconfiguredError,
  platformEnv,
  type Env,
} from '../../config/platform.ts';
import { limitFromEnv } from '../../server/rate-limit.ts';
import { secondStepGuard } from './second-step-guard.ts';
import { SESSION_LIMITS, SESSION_TOUCH_SECONDS, sessionRules } from './session-limits.ts';
import { clearSignInFailures } from './sign-in-guard.ts';
import { confirmAddress, confirmationToken, CONFIRM_SECONDS } from './confirmation.ts';
import { accountAuditHooks } from './account-audit.ts';
import { hashedRecoveryCodes } from './recovery-codes.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { setPasswordChangeRequired, temporaryPasswords } from './temporary-password.ts';

import { PASSWORD_MAX, PASSWORD_MIN } from '../../lib/password-limits.ts';
import { loggable } from '../../server/loggable.ts';
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

// Hosts better-auth may build its URLs (and so our mail links) on. Deployed: the site's own and ALLOWED_ORIGINS,
// plus this Netlify site's own addresses (`SITE_NAME.netlify.app`, and `<deploy>--SITE_NAME.netlify.app` of each
// deploy preview, branch deploy and permalink), so a colleague confirming an account on a preview gets a link to
// that preview. Anything else falls back to the site's origin, so a forged Host header cannot make a reset mail
// point at someone else's server. Locally every host is the developer's own (localhost, 127.0.0.1, a LAN
// address) and mail only goes to the console, so any host will do.
export function allowedHosts(env: Env = platformEnv()): string[] {
  if (!isDeployed(env)) return ['*'];
  const netlifyName = env.SITE_NAME?.trim().toLowerCase();
  const netlifyHosts = netlifyName ? [`${netlifyName}.netlify.app`, `*--${netlifyName}.netlify.app`] : [];
  return [...new Set([...configuredOrigins().map((o) => new URL(o).host), ...netlifyHosts])];
}

/** Where better-auth's own confirmation link (which confirmed the password typed at sign-up) now leads. */
export const REPLACED_LINK_PATH = `${PORTAL_PATH}?link=replaced`;

/**
 * Answers 400 to a sign-up or name change whose name is too long or holds a web address, and sends better-auth's
 * own confirmation link (`/verify-email`, of mails sent before confirmation chose the password) to the portal's
 * notice instead of confirming the password its sign-up typed (confirmation.ts).
 */
const beforeAuth = createAuthMiddleware(async (ctx) => {
  if (ctx.path === '/verify-email') throw ctx.redirect(REPLACED_LINK_PATH);
  if (ctx.path !== '/sign-up/email' && ctx.path !== '/update-user') return;
  const problem = accountNameProblem((ctx.body as { name?: unknown } | undefined)?.name);
  if (problem) throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: problem });
});

function createAuth(db: Db) {
  const authSecret = secret();
  /**
   * The confirmation mail of `user`: its link opens "choose your password" with a token of our own (the token
   * better-auth made would confirm the password typed at sign-up); the link's origin is the one better-auth
   * resolved for the request (`url`).
   */
  const sendConfirmation = async ({
    user,
    url,
  }: {
    user: { id: string; email: string; name: string };
    url: string;
  }) => {
    const token = await confirmationToken((await getAuth(db).$context).internalAdapter, user.id);
    await sendAccountMail(
      db,
      verificationMail,
      { user, token, url },
      (origin, t) => `${origin}${PORTAL_PATH}?confirm=${t}`,
      CONFIRM_SECONDS,
    );
  };
  return betterAuth({
    appName: site.agencyName,
    secret: authSecret,
    basePath: AUTH_PATH,
    // better-auth logs what its database refused with the error as it is: through loggable, without values.
    logger: { log: (level, message, ...args) => console[level](message, ...args.map(loggable)) },
    // One deployment answers on several origins (production, deploy previews, localhost).
    baseURL: { allowedHosts: allowedHosts(), fallback: siteOrigin(), protocol: 'auto' },
    trustedOrigins: (request) => (request ? [...allowedOrigins(request)] : configuredOrigins()),
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
    user: {
      // Read with every session (session.ts); never set by a sign-up or a profile change (`input: false`).
      additionalFields: {
        passwordChangeRequired: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
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
      // Before twoFactor: a spent temporary password must end the sign-in, not lead to its second step.
      temporaryPasswords(db),
      twoFactor({
        issuer: site.agencyName,
        // An authenticator app only (no `otpOptions.sendOTP`, so no code by mail): the mailbox already resets
        // the password, and a code sent there would make it both factors.
        // Recovery codes: better-auth's 10 single-use codes, each stored as a salted scrypt hash (recovery-codes.ts).
        backupCodeOptions: { amount: 10, storeBackupCodes: hashedRecoveryCodes(authSecret) },
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
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_SECONDS,
      // A reset is what someone does when they fear the password is known: end every session.
      revokeSessionsOnPasswordReset: true,
      // The mailbox's owner chose a new password: the failed guesses before it no longer lock them out.
      // A reset by mail is a password the owner chose: no longer a temporary one either.
      // A reset of an unconfirmed account is its confirmation (confirmation.ts): only the mailbox gets the link.
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) await confirmAddress(db, user);
        await Promise.all([clearSignInFailures(db, user.email), setPasswordChangeRequired(db, user.id, false)]).catch(
          (error) => console.error('clearing sign-in failures failed:', loggable(error)),
        );
      },
      // A second sign-up of an address not yet confirmed gets a fresh confirmation mail (its link chooses the
      // password, so whoever signed up first gains nothing); a confirmed address gets nothing, as before. It runs
      // in the background (advanced.backgroundTasks): better-auth's 500 ms floor on this call would otherwise
      // tell an outsider that the address waits for its confirmation.
      onExistingUserSignUp: async ({ user }, request) => {
        if (user.emailVerified) return;
        await getAuth(db).api.sendVerificationEmail({ body: { email: user.email }, request });
      },
      sendResetPassword: (request) =>
        sendAccountMail(
          db,
          passwordResetMail,
          request,
          (origin, token) => `${origin}${PORTAL_PATH}?reset=${token}`,
          RESET_SECONDS,
        ),
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unconfirmed sign-in with the right password gets a fresh link, so an expired one is no dead end.
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRM_SECONDS,
      // The link opens "choose your password" in the portal, whatever callbackURL the client sent; choosing it
      // confirms the address, and ADMIN_BOOTSTRAP_EMAIL's owner becomes the first admin then (confirmation.ts).
      sendVerificationEmail: sendConfirmation,
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
      // Account mails after the answer, through the function's waitUntil (auth-mail.ts): no answer's time says
      // whether an address has an account.
      backgroundTasks: { handler: inBackground },
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
    hooks: { before: beforeAuth },
    // A new password and two-factor sign-in on or off, in the action log (account-audit.ts).
    databaseHooks: accountAuditHooks(db),
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
