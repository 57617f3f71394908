/**
 * The check of one content entry, in the words an editor reads: `description must be 50–170 characters`,
 * `image is missing (it …)`, `unknown field x (check the spelling)`, and the page-address rule. Browser-safe (no
 * `node:` import): `npm run check:content` (scripts/lib/content-check.ts) runs it on every file, and the browser
 * editor at /cms (src/islands/cms/) runs it on an entry before saving it, so both say the same thing.
 */
import type { z } from 'astro/zod';
import { schemas, type CollectionName } from './content-schemas.ts';
import { SLUG_PATTERN } from './slugify.ts';

/** Collections whose files are pages of their own, and the folder of the site the page goes in. */
export const pageCollections = {
  services: '/services',
  resources: '/resources',
  caseStudies: '/case-studies',
} as const satisfies Partial<Record<CollectionName, string>>;

/** What the page-address problem says, before its example. */
export const ADDRESS_RULE = 'the file name becomes the page address, so use lower-case words joined by hyphens';

/** One line per schema issue: the field's dotted path and the message. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], data: unknown): string[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || 'the file';
    const present = issue.path.reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined),
      data,
    );
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.join(', ');
      return `${issue.path.length ? `${field}: ` : ''}unknown field${issue.keys.length > 1 ? 's' : ''} ${keys} (check the spelling)`;
    }
    if (present === undefined && issue.code === 'invalid_type') return `${field} is missing (it ${issue.message})`;
    return `${field} ${issue.message}`;
  });
}

/**
 * The problems of an entry's fields against its collection's schema. `image` builds the schema of an image
 * field: the checker's looks for the file, the editor's only needs a path (its media library placed the file).
 */
export function entryProblems(name: CollectionName, data: unknown, image: () => z.ZodType): string[] {
  const result = schemas[name](image).safeParse(data);
  return result.success ? [] : describeIssues(result.error.issues, data);
}

/** The problem of a page's file name (without extension) that cannot be a page address, with an example. */
export function addressProblem(stem: string, ext = ''): string | undefined {
  if (SLUG_PATTERN.test(stem)) return undefined;
  const example =
    stem
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'my-page';
  return `${ADDRESS_RULE} (e.g. ${example}${ext})`;
}
