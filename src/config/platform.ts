/**
 * Where the functions run, in one place. "Deployed" means on Netlify, in any deploy context (production,
 * deploy preview, branch deploy): there a function sees `SITE_ID` (with `URL` and `SITE_NAME`) and none of
 * `NODE_ENV` or `CONTEXT`, so `SITE_ID` is the signal. A deployed function never falls back to a
 * development default: it refuses to run until the settings production needs are there.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { invalidSettings, placeholderProblems } from './settings.ts';

export type Env = Record<string, string | undefined>;

/**
 * The environment a function reads: Node's, plus what Netlify's runtime offers on its `Netlify.env` global
 * (where Netlify Database's connection string may live).
 */
export function platformEnv(): Env {
  const netlify = (globalThis as { Netlify?: { env?: { toObject(): Env } } }).Netlify;
  return netlify?.env ? { ...process.env, ...netlify.env.toObject() } : process.env;
}

/** True on Netlify (a function at run time, or a build), false under `npm start`, `npm run dev` and tests. */
export function isDeployed(env: Env = platformEnv()): boolean {
  return Boolean(env.SITE_ID) || env.NETLIFY === 'true';
}

/**
 * The secret of `npm start` and the tests, so a fresh checkout runs without setup. Public in the repository,
 * so it is refused wherever the site is deployed.
 */
export const DEV_AUTH_SECRET = 'bolesta-local-development-secret-not-for-production-0123456789';

/** Bytes a deployed `BETTER_AUTH_SECRET` needs at least (`openssl rand -base64 32` gives 44). */
export const MIN_SECRET_BYTES = 32;

/** A setting the deployed site cannot run without, and what is wrong with it. */
export interface MissingSetting {
  setting: string;
  problem: string;
}

/** What is wrong with the auth secret, or null when it will do. */
export function authSecretProblem(env: Env = platformEnv()): string | null {
  const value = env.BETTER_AUTH_SECRET;
  if (!value) return 'is not set';
  if (value === DEV_AUTH_SECRET) return 'is the public development secret';
  if (Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES) return `is shorter than ${MIN_SECRET_BYTES} bytes`;
  return null;
}

/** A yes/no setting: `true` or `false` (any case, trimmed), null when unset or empty, `invalid` otherwise. */
function yesNo(value: string | undefined): boolean | null | 'invalid' {
  const word = value?.trim().toLowerCase() ?? '';
  if (word === '') return null;
  return word === 'true' ? true : word === 'false' ? false : 'invalid';
}

/**
 * Whether every staff member (viewer, editor, admin) must have two-factor sign-in on before the staff API
 * answers them (`STAFF_2FA_REQUIRED`). Unset, it follows `isDeployed`, like the secure cookie and the breached
 * password check: on wherever the site is deployed (production, deploy previews, branch deploys: a preview's
 * database starts as a copy of production's), off under `npm start` and the tests. `false` turns it off on a
 * deployed site (docs/deploy-checklist.md, step 10: when that is acceptable), `true` turns it on locally. Any other
 * value counts as on and is a deployed site's misconfiguration (`missingSettings`): a typo never switches the second
 * factor off.
 */
export function staffTwoFactorRequired(env: Env = platformEnv()): boolean {
  const value = yesNo(env.STAFF_2FA_REQUIRED);
  return value === null ? isDeployed(env) : value !== false;
}

/**
 * The deprecated `ADMIN_2FA_REQUIRED=true` (before `STAFF_2FA_REQUIRED`): it still makes two-factor sign-in a
 * condition of the admin role, even where `STAFF_2FA_REQUIRED=false`, so a site that set it never loses it.
 */
export const adminTwoFactorRequired = (env: Env = platformEnv()): boolean => yesNo(env.ADMIN_2FA_REQUIRED) === true;

/** What is wrong with `STAFF_2FA_REQUIRED`: it must be `true`, `false` or unset. */
export const twoFactorSettingProblems = (env: Env = platformEnv()): MissingSetting[] =>
  yesNo(env.STAFF_2FA_REQUIRED) === 'invalid'
    ? [{ setting: 'STAFF_2FA_REQUIRED', problem: 'is neither true nor false' }]
    : [];

/** Whether the environment names a database: any Postgres (`DATABASE_URL`) or Netlify Database's. */
export const hasDatabase = (env: Env = platformEnv()): boolean =>
  Boolean(env.DATABASE_URL || env.NETLIFY_DB_URL || env.NETLIFY_DATABASE_URL);

/** No database: neither Netlify Database (NETLIFY_DB_URL) nor any Postgres (DATABASE_URL). */
export const NO_DATABASE: MissingSetting = { setting: 'DATABASE_URL or Netlify Database', problem: 'is not set' };

/**
 * The per-site settings (src/config/settings.ts) a deployed site may not run with: malformed, or still a
 * placeholder (`.example` addresses, the repository's scheduling pages). Each once, malformed first.
 */
export function siteSettingProblems(env: Env = platformEnv()): MissingSetting[] {
  const problems = [...invalidSettings(env), ...placeholderProblems(env)];
  return problems.filter((p, i) => problems.findIndex((q) => q.setting === p.setting) === i);
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]{24,}={0,2}$/;

/**
 * The domain replies to leads come back on (`MAIL_REPLY_DOMAIN`, a receiving domain at Resend such as
 * `reply.agency.com` or `<id>.resend.app`; docs/decisions/0040-mail-replies-and-delivery.md), lower case, or
 * null when unset or malformed (then every mail keeps its Reply-To of today).
 */
export function replyDomain(env: Env = platformEnv()): string | null {
  const value = env.MAIL_REPLY_DOMAIN?.trim().toLowerCase().replace(/^@/, '');
  return value && HOSTNAME.test(value) ? value : null;
}

/** The Resend webhook's signing secret (`RESEND_WEBHOOK_SECRET`, `whsec_…`), or null when unset or malformed. */
export function webhookSecret(env: Env = platformEnv()): string | null {
  const value = env.RESEND_WEBHOOK_SECRET?.trim();
  return value && WEBHOOK_SECRET.test(value) ? value : null;
}

/**
 * What is wrong with the reply settings: a malformed domain or secret, or a reply domain without the secret
 * (the replies would come back to an endpoint that refuses every event). Neither set is fine: mail as before.
 */
export function mailReplySettingProblems(env: Env = platformEnv()): MissingSetting[] {
  const problems: MissingSetting[] = [];
  const domain = env.MAIL_REPLY_DOMAIN?.trim();
  const secret = env.RESEND_WEBHOOK_SECRET?.trim();
  if (domain && !replyDomain(env))
    problems.push({ setting: 'MAIL_REPLY_DOMAIN', problem: `is not a domain name ("${domain.slice(0, 80)}")` });
  if (secret && !webhookSecret(env))
    problems.push({ setting: 'RESEND_WEBHOOK_SECRET', problem: 'is not a Resend signing secret (whsec_…)' });
  if (domain && !secret)
    problems.push({ setting: 'RESEND_WEBHOOK_SECRET', problem: 'is not set, but MAIL_REPLY_DOMAIN is' });
  return problems;
}

/** The shortest scheduler webhook secret taken: a guessable one would let anyone sign a booking. */
export const MIN_SCHEDULER_SECRET = 16;
const SCHEDULER_SECRET = new RegExp(`^\\S{${MIN_SCHEDULER_SECRET},500}$`);

/** The schedulers' webhook secrets (docs/decisions/0046-bookings-from-the-schedulers.md), by their variables. */
export const SCHEDULER_SECRETS = {
  calendly: 'CALENDLY_WEBHOOK_SIGNING_KEY',
  cal: 'CAL_WEBHOOK_SECRET',
} as const;

/**
 * The signing secret of a scheduler's webhook (`CALENDLY_WEBHOOK_SIGNING_KEY`: the `signing_key` of the Calendly
 * subscription; `CAL_WEBHOOK_SECRET`: the secret of the Cal.com webhook), or null when unset or malformed: its
 * endpoint then answers 503 `not_configured` and stores nothing.
 */
export function schedulerSecret(provider: keyof typeof SCHEDULER_SECRETS, env: Env = platformEnv()): string | null {
  const value = env[SCHEDULER_SECRETS[provider]]?.trim();
  return value && SCHEDULER_SECRET.test(value) ? value : null;
}

/** What is wrong with the schedulers' secrets: set but too short or holding spaces. Unset is fine (no webhook). */
export function schedulerSettingProblems(env: Env = platformEnv()): MissingSetting[] {
  return Object.values(SCHEDULER_SECRETS).flatMap((setting) => {
    const value = env[setting]?.trim();
    return value && !SCHEDULER_SECRET.test(value)
      ? [{ setting, problem: `is not a signing secret (${MIN_SCHEDULER_SECRET} to 500 characters, no spaces)` }]
      : [];
  });
}

/** Every setting a deployed function needs that is missing or unsafe (empty when all is well). */
export function missingSettings(env: Env = platformEnv()): MissingSetting[] {
  const missing: MissingSetting[] = [];
  const secret = authSecretProblem(env);
  if (secret) missing.push({ setting: 'BETTER_AUTH_SECRET', problem: secret });
  if (!hasDatabase(env)) missing.push(NO_DATABASE);
  missing.push(...siteSettingProblems(env));
  missing.push(...twoFactorSettingProblems(env));
  missing.push(...mailReplySettingProblems(env));
  missing.push(...schedulerSettingProblems(env));
  return missing;
}

/** Thrown where a deployed function would otherwise use a development default. */
export class MisconfiguredError extends Error {
  readonly missing: MissingSetting[];
  constructor(missing: MissingSetting[]) {
    super(
      `The site is not configured for production: ${missing.map((m) => `${m.setting} ${m.problem}`).join('; ')}. ` +
        "Set it in Netlify's environment variables (docs/deploy-checklist.md, step 4; docs/configuration.md) and redeploy.",
    );
    this.name = 'MisconfiguredError';
    this.missing = missing;
  }
}

/** Throws a MisconfiguredError when deployed without what production needs; does nothing locally. */
export function assertProductionReady(env: Env = platformEnv()): void {
  if (!isDeployed(env)) return;
  const missing = missingSettings(env);
  if (missing.length) throw new MisconfiguredError(missing);
}

/** Which site an invocation serves: `npm start`/tests, the published production site, or any other deploy. */
export type SiteContext = 'local' | 'production' | 'preview';

// Netlify hands each invocation its deploy context (`context.deploy.context`); withErrors keeps it here so
// the services deep down (stores, mail, cache) can ask without threading it through every call.
const deployContexts = new AsyncLocalStorage<string | undefined>();

/** Runs `fn` as an invocation of a deploy of Netlify context `context` (`production`, `deploy-preview`, …). */
export function inDeployContext<T>(context: string | undefined, fn: () => T): T {
  return deployContexts.run(context, fn);
}

/**
 * The site this invocation serves. Deployed, anything but the production context (deploy previews, branch
 * deploys, `netlify dev`) is a preview: it keeps its own data and sends no mail to leads.
 */
export function siteContext(): SiteContext {
  if (!isDeployed()) return 'local';
  const context = deployContexts.getStore();
  return context === undefined || context === 'production' ? 'production' : 'preview';
}

/** True in a deploy preview or branch deploy. */
export const isPreview = (): boolean => siteContext() === 'preview';
