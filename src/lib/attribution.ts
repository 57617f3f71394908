/**
 * First-touch attribution (docs/decisions/0032-attribution-and-dashboard.md): where the visit that sent a form
 * began. On the first page of a visit the layout's script keeps it in `sessionStorage` (no cookie, no identifier;
 * before a form is sent only the visit's one anonymous count leaves the browser: visit-count.ts), and every public
 * form sends it as `attribution` with its answers (src/lib/forms/attribution.schema.ts validates it on both sides).
 * A new tab or a closed browser starts a new visit, as `sessionStorage` does.
 *
 * This module runs on every page, so it imports nothing heavier than itself (no zod).
 */

/** Longest landing path, referrer origin and UTM value kept, in characters. */
export const LANDING_PATH_MAX = 300;
export const REFERRER_MAX = 200;
export const UTM_MAX = 100;

/** A path on this site without query or fragment; an origin with no path. */
export const LANDING_PATH = /^\/[^?#\s]*$/;
export const REFERRER_ORIGIN = /^https?:\/\/[^/?#\s]+$/i;

/** Where a visit began; every field is optional. */
export interface Attribution {
  /** The path of the first page of the visit, never its query or fragment. */
  landingPath?: string | undefined;
  /** The origin of the page that linked to the first page (`https://www.linkedin.com`), never its path. */
  referrer?: string | undefined;
  utmSource?: string | undefined;
  utmMedium?: string | undefined;
  utmCampaign?: string | undefined;
  utmTerm?: string | undefined;
  utmContent?: string | undefined;
}

/** The UTM parameters kept from the landing page's query, and the field each one fills. */
export const utmParameters = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const satisfies Record<string, keyof Attribution>;

/** Paths whose next segment is a secret (a report's link): the segment is never kept. */
const SECRET_SEGMENT = /^(\/report\/)[^/]+/;

/**
 * The attribution of a visit that began at `landingUrl`, linked from `referrer` (the document's referrer, may be
 * empty): the landing URL's path (a report link's token replaced), the referrer's origin unless it is this
 * site, and the five UTM parameters, each trimmed and cut to its cap. Every other query parameter is dropped, so
 * a token in the address is never kept. Empty values are left out.
 */
export function parseAttribution(landingUrl: string, referrer: string): Attribution {
  let landing: URL;
  try {
    landing = new URL(landingUrl);
  } catch {
    return {};
  }
  const out: Attribution = {};
  const path = landing.pathname.replace(SECRET_SEGMENT, '$1[redacted]');
  if (path.length <= LANDING_PATH_MAX && LANDING_PATH.test(path)) out.landingPath = path;
  for (const [parameter, field] of Object.entries(utmParameters)) {
    const value = (landing.searchParams.get(parameter) ?? '').trim().slice(0, UTM_MAX).trim();
    if (value) out[field] = value;
  }
  if (referrer) {
    try {
      const from = new URL(referrer);
      if (/^https?:$/.test(from.protocol) && from.origin !== landing.origin && from.origin.length <= REFERRER_MAX) {
        out.referrer = from.origin;
      }
    } catch {
      // A referrer that is not a URL names nothing.
    }
  }
  return out;
}

/** The `sessionStorage` key of the visit's first touch. */
export const FIRST_TOUCH_KEY = 'first-touch';

/** `sessionStorage`, or null where it cannot be used (blocked storage, private modes that throw). */
export function visitStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Stores the first touch of the visit, unless a page of this visit already did. Returns it when this page began the
 * visit (and so kept it), else null: the visit's one count goes then (visit-count.ts).
 */
export function rememberFirstTouch(
  location: string = window.location.href,
  referrer: string = document.referrer,
  store: Storage | null = visitStorage(),
): Attribution | null {
  if (!store) return null;
  try {
    if (store.getItem(FIRST_TOUCH_KEY) !== null) return null;
    const touch = parseAttribution(location, referrer);
    store.setItem(FIRST_TOUCH_KEY, JSON.stringify(touch));
    return touch;
  } catch {
    // A full or refused storage costs the attribution (and the count), never the page.
    return null;
  }
}
