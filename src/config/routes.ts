/**
 * The site's own pages (not content): each path with its title and description for the SEO head. Pages
 * made from a content file (a service, a resource, a case study) are not listed here: their file holds
 * their title and description, and `src/lib/content-pages.ts` lists them beside these for `/sitemap`.
 */
import { site } from './site.ts';

export const routeGroups = ['Main', 'Services', 'Lift Audit', 'Resources', 'Legal'] as const;
export type RouteGroup = (typeof routeGroups)[number];

export interface PublicRoute {
  path: string;
  /** Document title without the agency suffix. */
  title: string;
  description: string;
  group: RouteGroup;
  /** Kept out of search engines, `sitemap.xml` and the `/sitemap` page. */
  noindex?: boolean;
}

const audit = site.auditName;

export const publicRoutes: readonly PublicRoute[] = [
  {
    path: '/',
    title: 'Pharma & Biotech Marketing Without the Overhead',
    description: `${site.agencyName} is the outsourced marketing and business development team for CROs, CDMOs, labs and biotech consultancies. Start with a free ${audit}.`,
    group: 'Main',
  },
  {
    path: '/services',
    title: 'Services',
    description:
      'Strategy and positioning, digital marketing, content and promotion, event planning and BD support for life-science service providers.',
    group: 'Services',
  },
  {
    path: '/about',
    title: 'About Us',
    description: `Meet the ${site.agencyName} team: life-science marketers and business developers with decades of industry leadership.`,
    group: 'Main',
  },
  {
    path: '/our-story',
    title: 'Our Story',
    description: `Why ${site.agencyName} exists: a marketing department for pharma service providers that cannot afford to build one.`,
    group: 'Main',
  },
  {
    path: '/contact',
    title: 'Contact',
    description: `Book a strategy call or start your ${audit}. We typically respond within 24 hours.`,
    group: 'Main',
  },
  {
    path: '/case-studies',
    title: 'Case Studies',
    description:
      'Recent client wins for CDMOs, CROs and regulatory consultants: new clients, qualified leads, webinars and events.',
    group: 'Main',
  },
  {
    path: '/packages',
    title: 'Packages & Pricing',
    description:
      'Fixed-price LinkedIn, video, engagement and sales collateral packages, plus custom retainers for life-science marketing.',
    group: 'Main',
  },
  {
    path: '/testimonials',
    title: 'Testimonials',
    description: `What CRO, CDMO and biotech leaders say about working with ${site.agencyName}.`,
    group: 'Main',
  },
  {
    path: '/foreign-psp-strategy',
    title: 'U.S. Market Entry for Foreign Providers',
    description:
      'Localized messaging, SEO and LinkedIn strategy, RFP access and trust campaigns for foreign pharma service providers entering the U.S.',
    group: 'Main',
  },
  {
    path: '/biotech-website-investor',
    title: 'Biotech Websites & Investor Positioning',
    description:
      'Websites and investor materials that help biotechs and pharma service providers win partners and funding.',
    group: 'Main',
  },
  {
    path: '/bolesta-audit',
    title: `The ${audit}`,
    description: `A free 72-hour commercial review of your marketing and business development, built for CROs, CDMOs and biotech consultancies.`,
    group: 'Lift Audit',
  },
  {
    path: '/audit-intake',
    title: `Start Your ${audit}`,
    description: `Tell us about your company in five short steps and receive your ${audit} within 72 hours.`,
    group: 'Lift Audit',
  },
  {
    path: '/audit-thank-you',
    title: 'Thank You',
    description: `Your ${audit} request has been received. Here is what happens next.`,
    group: 'Lift Audit',
    noindex: true,
  },
  {
    path: '/resources',
    title: 'Resources',
    description:
      'Articles, whitepapers, checklists and toolkits on marketing and business development for life-science service providers.',
    group: 'Resources',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description: `How ${site.agencyName} collects, uses and protects the information you share through this website.`,
    group: 'Legal',
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    description: `The terms that govern your use of the ${site.agencyName} website and its free resources.`,
    group: 'Legal',
  },
  {
    path: '/sitemap',
    title: 'Sitemap',
    description: `Every page of the ${site.agencyName} website in one list: services, the ${audit}, resources and legal pages.`,
    group: 'Legal',
  },
];

/** Looks up a registered route; throws at build time when a page asks for a path that is not registered. */
export function routeFor(path: string): PublicRoute {
  const route = publicRoutes.find((r) => r.path === path);
  if (!route)
    throw new Error(`Route ${path} is not in src/config/routes.ts (a page of the site's own needs an entry there)`);
  return route;
}

/** Routes that belong in `sitemap.xml` and on the `/sitemap` page. */
export const indexableRoutes = publicRoutes.filter((r) => !r.noindex);
