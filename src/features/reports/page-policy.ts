/**
 * What the lead's report page may do in the browser, and how it says it was opened. The page (the built frame
 * `/report-shell`, filled per request) gets its own Content-Security-Policy, stricter than the site's: nothing
 * loads but the site's own scripts, styles, fonts and images; the only inline scripts and style that run are the
 * frame's own (allowed by their SHA-256, taken from the built frame, never from the filled page, so nothing a
 * report's text brings in could run) and the opening beacon below; it connects only to its own origin, posts no
 * form, sets no base, is framed by nobody.
 */
import { createHash } from 'node:crypto';

/**
 * The beacon: once the page is shown to a person (visible on load, or when it first becomes visible, not in a
 * background tab or a scanner that never shows it), it POSTs `/report/{token}/opened`, once; the server stamps
 * the first opening then (links.ts). A constant, so its hash is too.
 */
export const OPENED_SCRIPT = `(()=>{let sent=!1;const send=()=>{if(sent||document.visibilityState!=="visible")return;sent=!0;document.removeEventListener("visibilitychange",send);fetch(location.pathname.replace(/\\/+$/,"")+"/opened",{method:"POST",keepalive:!0,credentials:"omit"}).catch(()=>{})};document.addEventListener("visibilitychange",send);send()})();`;

/** The page with the beacon at the end of its body. */
export const withOpenedBeacon = (html: string): string =>
  html.replace(/<\/body>(?![\s\S]*<\/body>)/, `<script data-report-opened>${OPENED_SCRIPT}</script></body>`);

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The SHA-256 sources of every inline element `tag` of `html` that runs (JSON-LD data blocks do not). */
function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const inline = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g');
  const runs = (attributes = '') => !/\bsrc=/.test(attributes) && !/\btype="application\/ld\+json"/.test(attributes);
  return [...html.matchAll(inline)].filter((m) => runs(m[1])).map((m) => sha256(m[2]!));
}

/** The report page's Content-Security-Policy, for the built `frame` it is drawn in. */
export function reportPageCsp(frame: string): string {
  const scripts = [...new Set([...inlineHashes(frame, 'script'), sha256(OPENED_SCRIPT)])];
  const styles = [...new Set(inlineHashes(frame, 'style'))];
  return [
    "default-src 'none'",
    `script-src 'self' ${scripts.join(' ')}`,
    `style-src 'self'${styles.map((s) => ` ${s}`).join('')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers of the report page beside the private ones every answer of a link carries. */
export const reportPageHeaders = (frame: string): Record<string, string> => ({
  'Content-Security-Policy': reportPageCsp(frame),
  'Cross-Origin-Opener-Policy': 'same-origin',
});
