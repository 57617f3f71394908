/**
 * Where the site's images may come from, in one list: the CSP's `img-src` (netlify.toml for static files,
 * src/server/security-headers.ts for the functions' pages) and the blog, whose sanitizer and featured image
 * keep only images that list allows, so no post shows an image the browser would refuse.
 *
 * Every image of the built pages is the site's own (Astro's `/_astro/` files and `public/`); none is a
 * `data:` URL, and neither the blog's frame nor the analytics hook loads one from elsewhere. So the list is
 * the site itself. To serve the blog's images from a CDN, add its `https://` origin to IMAGE_ORIGINS and the
 * same to `img-src` in netlify.toml (tests/unit/config/headers.test.ts holds the two equal).
 */

/** The other origins images may come from (each `https://host`); none today. */
export const IMAGE_ORIGINS: readonly string[] = [];

/** The CSP's `img-src` sources. */
export const IMG_SRC = ["'self'", ...IMAGE_ORIGINS].join(' ');

/**
 * Whether a page of the site at `siteOrigin` may show the image `src` under IMG_SRC: a path or URL of the
 * site itself, or an https URL of a listed origin. Anything else (none, `http:`, another host, `data:`, a
 * protocol-relative `//host`) is not.
 */
export function allowedImage(src: string, siteOrigin: string): boolean {
  if (!src.trim()) return false; // no source at all is no image
  let url: URL;
  try {
    url = new URL(src.trim(), siteOrigin);
  } catch {
    return false;
  }
  if (url.origin === new URL(siteOrigin).origin) return true;
  return url.protocol === 'https:' && IMAGE_ORIGINS.includes(url.origin);
}
