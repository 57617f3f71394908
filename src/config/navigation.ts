/** Header and footer menus as data; the header island and the footer render them. */
import { site } from './site.ts';

export interface NavLink {
  label: string;
  href: string;
  /** One line under the label in the desktop dropdown. */
  description?: string;
}

export interface NavMenu {
  /** Stable id, also the mobile accordion section's name. */
  id: 'services' | 'audit' | 'about' | 'success';
  label: string;
  links: readonly NavLink[];
}

/**
 * A service page's link in the header's Services menu and the footer's Services column: one per file in
 * content/services, in their order (src/components/services/services.ts reads them).
 */
export const serviceLink = (slug: string, service: { title: string; menu: string }): NavLink => ({
  label: service.title,
  href: `/services/${slug}`,
  description: service.menu,
});

/** The header's menus; the Services menu lists the service pages after "All Services". */
export const headerMenus = (serviceLinks: readonly NavLink[]): readonly NavMenu[] => [
  {
    id: 'services',
    label: 'Services',
    links: [
      { label: 'All Services', href: '/services', description: 'Everything we do, at a glance' },
      ...serviceLinks,
    ],
  },
  {
    id: 'audit',
    label: site.auditName.replace('™', ''),
    links: [
      {
        label: `About the ${site.auditName}`,
        href: '/bolesta-audit',
        description: 'A free 72-hour review of your marketing and BD',
      },
      { label: 'Start Your Audit', href: '/audit-intake', description: 'Five short steps, about ten minutes' },
      {
        label: 'Audit Insights',
        href: '/resources/bolesta-audit-insights',
        description: 'What 200+ audits taught us',
      },
    ],
  },
  {
    id: 'about',
    label: 'About',
    links: [
      { label: 'About Us', href: '/about', description: 'Our team and expertise' },
      { label: 'Our Story', href: '/our-story', description: `Why ${site.agencyName} exists` },
      { label: 'Resources', href: '/resources', description: 'Articles, guides and checklists' },
    ],
  },
  {
    id: 'success',
    label: 'Success Stories',
    links: [
      { label: 'Client Success Stories', href: '/case-studies', description: 'Results we delivered' },
      { label: 'Testimonials', href: '/testimonials', description: 'What our clients say' },
    ],
  },
];

export const headerLinks: readonly NavLink[] = [
  { label: 'Market Entry', href: '/foreign-psp-strategy' },
  { label: 'Contact', href: '/contact' },
];

/** The labels of the buttons to the external scheduling pages (`site.scheduling`). */
export const bookingLabels = {
  strategyCall: 'Book a Strategy Call',
  usMarketCall: 'Book a U.S. Market Strategy Call',
} as const;

export const headerCta: NavLink = { label: 'Start Your Audit', href: '/audit-intake' };

export const footerQuickLinks: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'Services', href: '/services' },
  { label: 'About', href: '/about' },
  { label: 'Case Studies', href: '/case-studies' },
  { label: 'Market Entry', href: '/foreign-psp-strategy' },
  { label: 'Resources', href: '/resources' },
  { label: 'Contact', href: '/contact' },
];

export const footerLegalLinks: readonly NavLink[] = [
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Terms of Service', href: '/terms-of-service' },
  { label: 'Sitemap', href: '/sitemap' },
];
