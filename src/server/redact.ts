/**
 * What the functions' log may say of a request's address. Some addresses carry a bearer secret: a report link
 * (`/report/<token>`, `/report/<token>/pdf`, and the page's own `/report/<token>/opened`), a download link (`/downloads/<token>`), a password-reset link
 * (`/reset-password/<token>`, `?reset=`), a confirmation link (`?confirm=`, and better-auth's old `?token=`), a code (`?code=`). Netlify keeps
 * function logs and shows them to everyone with access to the project, so every path or URL a log line names goes
 * through `redactUrl` first: the secret becomes `[redacted]`, the rest stays readable.
 */

/** A path segment that is a secret, after the segment that names it. */
const SECRET_SEGMENTS = /(\/(?:report|reset-password|downloads)\/)[^/?#\s]+/g;

/** Query parameters whose value is a secret (any case). */
const SECRET_PARAMS = /([?&](?:token|reset|confirm|code|secret)=)[^&#\s]*/gi;

export const REDACTED = '[redacted]';

/** A path or URL (or a line of text holding one) with its secrets replaced by `[redacted]`. */
export function redactUrl(text: string): string {
  return text.replace(SECRET_SEGMENTS, `$1${REDACTED}`).replace(SECRET_PARAMS, `$1${REDACTED}`);
}
