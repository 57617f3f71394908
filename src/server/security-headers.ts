/**
 * The security headers of every response. Netlify applies `[[headers]]` of netlify.toml to static files
 * only, so the functions send the same values themselves (`withErrors` in http.ts adds them to every
 * answer). tests/unit/config/headers.test.ts holds this constant equal to the `/*` rule of netlify.toml:
 * change both together (after an Astro upgrade, `npm run csp` prints the script hashes).
 */

import { IMG_SRC } from '../lib/image-sources.ts';

/**
 * The `/*` headers of netlify.toml, value for value. `img-src` is the one list of image sources
 * (src/lib/image-sources.ts: the site itself), which the blog's sanitizer keeps to as well. COOP `same-origin`:
 * no page of another site that opened, or was opened by, one of ours keeps a handle on its window.
 */
export const SECURITY_HEADERS = {
  'Content-Security-Policy': `default-src 'self'; script-src 'self' 'sha256-Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U=' 'sha256-BF0290pkb3jxQsE7z00xR8Imp8X34FLC88L0lkMnrGw=' 'sha256-Q2BPg90ZMplYY+FSdApNErhpWafg2hcRRbndmvxuL/Q=' 'sha256-eIXWvAmxkr251LJZkjniEK5LcPF3NkapbJepohwYRIc=' 'sha256-m/m6ZDnDi7uKvVRAKn7Ur6uKVN1q8U1UjOb0wYd/zjg='; style-src 'self' 'unsafe-inline'; img-src ${IMG_SRC}; font-src 'self'; connect-src 'self'; frame-src https://www.google.com; form-action 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'none'`,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
} as const;

/**
 * The CSP of an answer that is not a page (JSON, CSV, a document, a feed): it loads nothing and may not
 * be framed, so a response opened on its own in a browser can run nothing.
 */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The browser editor's page (/cms, netlify/functions/cms.mts) and only it: Decap CMS validates its configuration
 * with compiled JSON schemas (`'unsafe-eval'`), styles its screen inline, shows a chosen image as a `blob:`
 * before it is saved (and reads it back from that `blob:` to upload it), talks to GitHub's API and shows the editor's GitHub picture. Its sign-in opens Netlify's
 * GitHub provider in a pop-up that answers with `postMessage`, so the opener stays reachable from a pop-up it
 * opened (COOP `same-origin-allow-popups`); it still may not be framed.
 */
export const CMS_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' blob: data: https://avatars.githubusercontent.com; font-src 'self'; connect-src 'self' blob: https://api.github.com; frame-src 'self'; form-action 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;

/** The headers a response of `contentType` carries: the site's CSP for HTML, the closed one otherwise. */
export function securityHeadersFor(contentType: string | null): Record<string, string> {
  const isHtml = (contentType ?? '').toLowerCase().startsWith('text/html');
  return {
    ...SECURITY_HEADERS,
    'Content-Security-Policy': isHtml ? SECURITY_HEADERS['Content-Security-Policy'] : NON_HTML_CSP,
  };
}
