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
  /** Search keywords of the page's head. */
  keywords?: readonly string[];
}

const audit = site.auditName;

export const publicRoutes: readonly PublicRoute[] = [
  {
    path: '/',
    title: 'Pharma & Biotech Marketing Without the Overhead',
    description: `${site.agencyName} is the outsourced marketing and business development team for CROs, CDMOs, labs and biotech consultancies. Start with a free ${audit}.`,
    group: 'Main',
    keywords: ['pharma marketing', 'CRO marketing', 'CDMO marketing', 'biotech marketing agency', 'life science BD'],
  },
  {
    path: '/services',
    title: 'Services',
    description:
      'Strategy and positioning, digital marketing, content and promotion, event planning and BD support for life-science service providers.',
    group: 'Services',
    keywords: [
      'pharma marketing services',
      'CRO marketing',
      'CDMO business development',
      'life science marketing agency',
    ],
  },
  {
    path: '/about',
    title: 'About Us',
    description: `Meet the ${site.agencyName} team: life-science marketers and business developers with decades of industry leadership.`,
    group: 'Main',
    keywords: ['about life science marketing agency', 'pharma marketing team', 'CRO marketing experts'],
  },
  {
    path: '/our-story',
    title: 'Our Story',
    description: `Why ${site.agencyName} exists: a marketing department for pharma service providers that cannot afford to build one.`,
    group: 'Main',
    keywords: ['our story', 'life science marketing agency founder', 'outsourced pharma marketing'],
  },
  {
    path: '/contact',
    title: 'Contact',
    description: `Book a strategy call or start your ${audit}. We typically respond within 24 hours.`,
    group: 'Main',
    keywords: [
      'contact pharma marketing agency',
      'book a strategy call',
      'CRO marketing consultant',
      'Lift Audit request',
    ],
  },
  {
    path: '/case-studies',
    title: 'Case Studies',
    description:
      'Recent client wins for CDMOs, CROs and regulatory consultants: new clients, qualified leads, webinars and events.',
    group: 'Main',
    keywords: ['CRO marketing case studies', 'CDMO lead generation results', 'pharma marketing success stories'],
  },
  {
    path: '/packages',
    title: 'Packages & Pricing',
    description:
      'Fixed-price LinkedIn, video, engagement and sales collateral packages, plus custom retainers for life-science marketing.',
    group: 'Main',
    keywords: [
      'pharma marketing packages',
      'LinkedIn content for CROs',
      'biotech explainer video price',
      'sales collateral',
    ],
  },
  {
    path: '/testimonials',
    title: 'Testimonials',
    description: `What CRO, CDMO and biotech leaders say about working with ${site.agencyName}.`,
    group: 'Main',
    keywords: ['CRO marketing testimonials', 'CDMO marketing agency reviews', 'life science marketing clients'],
  },
  {
    path: '/foreign-psp-strategy',
    title: 'U.S. Market Entry for Foreign Providers',
    description:
      'Localized messaging, SEO and LinkedIn strategy, RFP access and trust campaigns for foreign pharma service providers entering the U.S.',
    group: 'Main',
    keywords: [
      'U.S. market entry pharma',
      'foreign CRO United States',
      'CDMO U.S. expansion',
      'pharma service provider market entry',
    ],
  },
  {
    path: '/biotech-website-investor',
    title: 'Biotech Websites & Investor Positioning',
    description:
      'Websites and investor materials that help biotechs and pharma service providers win partners and funding.',
    group: 'Main',
    keywords: [
      'biotech website design',
      'investor positioning biotech',
      'biotech pitch deck',
      'biotech investor relations website',
    ],
  },
  {
    path: '/bolesta-audit',
    title: `The ${audit}`,
    description: `A free 72-hour commercial review of your marketing and business development, built for CROs, CDMOs and biotech consultancies.`,
    group: 'Lift Audit',
    keywords: [
      'marketing audit',
      'CRO marketing audit',
      'CDMO business development review',
      'free pharma marketing audit',
    ],
  },
  {
    path: '/audit-intake',
    title: `Start Your ${audit}`,
    description: `Tell us about your company in five short steps and receive your ${audit} within 72 hours.`,
    group: 'Lift Audit',
    keywords: ['Lift Audit intake', 'free marketing audit', 'CRO marketing audit', 'biotech marketing review'],
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
    keywords: [
      'CRO marketing resources',
      'pharma marketing guides',
      'biotech marketing checklists',
      'RFP readiness checklist',
      'life science marketing templates',
    ],
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
