/**
 * Each content collection's schema, checked by Astro at build (src/content.config.ts) and first by
 * `scripts/check-content.ts`: an editor's mistake is one line naming file, field and what is expected
 * (docs/editing-content.md). No `astro:*` import (Node loads it); image fields come from the caller.
 */
import { z } from 'astro/zod';
import { iconNames } from './icons.ts';
import { SLUG_PATTERN } from './slugify.ts';
import { siteSettingsSchema } from './site-settings-schema.ts';
import { resourceFile } from './resource-files.ts';

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

/** A link on this site, e.g. /contact. */
const sitePath = z.string('must be a path').startsWith('/', 'must be a path on this site, starting with /');
/** The external scheduling links of src/config/site.ts a button can open. */
export const bookingLinks = ['strategyCall', 'usMarketCall', 'discoveryCall'] as const;

/** A button of a call to action: to a page (`href`) or to a scheduling link (`booking`), never both. */
const ctaButton = z
  .strictObject(
    {
      label: line(60),
      href: sitePath.optional(),
      booking: z.enum(bookingLinks, `must be one of ${bookingLinks.join(', ')}`).optional(),
    },
    'must hold label and href or booking',
  )
  .refine(
    (b) => (b.href === undefined) !== (b.booking === undefined),
    'must have either href (a page of the site) or booking (a scheduling link), not both',
  );

/** A card of a service page: one paragraph (`text`) or a checklist (`points`). */
const serviceCard = z
  .strictObject(
    { title: line(), icon: icon.optional(), text: prose().optional(), points: list(line()).optional() },
    'must hold title and text or points',
  )
  .refine(
    (c) => (c.text === undefined) !== (c.points === undefined),
    'must have either text (a paragraph) or points (a checklist), not both',
  );

/** What every section of a service page has: its anchor id, its heading and an optional intro. */
const sectionBase = {
  id: z.string('must be text').regex(SLUG_PATTERN, 'must be lower-case words joined by hyphens, e.g. how-it-works'),
  title: line(),
  intro: prose(300).optional(),
};

export const serviceSectionTypes = ['cards', 'steps', 'checklist', 'stories'] as const;

/** One section of a service page, by `type`: a grid of cards, numbered steps, a checklist or success stories. */
const serviceSection = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('cards'), ...sectionBase, items: list(serviceCard) }),
    z.strictObject({
      type: z.literal('steps'),
      ...sectionBase,
      items: list(z.strictObject({ title: line(), text: prose(300) }, 'must hold title and text'), 2),
    }),
    z.strictObject({
      type: z.literal('checklist'),
      ...sectionBase,
      items: list(line(200)),
      /** 2 sets a long list in two columns on wider screens. */
      columns: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }).default(1),
      /** A closing sentence under the list; `[words](/path)` makes a link. */
      note: prose(300).optional(),
    }),
    z.strictObject({
      type: z.literal('stories'),
      ...sectionBase,
      items: list(
        z.strictObject(
          {
            /** The kind of client, e.g. "Bioanalytical lab". */
            client: line(80),
            title: line(),
            text: prose(),
            outcome: prose(300),
            metrics: z.array(z.strictObject({ value: line(20), label: line(60) }), 'must be a list').default([]),
          },
          'must hold client, title, text and outcome',
        ),
      ),
    }),
  ],
  { error: `must be one of ${serviceSectionTypes.join(', ')}` },
);

export const schemas = {
  /**
   * A service: its card on the services page, its line in the header and footer menus, and its own page at
   * `/services/<file name>`, built from the blocks in `sections` (src/pages/services/[slug].astro).
   */
  services: () =>
    z.strictObject({
      /** The card's id on the services page (`/services#strategy`). */
      anchor: z
        .string('must be text')
        .regex(SLUG_PATTERN, 'must be lower-case words joined by hyphens, e.g. strategy or market-entry'),
      order,
      /** The card's heading and the service's name in the menus. */
      title: line(60),
      icon,
      summary: prose(200),
      /** The checklist of the card on the services page. */
      services: list(line(), 3),
      /** The one line under the service's name in the header's Services menu. */
      menu: line(60),
      /** The page's title in search results when it differs from `title`. */
      metaTitle: seoTitle.optional(),
      /** The page's description in search results (and in /sitemap). */
      metaDescription: seoDescription,
      keywords: z.array(line(60), 'must be a list').default([]),
      hero: z.strictObject({ title: line(), subtitle: prose(300) }, 'must hold title and subtitle'),
      /** The page's sections, top to bottom; they alternate between a white and a tinted background. */
      sections: list(serviceSection),
      /** The closing call to action. */
      cta: z.strictObject(
        { title: line(80), text: prose(300), buttons: list(ctaButton) },
        'must hold title, text and buttons',
      ),
      /** The Service block search engines read (schema.org), for a page that should carry one. */
      structuredData: z
        .strictObject(
          {
            /** Defaults to the page's title in search results. */
            name: line().optional(),
            serviceType: line(80),
            areaServed: line(80).optional(),
            offers: list(line()).optional(),
          },
          'must hold serviceType, and may hold name, areaServed and offers',
        )
        .optional(),
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
    z
      .strictObject({
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
        // The download (`./files/guide.pdf`), read at build; `gated: false`: no form (decisions/0041-resource-downloads.md).
        file: resourceFile.optional(),
        gated: z.boolean('must be true or false').optional(),
        readTime: line(30).optional(),
        keywords: z.array(line(60), 'must be a list').default([]),
        /** The article page's closing call to action, beside a booking button (`strategyCall` unless set). */
        cta: z.strictObject(
          {
            title: line(80),
            text: prose(300),
            label: line(60),
            href: sitePath,
            booking: z
              .enum(['strategyCall', 'usMarketCall'], 'must be strategyCall or usMarketCall')
              .default('strategyCall'),
          },
          'must hold title, text, label and href',
        ),
      })
      .refine((r) => !(r.gated === true && !r.file && r.tab === 'blog'), {
        message: 'needs a file: attach one under file, or remove gated (a blog article has no file of its own)',
        path: ['gated'],
      }),

  legal: () =>
    z.strictObject({
      title: seoTitle,
      description: seoDescription,
      updated: date,
    }),

  /** One file, content/site/settings.json: the agency's identity ("Site settings" at /cms). */
  siteSettings: siteSettingsSchema,
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
  siteSettings: { dir: 'site', extensions: ['.json'] },
};
