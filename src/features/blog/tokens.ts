/** The placeholders of the blog frame (src/pages/blog-shell.astro): plain words, so no build step escapes them. */
export const blogTokens = {
  title: 'BLOGTOKENTITLE',
  description: 'BLOGTOKENDESCRIPTION',
  path: 'BLOGTOKENPATH',
  image: 'BLOGTOKENIMAGE',
  heroTitle: 'BLOGTOKENHEROTITLE',
  heroSubtitle: 'BLOGTOKENHEROSUBTITLE',
  main: 'BLOGTOKENMAIN',
  jsonLdKey: 'blogtoken',
  jsonLdValue: 'jsonld',
} as const;

/** Where the frame is built, and served from. */
export const SHELL_PATH = '/blog-shell';

/** The public blog's fixed paths, served by the blog function (a post is `/blog/{slug}`). */
export const blogPaths = { list: '/blog', feed: '/rss.xml', sitemap: '/sitemap-blog.xml' } as const;
