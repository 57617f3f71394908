import { expect, test, type APIRequestContext } from '@playwright/test';
import { builtPages, pagePath } from '../../scripts/lib/built-site.ts';
import { indexableRoutes } from '../../src/config/routes.ts';
import { site } from '../../src/config/site.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every JSON-LD block of a page, parsed (a parse error fails the test). */
async function jsonLd(request: APIRequestContext, path: string): Promise<Json[]> {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
const ofType = (blocks: Json[], type: string) => blocks.filter((b) => b['@type'] === type);
/** The one block of a type on a page; fails when there is none or more than one. */
function one(blocks: Json[], type: string): Json {
  const found = ofType(blocks, type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

test('home carries the Organization', async ({ request }) => {
  const org = one(await jsonLd(request, '/'), 'Organization');
  expect(org).toMatchObject({
    '@context': 'https://schema.org',
    name: site.agencyName,
    url: site.url,
    email: site.email,
    address: { '@type': 'PostalAddress', addressRegion: 'PA', addressCountry: 'US' },
  });
});

test('the contact page carries the agency with its contact point, as the home page does', async ({ request }) => {
  const home = one(await jsonLd(request, '/'), 'Organization');
  const contact = one(await jsonLd(request, '/contact'), 'ContactPage');
  const { '@context': _context, ...agency } = home;
  expect(contact.mainEntity).toEqual(agency);
  expect(agency.contactPoint).toMatchObject({ '@type': 'ContactPoint', email: site.email });
  expect(agency.contactPoint.telephone).toMatch(/\d{3}/);
});

test('services, digital marketing and the audit landing carry their Service data', async ({ request }) => {
  const services = one(await jsonLd(request, '/services'), 'Service');
  expect(services.provider.name).toBe(site.agencyName);
  expect(services.hasOfferCatalog.itemListElement.length).toBe(5);

  const digital = one(await jsonLd(request, '/services/digital-marketing'), 'Service');
  expect(digital.hasOfferCatalog.itemListElement.map((o: Json) => o.itemOffered.name)).toEqual([
    'Pharmaceutical SEO',
    'Website Development',
    'Email Marketing',
  ]);

  const audit = one(await jsonLd(request, '/bolesta-audit'), 'Service');
  expect(audit).toMatchObject({
    name: site.auditName,
    serviceType: 'Marketing Audit',
    areaServed: 'Worldwide',
    offers: { availabilityStarts: '2024-01-01', price: '0', priceCurrency: 'USD' },
  });
});

test('packages carry product offers with their USD prices', async ({ request }) => {
  const list = one(await jsonLd(request, '/packages'), 'ItemList');
  const offers = list.itemListElement.map((i: Json) => [i.item.name, i.item.offers.price, i.item.offers.priceCurrency]);
  expect(offers).toEqual(
    expect.arrayContaining([
      ['LinkedIn Content Kit', '450.00', 'USD'],
      ['Branded Video Package', '600.00', 'USD'],
      ['LinkedIn Engagement Add-On', '250.00', 'USD'],
      ['Sales Collateral Builder', '300.00', 'USD'],
    ]),
  );
});

test('every inner page carries a BreadcrumbList that ends at itself', async ({ request }) => {
  // The site's own pages and the service pages (one per file in content/services).
  const servicePages = builtPages()
    .map(pagePath)
    .filter((p) => p.startsWith('/services/'));
  expect(servicePages).toHaveLength(5);
  for (const path of [...indexableRoutes.map((r) => r.path).filter((p) => p !== '/'), ...servicePages]) {
    const crumbs = one(await jsonLd(request, path), 'BreadcrumbList');
    const items = crumbs.itemListElement;
    expect(items[0], path).toMatchObject({ position: 1, name: 'Home', item: `${site.url}/` });
    expect(items.at(-1), path).toMatchObject({ position: items.length, item: `${site.url}${path}` });
  }
  expect(ofType(await jsonLd(request, '/'), 'BreadcrumbList')).toEqual([]);
});
