/**
 * Every brand value of the site, in one place (docs/decisions/0002-brand-values-in-one-module.md). An agency edits this file and nothing else
 * to rebrand: no brand value is repeated anywhere in code or content.
 */
export const site = {
  /** Production origin; canonical URLs, Open Graph and the sitemap are built on it. */
  url: 'https://www.bolesta.example',
  agencyName: 'Bolesta',
  productName: 'Lift',
  /** The signature offer, with its trademark sign, as it appears in copy. */
  auditName: 'Lift Audit™',
  tagline: 'Your pharma marketing department, without the overhead',
  blurb:
    'Outsourced marketing and business development for CROs, CDMOs, labs and biotech consultancies: one partner instead of a full team, fluent in life sciences.',
  email: 'hello@bolesta.example',
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
  /** External scheduling pages; they open in a new tab and fire `booking_click`. */
  scheduling: {
    strategyCall: 'https://calendly.com/bolesta-example/30min',
    usMarketCall: 'https://calendly.com/bolesta-example/us-market-strategy',
    discoveryCall: 'https://calendly.com/bolesta-example/discovery',
  },
  /** Embedded map on the contact page (an iframe; its host is allowed by the CSP). */
  mapEmbedUrl:
    'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3058.7!2d-75.1452!3d39.9496!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!3m3!1m2!1s0x0%3A0x0!2zMznCsDU2JzU4LjYiTiA3NcKwMDgnNDIuNyJX!5e0!3m2!1sen!2sus',
  /** Where staff notifications about new leads are delivered. */
  staffInbox: 'leads@bolesta.example',
  /** Sender address of every mail the site sends. */
  mailFrom: 'Bolesta <noreply@bolesta.example>',
  defaultOgImage: '/og-default.png',
} as const;

export type Site = typeof site;

/** One-line postal address, as printed in the footer and contact cards. */
export const postalAddress = `${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}`;

/** `tel:` form of the phone number. */
export const phoneHref = `tel:${site.phone.replace(/[^+\d]/g, '')}`;
