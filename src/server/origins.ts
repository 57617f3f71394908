/**
 * The origins the site answers on: its own (`site.url`: SITE_URL, or deployed Netlify's `URL`) and those
 * ALLOWED_ORIGINS names (comma-separated). The Origin check of every state change, better-auth's trusted
 * origins and hosts, and the local server's own names all read them here.
 */
import { site } from '../config/site.ts';

/** The origins ALLOWED_ORIGINS names (comma-separated), besides the site's own. */
export const extraOrigins = (): string[] =>
  (process.env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/** The configured site origin (`site.url`). */
export const siteOrigin = () => new URL(site.url).origin;

/** Every origin the site is set up to answer on, once each: `site.url` and ALLOWED_ORIGINS. */
export const configuredOrigins = (): string[] => [...new Set([siteOrigin(), ...extraOrigins()])];

/** Origins that may post: the site itself, the origin the request arrived on, and ALLOWED_ORIGINS. */
export function allowedOrigins(request: Request): Set<string> {
  return new Set([siteOrigin(), new URL(request.url).origin, ...extraOrigins()]);
}

/**
 * The site's address for a link in a staff mail: the origin the staff member's request arrived on (the address
 * they use, as the download mail and the account mails take it), or, with no request (a scheduled job, a webhook),
 * `site.url`: SITE_URL, or deployed Netlify's own `URL` (src/config/settings.ts), never the placeholder on a deploy.
 */
export const mailOrigin = (request?: Request): string => (request ? new URL(request.url).origin : siteOrigin());
