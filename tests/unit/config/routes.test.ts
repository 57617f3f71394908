import { describe, expect, it } from 'vitest';
import {
  footerLegalLinks,
  footerQuickLinks,
  headerCta,
  headerLinks,
  headerMenus,
  serviceLinks,
} from '../../../src/config/navigation.ts';
import { indexableRoutes, publicRoutes, routeFor } from '../../../src/config/routes.ts';

/** The route table of the product spec, section 2 (plus /sitemap, which the spec links in navigation). */
const specRoutes = [
  '/',
  '/services',
  '/services/strategy-positioning',
  '/services/digital-marketing',
  '/services/content-promotion',
  '/services/event-planning',
  '/services/bd-support',
  '/about',
  '/our-story',
  '/contact',
  '/case-studies',
  '/packages',
  '/bolesta-audit',
  '/audit-intake',
  '/audit-thank-you',
  '/testimonials',
  '/resources',
  '/resources/biotech-website-investor-checklist',
  '/resources/bolesta-audit-insights',
  '/resources/cro-linkedin-strategies',
  '/resources/foreign-psp-us-market-guide',
  '/resources/cro-marketing-toolkit',
  '/resources/rfp-readiness-checklist',
  '/resources/marketing-budget-calculator',
  '/resources/cro-onboarding-checklist',
  '/biotech-website-investor',
  '/foreign-psp-strategy',
  '/privacy-policy',
  '/terms-of-service',
  '/sitemap',
];

describe('route registry', () => {
  it('holds exactly the public routes of the spec, once each', () => {
    expect(publicRoutes.map((r) => r.path).sort()).toEqual([...specRoutes].sort());
  });

  it('gives every route its own title and a search-engine sized description', () => {
    const titles = publicRoutes.map((r) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const r of publicRoutes) {
      expect(r.description.length, r.path).toBeGreaterThanOrEqual(50);
      expect(r.description.length, r.path).toBeLessThanOrEqual(170);
    }
  });

  it('keeps the thank-you page out of the index', () => {
    expect(routeFor('/audit-thank-you').noindex).toBe(true);
    expect(indexableRoutes.map((r) => r.path)).not.toContain('/audit-thank-you');
    expect(() => routeFor('/nope')).toThrow(/not in src\/config\/routes.ts/);
  });
});

describe('navigation', () => {
  const registered = new Set(publicRoutes.map((r) => r.path));

  it('has the menus and links the spec names', () => {
    expect(headerMenus.map((m) => m.label)).toEqual(['Services', 'Lift Audit', 'About', 'Success Stories']);
    expect(headerMenus.find((m) => m.id === 'about')!.links.map((l) => l.label)).toEqual(
      expect.arrayContaining(['Our Story', 'Resources']),
    );
    expect(headerMenus.find((m) => m.id === 'success')!.links.map((l) => l.label)).toEqual([
      'Client Success Stories',
      'Testimonials',
    ]);
    expect(headerLinks.map((l) => l.label)).toEqual(['Market Entry', 'Contact']);
    expect(headerCta).toEqual({ label: 'Start Your Audit', href: '/audit-intake' });
    expect(footerQuickLinks.map((l) => l.label)).toEqual([
      'Home',
      'Services',
      'About',
      'Case Studies',
      'Market Entry',
      'Resources',
      'Contact',
    ]);
    expect(serviceLinks).toHaveLength(5);
  });

  it('points every menu entry at a registered route', () => {
    const all = [
      ...headerMenus.flatMap((m) => m.links),
      ...headerLinks,
      headerCta,
      ...footerQuickLinks,
      ...footerLegalLinks,
    ];
    for (const link of all) expect(registered, link.href).toContain(link.href);
  });
});
