/**
 * A blog post as the portal's editor form holds it and `/api/admin/posts` takes it: one schema for the
 * island (zodResolver) and the function (safeParse). No server imports: the island bundles this.
 */
import * as z from 'zod/mini';
import { storableText } from './fields.ts';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '../slugify.ts';
import { postStatuses } from '../statuses.ts';
import { requiredText, requireWhen, runOnObjects } from './fields.ts';

/** Longest Markdown body kept (about 15,000 words). */
export const MAX_CONTENT_LENGTH = 100_000;

const isHttpUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

const text = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `Keep it under ${max} characters`), storableText);

/** Every field of a post, none defaulted: the base of the full form and of a partial update. */
export const postShape = {
  title: requiredText('Title is required'),
  slug: text(MAX_SLUG_LENGTH).check(
    z.refine((v) => v === '' || SLUG_PATTERN.test(v), 'Use lowercase letters and digits joined by single hyphens'),
  ),
  // Not trimmed: leading spaces mean something in Markdown (an indented code block).
  content: z
    .string()
    .check(z.maxLength(MAX_CONTENT_LENGTH, `Keep it under ${MAX_CONTENT_LENGTH} characters`), storableText),
  excerpt: text(500),
  featuredImageUrl: text(2000).check(
    z.refine((v) => v === '' || isHttpUrl(v), 'Enter an http(s) URL, or leave it empty'),
  ),
  status: z.enum(postStatuses, 'Choose draft or published'),
};

/** A draft may be empty; a published post must say something. */
const publishRule = z.superRefine<{ status?: unknown; content?: unknown }>(
  (post, ctx) =>
    requireWhen(ctx, post.status === 'published', post.content, 'content', 'Content is required to publish'),
  { when: runOnObjects },
);

/** A whole post (the editor form and `POST /api/admin/posts`); an empty slug is made from the title. */
export const postSchema = z
  .object({
    title: postShape.title,
    slug: z._default(postShape.slug, ''),
    content: z._default(postShape.content, ''),
    excerpt: z._default(postShape.excerpt, ''),
    featuredImageUrl: z._default(postShape.featuredImageUrl, ''),
    status: z._default(postShape.status, 'draft'),
  })
  .check(publishRule);

/** The fields a `PATCH /api/admin/posts/:id` changes; the merged post is checked again with postSchema. */
export const postPatchSchema = z.partial(z.object(postShape));

/** What the editor form holds while it is being filled in. */
export type PostValues = z.input<typeof postSchema>;
export type PostInput = z.output<typeof postSchema>;
export type PostPatch = z.output<typeof postPatchSchema>;
