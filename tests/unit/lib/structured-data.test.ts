import { describe, expect, it } from 'vitest';
import { site } from '../../../src/config/site.ts';
import { breadcrumbs, contactPage, organization, productOffers, service } from '../../../src/lib/structured-data.ts';

describe('structured data builders', () => {
  it('builds a breadcrumb trail through registered parents and names unregistered pages by their title', () => {
    expect(breadcrumbs('/', 'Home')).toBeNull();
    expect(breadcrumbs('/404', 'Page Not Found')).toBeNull();
    const trail = breadcrumbs('/services/event-planning', 'Event Planning & Management')!;
    expect(trail.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${site.url}/` },
      { '@type': 'ListItem', position: 2, name: 'Services', item: `${site.url}/services` },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Event Planning & Management',
        item: `${site.url}/services/event-planning`,
      },
    ]);
    const study = breadcrumbs('/case-studies/eu-cdmo-webinars', 'Webinars for a European CDMO')!;
    expect((study.itemListElement as { name: string }[]).map((i) => i.name)).toEqual([
      'Home',
      'Case Studies',
      'Webinars for a European CDMO',
    ]);
  });

  it('describes the audit as a free Marketing Audit available worldwide from 2024-01-01', () => {
    expect(
      service({
        name: site.auditName,
        description: 'd',
        path: '/bolesta-audit',
        serviceType: 'Marketing Audit',
        availabilityStarts: '2024-01-01',
        areaServed: 'Worldwide',
      }),
    ).toMatchObject({
      '@type': 'Service',
      url: `${site.url}/bolesta-audit`,
      serviceType: 'Marketing Audit',
      areaServed: 'Worldwide',
      offers: { availabilityStarts: '2024-01-01', priceCurrency: 'USD' },
    });
  });

  it('prices products in U.S. dollars with their billing unit', () => {
    const [item] = productOffers([
      { name: 'LinkedIn Content Kit', description: 'd', price: 450, period: 'per month', path: '/packages' },
    ]).itemListElement as { item: { offers: Record<string, unknown> } }[];
    expect(item!.item.offers).toMatchObject({
      price: '450.00',
      priceCurrency: 'USD',
      priceSpecification: { unitText: 'per month' },
    });
  });
});

describe('the agency on the contact page', () => {
  it('carries the same details as the home page, with its contact point', () => {
    const page = contactPage();
    expect(page).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ContactPage',
      url: `${site.url}/contact`,
    });
    const { '@context': _context, ...agency } = organization();
    expect(page.mainEntity).toEqual(agency);
    expect(agency).toMatchObject({
      '@type': 'Organization',
      email: site.email,
      address: { '@type': 'PostalAddress', streetAddress: site.address.street },
      contactPoint: { '@type': 'ContactPoint', email: site.email, telephone: expect.stringMatching(/^\+?\d/) },
    });
  });
});
