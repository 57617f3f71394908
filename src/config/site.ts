/**
 * Every brand value of the site, in one place (docs/decisions/0002-brand-values-in-one-module.md). An agency edits this file and nothing else
 * to rebrand: no brand value is repeated anywhere in code or content. The per-site values (addresses, the
 * site's domain, the scheduling pages) come from environment variables, with this repository's placeholders as
 * their defaults (settings.ts): a deploy sets them in Netlify, never in code.
 */
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
  /** The public contact address (CONTACT_EMAIL). */
  email: settings.CONTACT_EMAIL,
  phone: '+1 (555) 010-0199',
  address: {
    street: '100 Market Street, Suite 300',
    city: 'Philadelphia',
    region: 'PA',
    postalCode: '19106',
    country: 'US',
  },
  social: {
    linkedin: 'https://www.linkedin.com/company/bolesta-example',
  },
  /** External scheduling pages (BOOKING_URL_*); they open in a new tab and fire `booking_click`. */
  scheduling: {
    strategyCall: settings.BOOKING_URL_STRATEGY_CALL,
    usMarketCall: settings.BOOKING_URL_US_MARKET_CALL,
    discoveryCall: settings.BOOKING_URL_DISCOVERY_CALL,
  },
  /** Embedded map on the contact page (an iframe; its host is allowed by the CSP). */
  mapEmbedUrl:
    'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3058.7!2d-75.1452!3d39.9496!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!3m3!1m2!1s0x0%3A0x0!2zMznCsDU2JzU4LjYiTiA3NcKwMDgnNDIuNyJX!5e0!3m2!1sen!2sus',
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
