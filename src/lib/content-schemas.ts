/**
 * What each content file must hold, one schema per collection. Astro's content layer checks every entry
 * against these at build time (src/content.config.ts), and `scripts/check-content.ts` runs the same schemas
 * first, so an editor's mistake is reported as one line naming the file, the field and what is expected
 * (docs/editing-content.md lists the fields). Messages are written for editors, not developers.
 *
 * Plain module: no `astro:*` import, so Node scripts and tests can load it. Image fields are built by the
 * caller (`image`: Astro's `image()` in the content layer, an existence check in the checker), because Astro resolves and optimises them itself while the checker only needs the file
 * to exist.
 */
import { z } from 'astro/zod';
import { iconNames } from './icons.ts';

/** Text of `min` to `max` characters, saying both bounds when it is off. */
const text = (min: number, max: number) => {
  const message = `must be ${min}–${max} characters`;
  return z.string(`must be text`).trim().min(min, message).max(max, message);
};
/** A line of text (a name, a label): not empty, not a paragraph. */
const line = (max = 120) => text(1, max);
/** A sentence or paragraph shown on the page. */
const prose = (max = 600) => text(1, max);

const list = <T extends z.ZodType>(item: T, min = 1) =>
  z.array(item, 'must be a list').min(min, min === 1 ? 'must list at least one' : `must list at least ${min}`);

const order = z.number('must be a whole number (its place in lists)').int('must be a whole number');
const icon = z.enum(iconNames, `must be one of the icon names in src/lib/icons.ts`);
const tags = list(line(40));
const date = z.coerce.date('must be a date, e.g. 2026-11-24');

/**
 * The search-result limits of a page's SEO head: Google shows about 60 characters of a title and about 160
 * of a description, and too short a description wastes the snippet.
 */
export const SEO_LIMITS = { title: { min: 10, max: 65 }, description: { min: 50, max: 160 } } as const;
const seoTitle = text(SEO_LIMITS.title.min, SEO_LIMITS.title.max);
const seoDescription = text(SEO_LIMITS.description.min, SEO_LIMITS.description.max);

export const resourceTabs = ['blog', 'whitepapers', 'ebooks'] as const;

export const schemas = {
  /** The five service categories of the services page, with the anchor id each card carries. */
  services: () =>
    z.strictObject({
      anchor: z.enum(
        ['strategy', 'digital', 'content', 'events', 'bd'],
        'must be one of strategy, digital, content, events, bd',
      ),
      order,
      title: line(60),
      icon,
      summary: prose(200),
      services: list(line(), 3),
      /** The category's own page. */
      page: z.string('must be a path').startsWith('/services/', 'must start with /services/'),
    }),

  caseStudies: () =>
    z.strictObject({
      title: seoTitle,
      summary: prose(200),
      description: prose(),
      outcome: prose(200),
      /** The study page's meta description; search engines cut longer ones, shorter ones waste the snippet. */
      metaDescription: text(140, SEO_LIMITS.description.max),
      industry: line(60),
      tags,
      order,
      /** Headline figures of the study's own page. */
      metrics: z.array(z.strictObject({ value: line(20), label: line(60) }), 'must be a list').default([]),
    }),

  testimonials: () =>
    z.strictObject({
      quote: prose(),
      /** The person's role title, e.g. "VP Business Development". */
      author: line(),
      /** The kind of organisation, e.g. "Mid-size CRO". */
      position: line(),
      company: line(),
      tag: line(40),
      /** One of the three quotes of the home page carousel. */
      home: z.boolean('must be true or false').default(false),
      order,
    }),

  team: <I extends z.ZodType>(image: () => I) =>
    z.strictObject({
      name: line(80),
      position: line(),
      bio: prose(1200),
      image: image().optional(),
      expertise: tags,
      experience: z.number('must be a number of years').int('must be a whole number').positive('must be above 0'),
      linkedin: z.url('must be a web address (https://…)'),
      order,
      /** The founder's profile card on the Our Story page. */
      founder: z.boolean('must be true or false').default(false),
    }),

  packages: () =>
    z.discriminatedUnion(
      'kind',
      [
        z.strictObject({
          kind: z.literal('package'),
          order,
          title: line(60),
          /** Price in U.S. dollars. */
          price: z.number('must be a number of U.S. dollars').positive('must be above 0'),
          period: line(40),
          description: prose(300),
          features: list(line()),
          cta: line(40),
          popular: z.boolean('must be true or false').default(false),
        }),
        z.strictObject({
          kind: z.literal('retainer'),
          order,
          title: line(60),
          description: prose(300),
          features: z.array(line(), 'must be a list').default([]),
          cta: line(40),
        }),
      ],
      { error: 'must be package or retainer' },
    ),

  resources: <I extends z.ZodType>(image: () => I) =>
    z.strictObject({
      title: seoTitle,
      description: text(50, 170),
      /** The page's title in search results when it differs from the heading (defaults to `title`). */
      metaTitle: seoTitle.optional(),
      /** The page's description in search results when it differs from `description`. */
      metaDescription: seoDescription.optional(),
      tags,
      image: image(),
      imageAlt: line(200),
      date,
      tab: z.enum(resourceTabs, `must be one of ${resourceTabs.join(', ')}`),
      /** "Article", "PDF", "Excel", "Templates"… */
      fileType: line(30),
      fileSize: line(30).optional(),
      readTime: line(30).optional(),
      keywords: z.array(line(60), 'must be a list').default([]),
      /** The article page's closing call to action, beside a booking button (`strategyCall` unless set). */
      cta: z.strictObject(
        {
          title: line(80),
          text: prose(300),
          label: line(60),
          href: z.string('must be a path').startsWith('/', 'must be a path on this site, starting with /'),
          booking: z
            .enum(['strategyCall', 'usMarketCall'], 'must be strategyCall or usMarketCall')
            .default('strategyCall'),
        },
        'must hold title, text, label and href',
      ),
    }),

  legal: () =>
    z.strictObject({
      title: seoTitle,
      description: seoDescription,
      updated: date,
    }),
} as const;

export type CollectionName = keyof typeof schemas;

/** Where each collection's files live and which kinds of file it reads. */
export const collectionFiles: Record<CollectionName, { dir: string; extensions: readonly string[] }> = {
  services: { dir: 'services', extensions: ['.yaml'] },
  caseStudies: { dir: 'case-studies', extensions: ['.md', '.mdx'] },
  testimonials: { dir: 'testimonials', extensions: ['.yaml'] },
  team: { dir: 'team', extensions: ['.yaml'] },
  packages: { dir: 'packages', extensions: ['.yaml'] },
  resources: { dir: 'resources', extensions: ['.md', '.mdx'] },
  legal: { dir: 'legal', extensions: ['.md', '.mdx'] },
};
