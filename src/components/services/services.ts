/**
 * The services collection as the pages read it: one entry per file in content/services, its page at
 * `/services/<file name>`, brand tokens filled, in their `order`. The services page's cards, the header and
 * footer menus, /sitemap and each service page all come from here.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { serviceLink, type NavLink } from '../../config/navigation.ts';
import { brand } from '../../lib/brand-tokens.ts';

export type Service = CollectionEntry<'services'>;

/** Every string of a value with `{agencyName}`, `{productName}` and `{auditName}` filled. */
function branded<T>(value: T): T {
  if (typeof value === 'string') return brand(value) as T;
  if (Array.isArray(value)) return value.map(branded) as T;
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, branded(v)])) as T;
  return value;
}

/** Every service, branded, in the order of their `order` field. */
export async function getServices(): Promise<Service[]> {
  return (await getCollection('services'))
    .map((entry) => ({ ...entry, data: branded(entry.data) }))
    .sort((a, b) => a.data.order - b.data.order);
}

/** The address of a service's page. */
export const servicePath = (entry: Service): string => `/services/${entry.id}`;

/** The title and description of a service page in search results (and on /sitemap). */
export const serviceSeo = ({ data }: Service): { title: string; description: string } => ({
  title: data.metaTitle ?? data.title,
  description: data.metaDescription,
});

/** The service pages as menu links, in their order. */
export const getServiceLinks = async (): Promise<NavLink[]> =>
  (await getServices()).map((entry) => serviceLink(entry.id, entry.data));
