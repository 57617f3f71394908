/**
 * How a publish reaches visitors within a minute (docs/decisions/0013-blog-live-without-rebuild.md) while the marketing pages stay static
 * files: the blog's pages are rendered by a function and cached by Netlify's CDN for at most 60 seconds
 * under one cache tag; a change in the portal purges that tag at once. The 60 seconds are the bound if a
 * purge fails. Locally (`npm start`) there is no CDN, so every request renders afresh.
 */
import { purgeCache } from '@netlify/functions';
import { isDeployed, isPreview } from '../../config/platform.ts';
import { loggable } from '../../server/loggable.ts';

/** The cache tag of every blog response (list, posts, feed, sitemap). */
export const BLOG_CACHE_TAG = 'blog';

/**
 * Headers of a blog response: the CDN may keep it 60 s, browsers must ask again. A preview's pages are not
 * cached at all, since a preview does not purge (its purge would empty production's cache too).
 */
export function blogCacheHeaders(): Record<string, string> {
  const browsers = { 'Cache-Control': 'public, max-age=0, must-revalidate' };
  if (isPreview()) return browsers;
  return {
    ...browsers,
    'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=60',
    'Netlify-Cache-Tag': BLOG_CACHE_TAG,
  };
}

/** Drops the cached blog pages from Netlify's CDN; nothing to do where no CDN caches them. */
export async function purgeBlogCache(): Promise<void> {
  // Netlify gives a deployed function its purge token (NETLIFY_PURGE_API_TOKEN) and SITE_ID.
  if (!isDeployed() && !process.env.NETLIFY_PURGE_API_TOKEN) return;
  if (isPreview()) return; // a purge by tag reaches every deploy of the site, production's included
  try {
    await purgeCache({ tags: [BLOG_CACHE_TAG] });
  } catch (error) {
    // The change is stored; the cached pages expire within 60 seconds anyway.
    console.error('blog cache not purged:', loggable(error));
  }
}
