/**
 * The pages made from content files, in the shape of the route registry: a service at
 * `/services/<file name>`, a resource at `/resources/<file name>`, a case study at
 * `/case-studies/<file name>`. `/sitemap` lists them beside the
 * registry's own pages; `sitemap.xml` picks up every built page by itself.
 */
import { getCollection } from 'astro:content';
import { getResources, resourceSeo } from '../components/resources/resources.ts';
import { getServices, servicePath, serviceSeo } from '../components/services/services.ts';
import type { PublicRoute } from '../config/routes.ts';

export interface ContentPage extends Omit<PublicRoute, 'group'> {
  group: PublicRoute['group'] | 'Case Studies';
}

export async function contentPages(): Promise<ContentPage[]> {
  const services = (await getServices()).map((entry) => ({
    path: servicePath(entry),
    ...serviceSeo(entry),
    group: 'Services' as const,
  }));
  const resources = (await getResources()).map((entry) => ({
    path: `/resources/${entry.id}`,
    ...resourceSeo(entry),
    group: 'Resources' as const,
  }));
  const caseStudies = (await getCollection('caseStudies'))
    .sort((a, b) => a.data.order - b.data.order)
    .map((c) => ({
      path: `/case-studies/${c.id}`,
      title: c.data.title,
      description: c.data.summary,
      group: 'Case Studies' as const,
    }));
  return [...services, ...resources, ...caseStudies];
}

/** `getStaticPaths` of a page per content file: the file's name is the page's slug, its entry the page's prop. */
export function pathsPerFile<E extends { id: string }>(entries: readonly E[]) {
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}
