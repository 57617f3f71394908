/** The resources collection as the pages read it: brand tokens filled, newest first. */
import { getCollection, type CollectionEntry } from 'astro:content';
import { site } from '../../config/site.ts';
import { brand } from '../../lib/brand-tokens.ts';
import { fileLine, type ResourceFileEntry } from '../../lib/resource-files.ts';
import { resourceFileOf } from './files.ts';

export { brand };
export type Resource = CollectionEntry<'resources'>;

/** Every resource with its frontmatter strings branded, newest first. */
export async function getResources(): Promise<Resource[]> {
  const entries = await getCollection('resources');
  return entries
    .map((entry) => {
      const { title, description, metaTitle, metaDescription, cta } = entry.data;
      const branded = { ...cta, title: brand(cta.title), text: brand(cta.text), label: brand(cta.label) };
      const data = {
        ...entry.data,
        title: brand(title),
        description: brand(description),
        metaTitle: metaTitle && brand(metaTitle),
        metaDescription: metaDescription && brand(metaDescription),
        cta: branded,
      };
      return { ...entry, data };
    })
    .sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

/** The title and description of a resource page in search results: its own SEO fields, else the heading's. */
export const resourceSeo = ({ data }: Resource): { title: string; description: string } => ({
  title: data.metaTitle ?? data.title,
  description: data.metaDescription ?? data.description,
});

/** The file a resource offers (its manifest entry), or undefined: no Download button. */
export const downloadOf = (resource: Pick<Resource, 'id'>): ResourceFileEntry | undefined =>
  resourceFileOf(resource.id);

/**
 * The type, size and reading time of a resource on one line, read from its file (`PDF · 24 pages · 2.3 MB`), or
 * `Article` for one without a file.
 */
export function formatLine(resource: Pick<Resource, 'id' | 'data'>): string {
  const file = downloadOf(resource);
  return [file ? fileLine(file) : 'Article', resource.data.readTime].filter(Boolean).join(' · ');
}

/** The schema.org Article of a resource page. */
export function article(resource: Resource, imageUrl: string): Record<string, unknown> {
  const url = new URL(`/resources/${resource.id}`, site.url).href;
  const agency = { '@type': 'Organization', name: site.agencyName, url: site.url };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: resource.data.title,
    description: resource.data.description,
    image: new URL(imageUrl, site.url).href,
    datePublished: resource.data.date.toISOString().slice(0, 10),
    keywords: resource.data.keywords.join(', '),
    author: agency,
    publisher: agency,
    mainEntityOfPage: url,
    url,
  };
}
