/**
 * The analytics hook (docs/decisions/0016-analytics-events.md): events go to `window.gtag` when a tag manager put it there, and
 * nowhere otherwise, so the site works the same with analytics blocked.
 *
 * No secret reaches the tag manager: a lead's report link (`/report/<token>`) and a password-reset link
 * (`/admin?reset=<token>`) and a confirmation link (`/admin?confirm=<token>`) carry their secret in the address, so every URL an event names (its page path, the
 * page's location and referrer, a link) goes through `redactUrl` first. Each event names the redacted
 * `page_location` and `page_referrer` itself, so the tag does not take the raw ones from the document.
 */
import { decorateBookingLink } from './booking-link.ts';

type Gtag = (command: 'event', name: string, params: Record<string, unknown>) => void;

declare global {
  interface Window {
    gtag?: Gtag;
  }
}

/** Conversion and navigation events the site sends. */
export type AnalyticsEvent =
  'page_view' | 'audit_submitted' | 'contact_submitted' | 'download_requested' | 'booking_click';

export const REDACTED = '[redacted]';

/** Paths whose next segment is a secret: the report link `/report/<token>` (and its `/pdf`). */
const SECRET_PATH = /^(\/report\/)[^/?#]+/;
/** Query parameters whose value is a secret: the reset link's `reset`, the confirmation link's `confirm`, better-auth's `token`, any `…token`, codes, keys. */
const SECRET_PARAM = /^(reset|confirm|.*token|code|key|secret|sig|signature|password)$/i;

/**
 * The URL or path `url` with its secrets replaced by `[redacted]` and its fragment dropped: `/report/<token>/pdf`
 * becomes `/report/[redacted]/pdf`, `/admin?reset=<token>&x=1` becomes `/admin?reset=[redacted]&x=1`. Anything
 * else stays as it was, so the other parameters (a campaign's `ref`, say) still reach the reports.
 */
export function redactUrl(url: string): string {
  const match = /^([a-z][a-z\d+.-]*:\/\/[^/?#]*)?([^?#]*)(\?[^#]*)?/i.exec(url);
  if (!match) return '';
  const [, origin = '', path = '', search = ''] = match;
  const query = search
    .slice(1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=')[0]!;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed name is compared as it is.
      }
      return SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return origin + path.replace(SECRET_PATH, `$1${REDACTED}`) + (query ? `?${query}` : '');
}

/** Every string that is a URL or a path (`/…`, `http…`) redacted; other values as they are. */
const redactParams = (params: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === 'string' && /^(\/|https?:)/i.test(value) ? redactUrl(value) : value,
    ]),
  );

export function track(name: AnalyticsEvent, params: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined' || typeof window.gtag !== 'function') return;
  window.gtag('event', name, {
    ...redactParams(params),
    page_location: redactUrl(location.href),
    page_referrer: redactUrl(document.referrer),
  });
}

/** Sends `page_view` with the path plus query and the document title. */
export function trackPageView(): void {
  track('page_view', { page_path: location.pathname + location.search, page_title: document.title });
}

/**
 * For every link marked `data-booking` (the external scheduling links), as it is followed (a click, a middle click):
 * adds the visit's first touch and the visitor's name and email to it (booking-link.ts), then sends `booking_click`
 * with the link as it was before (never the visitor's address).
 */
export function trackBookingClicks(): void {
  const follow = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[data-booking]');
    if (!(link instanceof HTMLAnchorElement)) return;
    decorateBookingLink(link);
    if (event.type === 'click')
      track('booking_click', { link_url: link.dataset.bookingBase, booking: link.dataset.booking });
  };
  document.addEventListener('click', follow);
  document.addEventListener('auxclick', follow);
}
