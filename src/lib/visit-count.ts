/**
 * The site's visits, counted (docs/decisions/0046-bookings-from-the-schedulers.md): on the first page of a visit, once
 * the layout's script has kept its first touch (attribution.ts), one request tells `POST /api/visits` where the visit
 * began: the landing path, the referrer's origin and the `utm_*` values, nothing else (no identifier; the server keeps
 * only a count per day, source, campaign and landing page). The first touch in `sessionStorage` is the flag: a page
 * that finds it already kept sends nothing, so a visit is counted once however many pages it opens, and without
 * storage nothing is counted (every page would look like a first one). A private report link is a lead reading
 * their report, not a visit to the site: it is not counted. A failure is ignored: a missed count never costs the page.
 *
 * Runs on every page, so it imports nothing heavier than attribution.ts (no zod).
 */
import type { Attribution } from './attribution.ts';

export const VISITS_ENDPOINT = '/api/visits';

/** Sends the one count of a visit that began with `touch`. */
export function reportVisit(touch: Attribution, send: typeof fetch = fetch): void {
  if (touch.landingPath?.startsWith('/report/')) return;
  void send(VISITS_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(touch),
    keepalive: true,
  }).catch(() => undefined);
}
