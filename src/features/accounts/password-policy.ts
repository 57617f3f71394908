/**
 * Passwords nobody should pick, refused wherever one is chosen (sign-up, reset, change; auth.mts asks before
 * better-auth sees the request): the local list of common passwords always, offline; and, where the site
 * can reach it (deployed), Have I Been Pwned's corpus of breached passwords through better-auth's own check
 * (only 5 characters of the SHA-1 leave the server). better-auth's plugin for it fails closed, so it is not
 * used: an unreachable or slow service must never stop a sign-up, and the local list still applies.
 */
import { site } from '../../config/site.ts';
import { isCommonPassword } from './common-passwords.ts';

/** The endpoints that set a password, and the body field that holds it. */
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

export const PASSWORD_TOO_COMMON = {
  code: 'PASSWORD_TOO_COMMON',
  message: 'This password is too common. Choose another one.',
} as const;
export const PASSWORD_COMPROMISED = {
  code: 'PASSWORD_COMPROMISED',
  message: 'This password has appeared in a data breach. Choose another one.',
} as const;

export const PASSWORD_CONTEXTUAL = {
  code: 'PASSWORD_CONTEXTUAL',
  message:
    'This password contains the name of the agency or the site, or your own name or email address. Choose another one.',
} as const;

/** Letters and digits only, lower case, no trademark signs: "Lift Audit™" and "lift-audit" are both "liftaudit". */
const folded = (text: string) =>
  text
    .replace(/[™®©]/g, '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Words no staff password may contain: the first guesses of anyone attacking this site in particular. */
export function contextWords(fields: Record<string, unknown> = {}): string[] {
  const host = new URL(site.url).hostname.replace(/^www\./, '');
  const own = [fields.email, fields.name]
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => [v.split('@')[0] ?? '', ...v.split(/[\s@.]+/)]);
  return [
    ...new Set(
      [site.agencyName, site.auditName, host, host.split('.')[0] ?? '', ...own]
        .map(folded)
        // A short piece (a first name like "Al", a domain like "lab") would refuse too much and protect little.
        .filter((word) => word.length >= 4),
    ),
  ];
}

/** How long the breach check may take before the password is let through unchecked. */
export const BREACH_CHECK_TIMEOUT_MS = 3000;

/** Whether a password is in a breach corpus; throws when that cannot be told. */
export type BreachCheck = (password: string) => Promise<boolean>;

/** The breach check's answer, or false when it failed or took too long (fail open, logged). */
export async function breachedOrUnknown(check: BreachCheck, password: string, timeoutMs = BREACH_CHECK_TIMEOUT_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([check(password), timeout]);
  } catch (error) {
    console.warn('password breach check unavailable, password accepted unchecked:', (error as Error).message);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a request to `route` (a better-auth path) chooses a password. */
export const choosesPassword = (route: string) => Object.hasOwn(PASSWORD_FIELDS, route);

/** The password a request to `route` (a better-auth path) chooses, or undefined when it chooses none. */
export function chosenPassword(route: string, fields: Record<string, unknown>): unknown {
  return Object.hasOwn(PASSWORD_FIELDS, route) ? fields[PASSWORD_FIELDS[route]!] : undefined;
}

/**
 * Why `password` may not be chosen (common, made of the site's or the account's own words, or breached when
 * `breachCheck` is given), or null. `fields` are the request's other fields (the email and name of a sign-up).
 */
export async function weakPasswordProblem(
  password: unknown,
  breachCheck: BreachCheck | null,
  fields: Record<string, unknown> = {},
): Promise<{ code: string; message: string } | null> {
  // Anything else is better-auth's to refuse, with its own message (missing, too short, too long).
  if (typeof password !== 'string') return null;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  const plain = folded(password);
  if (contextWords(fields).some((word) => plain.includes(word))) return PASSWORD_CONTEXTUAL;
  if (breachCheck && (await breachedOrUnknown(breachCheck, password))) return PASSWORD_COMPROMISED;
  return null;
}
