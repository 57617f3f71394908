/**
 * The blog's slug rule (docs/product.md), shared by the portal form (a suggestion as the title is typed)
 * and the posts service (the slug stored when none is given). No server imports: the island bundles this.
 */

/** What an explicit slug must look like: lowercase letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Longest slug kept; a long title is cut at a hyphen so the slug stays readable in a URL. */
export const MAX_SLUG_LENGTH = 80;

/**
 * The slug of a title: lowercase, characters other than letters, digits, spaces and hyphens removed,
 * spaces to hyphens, repeated hyphens collapsed, no hyphen at either end. Accented letters lose their
 * accent first ("Café" → "cafe") so the slug is plain ASCII, as SLUG_PATTERN demands.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut).replace(/-$/, '');
}
