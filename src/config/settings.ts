/**
 * The per-site values an agency sets in Netlify's environment variables instead of in code: where lead
 * notifications go, who mail comes from, the public address of the site and of its scheduling pages. Each has
 * the repository's value as its default, so `npm start` runs with no setting at all; those defaults are
 * placeholders (`.example` addresses, the `bolesta-example` scheduling pages), so a deployed site refuses to run
 * on them (`placeholderProblems`, read by `missingSettings` in src/config/platform.ts): its functions answer 503
 * `misconfigured` and `/api/health` names the setting, as for a missing secret.
 *
 * Values are read once, when a module first imports them: at build for the static pages (canonical URLs, the
 * booking buttons), and when a function starts for the server (mail, origins, the blog and report pages).
 */
import * as z from 'zod/mini';

export type SettingsEnv = Record<string, string | undefined>;

type Kind = 'origin' | 'email' | 'url' | 'name';

interface Definition {
  kind: Kind;
  /** Used where the variable is unset or empty. */
  fallback: string;
  /** Whether `fallback` is a stand-in that a deployed site may not run on. */
  placeholder: boolean;
  /** What the value is for, in the words of Netlify's environment-variable screen. */
  what: string;
}

/** Every per-site setting, by its environment variable. */
export const SETTINGS = {
  SITE_URL: {
    kind: 'origin',
    fallback: 'https://www.bolesta.example',
    placeholder: true,
    what: 'the public address of the site (its custom domain), e.g. https://www.agency.com',
  },
  STAFF_INBOX: {
    kind: 'email',
    fallback: 'leads@bolesta.example',
    placeholder: true,
    what: 'the mailbox that gets every new-lead notification',
  },
  MAIL_FROM: {
    kind: 'email',
    fallback: 'noreply@bolesta.example',
    placeholder: true,
    what: 'the sender address of every mail the site sends (on a domain verified at Resend)',
  },
  MAIL_FROM_NAME: {
    kind: 'name',
    fallback: 'Bolesta',
    placeholder: false,
    what: 'the sender name shown beside that address',
  },
  BOOKING_URL_STRATEGY_CALL: {
    kind: 'url',
    fallback: 'https://calendly.com/bolesta-example/30min',
    placeholder: true,
    what: 'the scheduling page of "Book a Strategy Call"',
  },
  BOOKING_URL_US_MARKET_CALL: {
    kind: 'url',
    fallback: 'https://calendly.com/bolesta-example/us-market-strategy',
    placeholder: true,
    what: 'the scheduling page of the US-market strategy call',
  },
  BOOKING_URL_DISCOVERY_CALL: {
    kind: 'url',
    fallback: 'https://calendly.com/bolesta-example/discovery',
    placeholder: true,
    what: 'the scheduling page of the discovery call',
  },
} as const satisfies Record<string, Definition>;

export type SettingName = keyof typeof SETTINGS;
export type Settings = Record<SettingName, string>;

const names = Object.keys(SETTINGS) as SettingName[];

// Each refinement sees values the format check may have refused already: it must not throw on them.
const httpsOrLocal = (value: string) => {
  const url = URL.parse(value);
  return (
    !url || url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname))
  );
};
const bareOrigin = (value: string) => {
  const url = URL.parse(value);
  return !url || (url.pathname === '/' && !url.search && !url.hash);
};

/** One schema per kind: each says, in words, what is wrong with a value. */
const schemas: Record<Kind, z.ZodMiniType<string>> = {
  origin: z
    .url({ error: 'is not a web address (https://…)' })
    .check(z.refine(httpsOrLocal, 'must start with https://'), z.refine(bareOrigin, 'must be an origin, with no path')),
  url: z.url({ error: 'is not a web address (https://…)' }).check(z.refine(httpsOrLocal, 'must start with https://')),
  email: z.email({ error: 'is not an email address' }),
  name: z.string().check(
    z.minLength(1, 'is empty'),
    z.maxLength(80, 'is longer than 80 characters'),
    z.refine((v) => !/[<>"\r\n\\]/.test(v), 'may not hold < > " \\ or a line break'),
  ),
};

const valueOf = (env: SettingsEnv, name: SettingName): string | undefined => env[name]?.trim() || undefined;

/**
 * The raw value of each setting in `env`: the variable when set, else its default. Deployed, the site's
 * address defaults to Netlify's own `URL` (the primary domain of the site, a custom one once attached).
 */
function rawSettings(env: SettingsEnv): Settings {
  const raw = {} as Settings;
  for (const name of names) raw[name] = valueOf(env, name) ?? SETTINGS[name].fallback;
  if (!valueOf(env, 'SITE_URL') && env.URL?.trim()) raw.SITE_URL = env.URL.trim();
  return raw;
}

/** A setting whose value will not do, and why (`problem` reads after the variable's name). */
export interface SettingProblem {
  setting: SettingName;
  problem: string;
}

/** The settings whose value (set or default) is malformed. */
export function invalidSettings(env: SettingsEnv): SettingProblem[] {
  const raw = rawSettings(env);
  return names.flatMap((name) => {
    const parsed = schemas[SETTINGS[name].kind].safeParse(raw[name]);
    return parsed.success ? [] : [{ setting: name, problem: `${parsed.error.issues[0]!.message} ("${raw[name]}")` }];
  });
}

/** Hosts of the domains reserved for examples and tests (RFC 2606, RFC 6761): never a real mailbox or site. */
export function isReservedHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return (
    /\.(example|test|invalid|localhost)$/.test(h) ||
    /(^|\.)example\.(com|net|org)$/.test(h) ||
    ['localhost', '127.0.0.1'].includes(h)
  );
}

const hostOf = (kind: Kind, value: string): string | null => {
  if (kind === 'email') return value.split('@').pop() ?? null;
  if (kind === 'origin' || kind === 'url') return URL.canParse(value) ? new URL(value).hostname : null;
  return null;
};

/**
 * The settings a deployed site may not run on: a default that is a placeholder, or any value on a domain
 * reserved for examples (`.example`, `example.com`, `.test`, `localhost`…).
 */
export function placeholderProblems(env: SettingsEnv): SettingProblem[] {
  const raw = rawSettings(env);
  return names.flatMap((name) => {
    const { kind, fallback, placeholder } = SETTINGS[name];
    const host = hostOf(kind, raw[name]);
    if (!placeholder || raw[name] !== fallback) {
      return host && isReservedHost(host) ? [{ setting: name, problem: `is a placeholder (${raw[name]})` }] : [];
    }
    if (valueOf(env, name)) return [{ setting: name, problem: `is a placeholder (${raw[name]})` }];
    return [{ setting: name, problem: `is not set (${fallback} is a placeholder)` }];
  });
}

/**
 * The settings in force: each variable when set and valid, else its default. A malformed value is not used:
 * a deployed site refuses to run with it (invalidSettings), and `npm start` warns and runs on the default.
 */
export function readSettings(env: SettingsEnv, warn: (line: string) => void = () => {}): Settings {
  const settings = rawSettings(env);
  for (const { setting, problem } of invalidSettings(env)) {
    warn(`${setting} ${problem}: using ${SETTINGS[setting].fallback} instead.`);
    settings[setting] = SETTINGS[setting].fallback;
  }
  settings.SITE_URL = new URL(settings.SITE_URL).origin;
  return settings;
}

/** A mail header's `Name <address>`. */
export const mailbox = (name: string, address: string) => `${name} <${address}>`;
