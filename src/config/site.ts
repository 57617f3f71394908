/**
 * Every brand value of the site, in one place (docs/decisions/0002-brand-values-in-one-module.md): no brand value
 * is repeated anywhere in code or content. The agency's identity (contact address, phone, postal address, social
 * pages, map, legal entity) is content, edited at /cms as "Site settings" (identity.ts,
 * docs/decisions/0042-agency-runs-it-alone.md); the per-site settings (the site's domain, mail addresses, the
 * scheduling pages) come from environment variables, with this repository's placeholders as their defaults
 * (settings.ts): a deploy sets them in Netlify, never in code.
 */
import { identity } from './identity.ts';
import { platformEnv } from './platform.ts';
import { mailbox, readSettings } from './settings.ts';

const settings = readSettings(platformEnv(), (line) => console.warn(line));

export const site = {
  /** Production origin (SITE_URL; deployed, Netlify's `URL` by default); canonical URLs, Open Graph and the sitemap are built on it. */
  url: settings.SITE_URL,
  agencyName: 'Bolesta',
  productName: 'Lift',
  /** The signature offer, with its trademark sign, as it appears in copy. */
  auditName: 'Lift Audit™',
  tagline: 'Your pharma marketing department, without the overhead',
  blurb:
    'Outsourced marketing and business development for CROs, CDMOs, labs and biotech consultancies: one partner instead of a full team, fluent in life sciences.',
  /** The public contact address (Site settings). */
  email: identity.email,
  phone: identity.phone,
  address: identity.address,
  /** The agency's social pages that are set (Site settings), LinkedIn first. */
  social: identity.social,
  /** The registered legal entity the legal pages name (Site settings). */
  legalEntity: identity.legalEntity,
  /** External scheduling pages (BOOKING_URL_*); they open in a new tab and fire `booking_click`. */
  scheduling: {
    strategyCall: settings.BOOKING_URL_STRATEGY_CALL,
    usMarketCall: settings.BOOKING_URL_US_MARKET_CALL,
    discoveryCall: settings.BOOKING_URL_DISCOVERY_CALL,
  },
  /** Embedded map on the contact page (an iframe; its host is allowed by the CSP; Site settings). */
  mapEmbedUrl: identity.mapEmbedUrl,
  /** Where staff notifications about new leads are delivered (STAFF_INBOX). */
  staffInbox: settings.STAFF_INBOX,
  /** Sender of every mail the site sends (MAIL_FROM_NAME <MAIL_FROM>). */
  mailFrom: mailbox(settings.MAIL_FROM_NAME, settings.MAIL_FROM),
  defaultOgImage: '/og-default.png',
} as const;

export type Site = typeof site;

/** One-line postal address, as printed in the footer and contact cards. */
export const postalAddress = `${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}`;

/** `tel:` form of the phone number. */
export const phoneHref = `tel:${site.phone.replace(/[^+\d]/g, '')}`;
