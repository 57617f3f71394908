/**
 * First-touch attribution (docs/decisions/0032-attribution-and-dashboard.md): where the visit that sent a form
 * began. Every public form sends it as `attribution` (all fields optional); the browser keeps it in
 * `sessionStorage` only (src/lib/first-touch.ts) and the server stores it with the request.
 */
import * as z from 'zod/mini';

/** Longest landing path, referrer origin and UTM value kept, in characters. */
export const LANDING_PATH_MAX = 300;
export const REFERRER_MAX = 200;
export const UTM_MAX = 100;

const utm = (label: string) =>
  z.optional(z.string().check(z.trim(), z.maxLength(UTM_MAX, `Keep the ${label} under ${UTM_MAX} characters`)));

export const attributionSchema = z.object({
  /** The path of the first page of the visit, never its query or fragment. */
  landingPath: z.optional(
    z
      .string()
      .check(
        z.maxLength(LANDING_PATH_MAX, `Keep the landing path under ${LANDING_PATH_MAX} characters`),
        z.regex(/^\/[^?#\s]*$/, 'The landing path must be a path on this site, without a query'),
      ),
  ),
  /** The origin of the page that linked to the first page (`https://www.linkedin.com`), never its path. */
  referrer: z.optional(
    z
      .string()
      .check(
        z.maxLength(REFERRER_MAX, `Keep the referrer under ${REFERRER_MAX} characters`),
        z.regex(/^https?:\/\/[^/?#\s]+$/i, 'The referrer must be an origin such as https://example.com'),
      ),
  ),
  utmSource: utm('campaign source'),
  utmMedium: utm('campaign medium'),
  utmCampaign: utm('campaign name'),
  utmTerm: utm('campaign term'),
  utmContent: utm('campaign content'),
});

export type Attribution = z.output<typeof attributionSchema>;

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
  if (/^\/[^?#\s]*$/.test(path)) out.landingPath = path.slice(0, LANDING_PATH_MAX);
  for (const [parameter, field] of Object.entries(utmParameters)) {
    const value = (landing.searchParams.get(parameter) ?? '').trim().slice(0, UTM_MAX);
    if (value) out[field] = value;
  }
  if (referrer) {
    try {
      const from = new URL(referrer);
      if (/^https?:$/.test(from.protocol) && from.origin !== landing.origin) {
        out.referrer = from.origin.slice(0, REFERRER_MAX);
      }
    } catch {
      // A referrer that is not a URL names nothing.
    }
  }
  return out;
}
