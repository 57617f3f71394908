/**
 * What auth.mts reads of a request before better-auth does: the route it is for and its body's fields. Both
 * are read the way better-auth reads them, so that a guard keyed on them sees what better-auth acts on.
 */

const AUTH_BASE = '/api/auth';

/**
 * Every way into an account this site offers, by better-auth route: what the portal and its mail links use,
 * and nothing else. better-auth mounts more (social sign-in, account linking, email change, user deletion,
 * session listing, mail codes…), each a way in or a way to change an account that nobody here reviews or
 * tests; auth.mts answers 404 to those before better-auth sees them. docs/security.md lists these with their
 * limits.
 */
export const AUTH_ROUTES: ReadonlySet<string> = new Set([
  '/sign-up/email',
  '/sign-in/email',
  '/sign-out',
  '/get-session',
  '/verify-email',
  '/send-verification-email',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/two-factor/enable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/generate-backup-codes',
  '/two-factor/disable',
]);

/**
 * The better-auth route of `url` (`/sign-in/email`), or null outside `/api/auth/`. Decoded, lower-cased and
 * without trailing slashes: a spelling better-auth would not route is only guarded needlessly, never missed.
 */
export function authRoute(url: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null; // a malformed escape: better-auth routes no such path either
  }
  path = path.toLowerCase().replace(/\/+$/, '');
  return path.startsWith(`${AUTH_BASE}/`) ? path.slice(AUTH_BASE.length) : null;
}

/**
 * The fields of a JSON or form body (better-auth takes both on sign-in); {} for anything else, which
 * better-auth refuses. A repeated form field counts by its last value, as in better-auth.
 */
export function bodyFields(contentType: string | null, body: Uint8Array): Record<string, unknown> {
  const type = (contentType ?? '').toLowerCase();
  const text = new TextDecoder().decode(body);
  if (/^application\/([a-z0-9.+-]*\+)?json/.test(type)) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return {};
}
