/**
 * The analytics hook (docs/decisions/0016-analytics-events.md): events go to `window.gtag` when a tag manager put it there, and
 * nowhere otherwise, so the site works the same with analytics blocked.
 */
type Gtag = (command: 'event', name: string, params: Record<string, unknown>) => void;

declare global {
  interface Window {
    gtag?: Gtag;
  }
}

/** Conversion and navigation events the site sends. */
export type AnalyticsEvent = 'page_view' | 'audit_submitted' | 'contact_submitted' | 'booking_click';

export function track(name: AnalyticsEvent, params: Record<string, unknown> = {}): void {
  if (typeof window !== 'undefined' && typeof window.gtag === 'function') window.gtag('event', name, params);
}

/** Sends `page_view` with the path plus query and the document title. */
export function trackPageView(): void {
  track('page_view', { page_path: location.pathname + location.search, page_title: document.title });
}

/** Sends `booking_click` for every link marked `data-booking` (the external scheduling links). */
export function trackBookingClicks(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[data-booking]');
    if (link instanceof HTMLAnchorElement)
      track('booking_click', { link_url: link.href, booking: link.dataset.booking });
  });
}
