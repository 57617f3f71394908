/**
 * The booking links carry where the visit began (docs/decisions/0046-bookings-from-the-schedulers.md): when a
 * visitor follows one, and only then, the link gets the visit's first touch (`utm_*` from `sessionStorage`; for a
 * scheduler other than Calendly, Cal.com, also `landing_path` and `referrer`, which its hidden booking questions
 * take) and the name and email the visitor gave a form of this site in this visit, which prefill the scheduler's
 * form. No cookie; nothing is sent anywhere before the click, and then only to the scheduler the visitor chose.
 *
 * Runs on every page (the layout's script), so it imports nothing heavier than attribution.ts.
 */
import { FIRST_TOUCH_KEY, utmParameters, visitStorage, type Attribution } from './attribution.ts';

/** The `sessionStorage` key of the name and email given this visit. */
export const VISITOR_KEY = 'visitor';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, 200) : '');

/** Keeps the name and email of a form just sent (`name`/`email`, or the audit forms' `contactName`/`contactEmail`). */
export function rememberVisitor(answers: object, store: Storage | null = visitStorage()): void {
  const a = answers as Record<string, unknown>;
  const email = text(a.email) || text(a.contactEmail);
  if (!store || !email.includes('@')) return;
  try {
    store.setItem(VISITOR_KEY, JSON.stringify({ name: text(a.name) || text(a.contactName), email }));
  } catch {
    // A full or refused storage costs the prefill, never the form.
  }
}

const read = (store: Storage | null, key: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(store?.getItem(key) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * `href` with the visit's first touch and the visitor's name and email added (a parameter the link already has is
 * left as it is). A link that is not a web address is returned as it was.
 */
export function bookingHref(href: string, store: Storage | null = visitStorage()): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  const touch = read(store, FIRST_TOUCH_KEY) as Attribution;
  const visitor = read(store, VISITOR_KEY);
  const add = (name: string, value: unknown) => {
    if (typeof value === 'string' && value && !url.searchParams.has(name)) url.searchParams.set(name, value);
  };
  for (const [parameter, field] of Object.entries(utmParameters)) add(parameter, touch[field]);
  if (!/(^|\.)calendly\.com$/i.test(url.hostname)) {
    add('landing_path', touch.landingPath);
    add('referrer', touch.referrer);
  }
  add('name', visitor.name);
  add('email', visitor.email);
  return url.href;
}

/** Decorates a booking link as it is followed: from its own address each time, so a second click adds nothing twice. */
export function decorateBookingLink(link: HTMLAnchorElement, store: Storage | null = visitStorage()): void {
  link.dataset.bookingBase ??= link.href;
  link.href = bookingHref(link.dataset.bookingBase, store);
}
