/**
 * The placeholders of a built page frame (src/pages/blog-shell.astro, src/pages/report-shell.astro): plain
 * words, so no build step escapes them; src/server/built-page.ts fills them per request.
 */
export const frameTokens = {
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
