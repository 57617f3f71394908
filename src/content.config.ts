/**
 * Every content collection, one `defineCollection` each, loaded from `content/<name>/`. A missing or
 * wrong field fails the build with a message naming the file and the field.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { iconNames } from './lib/icons.ts';

const icon = z.enum(iconNames);
const tags = z.array(z.string().min(1)).min(1);
const order = z.number().int();

/** The five service categories of the services page, with the anchor id each card carries. */
const services = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/services' }),
  schema: z.object({
    anchor: z.enum(['strategy', 'digital', 'content', 'events', 'bd']),
    order,
    title: z.string(),
    icon,
    summary: z.string(),
    services: z.array(z.string()).min(3),
    /** The category's own page. */
    page: z.string().startsWith('/services/'),
  }),
});

const caseStudies = defineCollection({
  loader: glob({ pattern: '*.{md,mdx}', base: './content/case-studies' }),
  schema: z.object({
    title: z.string(),
    summary: z.string(),
    description: z.string(),
    outcome: z.string(),
    /** The study page's meta description; search engines cut longer ones, shorter ones waste the snippet. */
    metaDescription: z.string().min(140).max(160),
    industry: z.string(),
    tags,
    order,
    /** Headline figures of the study's own page. */
    metrics: z.array(z.object({ value: z.string(), label: z.string() })).default([]),
  }),
});

const testimonials = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/testimonials' }),
  schema: z.object({
    quote: z.string(),
    /** The person's role title, e.g. "VP Business Development". */
    author: z.string(),
    /** The kind of organisation, e.g. "Mid-size CRO". */
    position: z.string(),
    company: z.string(),
    tag: z.string(),
    /** One of the three quotes of the home page carousel. */
    home: z.boolean().default(false),
    order,
  }),
});

const team = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/team' }),
  schema: ({ image }) =>
    z.object({
      name: z.string(),
      position: z.string(),
      bio: z.string(),
      image: image().optional(),
      expertise: tags,
      experience: z.number().int().positive(),
      linkedin: z.url(),
      order,
      /** The founder's profile card on the Our Story page. */
      founder: z.boolean().default(false),
    }),
});

const packages = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/packages' }),
  schema: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('package'),
      order,
      title: z.string(),
      /** Price in U.S. dollars. */
      price: z.number().positive(),
      period: z.string(),
      description: z.string(),
      features: z.array(z.string()).min(1),
      cta: z.string(),
      popular: z.boolean().default(false),
    }),
    z.object({
      kind: z.literal('retainer'),
      order,
      title: z.string(),
      description: z.string(),
      features: z.array(z.string()).default([]),
      cta: z.string(),
    }),
  ]),
});

/** The tabs of the resources page. */
export const resourceTabs = ['blog', 'whitepapers', 'ebooks'] as const;

const resources = defineCollection({
  loader: glob({ pattern: '*.{md,mdx}', base: './content/resources' }),
  schema: ({ image }) =>
    z.object({
      title: z.string(),
      description: z.string().min(50).max(170),
      tags,
      image: image(),
      imageAlt: z.string(),
      date: z.coerce.date(),
      tab: z.enum(resourceTabs),
      /** "Article", "PDF", "Excel", "Templates"… */
      fileType: z.string(),
      fileSize: z.string().optional(),
      readTime: z.string().optional(),
      keywords: z.array(z.string()).default([]),
      /** The article page's closing call to action, beside a booking button (`strategyCall` unless set). */
      cta: z.object({
        title: z.string(),
        text: z.string(),
        label: z.string(),
        href: z.string().startsWith('/'),
        booking: z.enum(['strategyCall', 'usMarketCall']).default('strategyCall'),
      }),
    }),
});

const legal = defineCollection({
  loader: glob({ pattern: '*.{md,mdx}', base: './content/legal' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    updated: z.coerce.date(),
  }),
});

export const collections = { services, caseStudies, testimonials, team, packages, resources, legal };
