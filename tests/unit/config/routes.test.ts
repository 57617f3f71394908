import { describe, expect, it } from 'vitest';
import {
  footerLegalLinks,
  footerQuickLinks,
  headerCta,
  headerLinks,
  headerMenus as menusWith,
  serviceLink,
} from '../../../src/config/navigation.ts';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readEntryData } from '../../../scripts/lib/content-check.ts';
import { indexableRoutes, publicRoutes, routeFor } from '../../../src/config/routes.ts';
import { specRoutes } from '../../fixtures/spec-routes.ts';

const content = path.resolve(import.meta.dirname, '../../../content');
/** The pages the resource files make: one per file, at /resources/<file name>. */
const resourcePages = readdirSync(path.join(content, 'resources'))
  .filter((f) => /\.mdx?$/.test(f))
  .map((f) => `/resources/${f.replace(/\.mdx?$/, '')}`);
/** The service files, in their order: each is the page /services/<file name> and a link in the menus. */
const services = readdirSync(path.join(content, 'services'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => ({
    slug: f.replace(/\.yaml$/, ''),
    data: readEntryData(path.join(content, 'services', f)) as { title: string; menu: string; order: number },
  }))
  .sort((a, b) => a.data.order - b.data.order);
const servicePages = services.map((s) => `/services/${s.slug}`);
const serviceLinks = services.map((s) => serviceLink(s.slug, s.data));
const headerMenus = menusWith(serviceLinks);

describe('route registry', () => {
  it('with the service and resource files, holds exactly the public routes the product names (docs/product.md), once each', () => {
    const paths = [...publicRoutes.map((r) => r.path), ...servicePages, ...resourcePages];
    expect(paths.sort()).toEqual([...specRoutes].sort());
  });

  it('keeps content pages out: a service or a resource is its file alone', () => {
    expect(publicRoutes.filter((r) => /^\/(services|resources|case-studies)\/./.test(r.path))).toEqual([]);
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
  const registered = new Set([...publicRoutes.map((r) => r.path), ...servicePages, ...resourcePages]);

  it('has the menus and links the product names', () => {
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

  it('lists every service file in the Services menu, in their order, after All Services', () => {
    expect(headerMenus.find((m) => m.id === 'services')!.links).toEqual([
      { label: 'All Services', href: '/services', description: 'Everything we do, at a glance' },
      { label: 'Strategy & Positioning', href: '/services/strategy-positioning', description: expect.any(String) },
      { label: 'Digital Marketing', href: '/services/digital-marketing', description: expect.any(String) },
      { label: 'Content & Promotion', href: '/services/content-promotion', description: expect.any(String) },
      { label: 'Event Planning & Management', href: '/services/event-planning', description: expect.any(String) },
      { label: 'BD Support', href: '/services/bd-support', description: expect.any(String) },
    ]);
  });

  it('points every menu entry at a registered route, a service file or a resource file', () => {
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
