/** Builders of the schema.org JSON-LD blocks the SEO head prints (docs/product.md). */
import { phoneHref, site } from '../config/site.ts';
import { publicRoutes } from '../config/routes.ts';

type Json = Record<string, unknown>;

const abs = (path: string) => new URL(path, site.url).href;

/** How to reach the agency: its phone and mail, as a ContactPoint of the Organization. */
const contactPoint = (): Json => ({
  '@type': 'ContactPoint',
  contactType: 'sales',
  email: site.email,
  telephone: phoneHref.replace('tel:', ''),
  availableLanguage: 'English',
});

/** The agency as an Organization, with its contact point (the home page; the contact page's ContactPage). */
export function organization(): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.agencyName,
    url: site.url,
    logo: abs('/favicon.svg'),
    image: abs(site.defaultOgImage),
    description: site.blurb,
    email: site.email,
    telephone: phoneHref.replace('tel:', ''),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    contactPoint: contactPoint(),
    sameAs: Object.values(site.social),
  };
}

/** The contact page as a ContactPage about the agency: its details and contact point, as on the home page. */
export function contactPage(): Json {
  const { '@context': context, ...agency } = organization();
  return {
    '@context': context,
    '@type': 'ContactPage',
    url: abs('/contact'),
    name: `Contact ${site.agencyName}`,
    mainEntity: agency,
  };
}

export interface ServiceData {
  name: string;
  description: string;
  path: string;
  serviceType?: string;
  /** Names of the offers the service includes. */
  offers?: readonly string[];
  availabilityStarts?: string;
  areaServed?: string;
}

/** A Service offered by the agency (services, digital marketing, audit landing). */
export function service(data: ServiceData): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: data.name,
    description: data.description,
    url: abs(data.path),
    provider: { '@type': 'Organization', name: site.agencyName, url: site.url },
    ...(data.serviceType && { serviceType: data.serviceType }),
    ...(data.areaServed && { areaServed: data.areaServed }),
    ...(data.offers && {
      hasOfferCatalog: {
        '@type': 'OfferCatalog',
        name: data.name,
        itemListElement: data.offers.map((name) => ({
          '@type': 'Offer',
          itemOffered: { '@type': 'Service', name },
          ...(data.availabilityStarts && { availabilityStarts: data.availabilityStarts }),
        })),
      },
    }),
    ...(data.availabilityStarts &&
      !data.offers && {
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD', availabilityStarts: data.availabilityStarts },
      }),
  };
}

export interface ProductData {
  name: string;
  description: string;
  price: number;
  period: string;
  path: string;
}

/** The fixed-price packages as Products with their USD offers (packages page). */
export function productOffers(products: readonly ProductData[]): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: products.map((p, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: {
        '@type': 'Product',
        name: p.name,
        description: p.description,
        brand: { '@type': 'Brand', name: site.agencyName },
        offers: {
          '@type': 'Offer',
          price: p.price.toFixed(2),
          priceCurrency: 'USD',
          url: abs(p.path),
          availability: 'https://schema.org/InStock',
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: p.price.toFixed(2),
            priceCurrency: 'USD',
            unitText: p.period,
          },
        },
      },
    })),
  };
}

/**
 * The BreadcrumbList of an inner page: Home, then every registered parent path, then the page itself.
 * Pages outside the registry (a case study) name themselves with `title`.
 */
export function breadcrumbs(path: string, title: string): Json | null {
  if (path === '/' || path === '/404') return null;
  const parts = path.split('/').filter(Boolean);
  const trail = [{ name: 'Home', path: '/' }];
  parts.forEach((_, i) => {
    const prefix = `/${parts.slice(0, i + 1).join('/')}`;
    const last = i === parts.length - 1;
    const route = publicRoutes.find((r) => r.path === prefix);
    if (last) trail.push({ name: title, path: prefix });
    else if (route) trail.push({ name: route.title, path: prefix });
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((t, i) => ({ '@type': 'ListItem', position: i + 1, name: t.name, item: abs(t.path) })),
  };
}
