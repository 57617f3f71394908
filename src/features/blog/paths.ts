/** The blog's addresses: where its frame is built and served from, and its fixed paths. */

/** Where the frame is built, and served from. */
export const SHELL_PATH = '/blog-shell';

/** The public blog's fixed paths, served by the blog function (a post is `/blog/{slug}`). */
export const blogPaths = { list: '/blog', feed: '/rss.xml', sitemap: '/sitemap-blog.xml' } as const;
