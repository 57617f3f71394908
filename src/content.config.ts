/**
 * Every content collection, one `defineCollection` each, loaded from `content/<name>/` and checked against
 * its schema in src/lib/content-schemas.ts (which `npm run check:content` also runs before a build, so a
 * mistake is reported as one line naming the file and the field).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { collectionFiles, schemas, type CollectionName } from './lib/content-schemas.ts';

export { resourceTabs } from './lib/content-schemas.ts';

/** The content folder: `content/`, or CONTENT_DIR (the browser editor's end-to-end test builds a scratch copy). */
const contentDir = process.env.CONTENT_DIR?.trim() || './content';

/** The glob loader of a collection's folder, for the kinds of file it reads. */
const files = (name: CollectionName) => {
  const { dir, extensions } = collectionFiles[name];
  const pattern = extensions.length === 1 ? `*${extensions[0]}` : `*.{${extensions.map((e) => e.slice(1)).join(',')}}`;
  return glob({ pattern, base: `${contentDir}/${dir}` });
};

export const collections = {
  services: defineCollection({ loader: files('services'), schema: schemas.services() }),
  caseStudies: defineCollection({ loader: files('caseStudies'), schema: schemas.caseStudies() }),
  testimonials: defineCollection({ loader: files('testimonials'), schema: schemas.testimonials() }),
  team: defineCollection({ loader: files('team'), schema: ({ image }) => schemas.team(image) }),
  packages: defineCollection({ loader: files('packages'), schema: schemas.packages() }),
  resources: defineCollection({ loader: files('resources'), schema: ({ image }) => schemas.resources(image) }),
  legal: defineCollection({ loader: files('legal'), schema: schemas.legal() }),
};
