// The public blog (docs/decisions/0013-blog-live-without-rebuild.md), rendered per request from the published posts in the site's own frame:
//   GET /blog[?page=n]       the newest posts, 10 a page
//   GET /blog/:slug          one post (a draft or an unknown slug is the site's 404 page)
//   GET /rss.xml             RSS of every published post
//   GET /sitemap-blog.xml    the posts for search engines (listed in /sitemap.xml)
// Cached by the CDN for at most 60 s and purged when a post changes (src/features/blog/cache.ts).
import type { Config } from '@netlify/functions';
import { getDb, type Db } from '../../src/db/client.ts';
import { blogCacheHeaders } from '../../src/features/blog/cache.ts';
import { feed, listPage, loadShell, postPage, sitemap } from '../../src/features/blog/pages.ts';
import { allPublishedPosts, findPublishedPost, listPublishedPosts } from '../../src/features/blog/posts.ts';
import { fillShell, notFoundPage as notFound, unavailablePage } from '../../src/server/built-page.ts';
import { blogPaths } from '../../src/features/blog/paths.ts';
import { allowMethods, requestLabel, withErrors } from '../../src/server/http.ts';
import { loggable } from '../../src/server/loggable.ts';

const respond = (body: string, type: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': type, ...blogCacheHeaders() } });

const html = 'text/html; charset=utf-8';
const unavailable = () => unavailablePage('The blog');

export default withErrors(async (request, context) => {
  const guard = allowMethods(request, ['GET', 'HEAD']);
  if (guard) return guard;
  const url = new URL(request.url);
  const handle = await getDb().catch(() => null);
  if (!handle) return unavailable();
  try {
    return await answer(url, handle.db, context.params.slug);
  } catch (error) {
    console.error(`${requestLabel(request, context)} not rendered:`, loggable(error));
    return unavailable();
  }
});

async function answer(url: URL, db: Db, slug: string | undefined): Promise<Response> {
  if (url.pathname === blogPaths.feed)
    return respond(await feed(await allPublishedPosts(db)), 'application/rss+xml; charset=utf-8');
  if (url.pathname === blogPaths.sitemap)
    return respond(sitemap(await allPublishedPosts(db)), 'application/xml; charset=utf-8');

  const shell = await loadShell();
  if (slug !== undefined) {
    const post = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? await findPublishedPost(db, slug) : null;
    return post ? respond(fillShell(shell, postPage(post)), html) : notFound();
  }
  const page = Number(url.searchParams.get('page') ?? 1);
  if (!Number.isInteger(page) || page < 1) return notFound();
  const { posts, pages } = await listPublishedPosts(db, page);
  if (page > pages) return notFound();
  return respond(fillShell(shell, listPage(posts, page, pages)), html);
}

// Literals: Netlify reads this object without running the module (tests/unit/blog checks it against blogPaths).
export const config: Config = { path: ['/blog', '/blog/:slug', '/rss.xml', '/sitemap-blog.xml'] };
