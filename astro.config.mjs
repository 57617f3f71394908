// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { site } from './src/config/site.ts';
import { publicRoutes } from './src/config/routes.ts';
import { localFunctions } from './scripts/lib/vite-functions.ts';
import { moveStylesInBuild } from './scripts/lib/styles-to-head.ts';
import { copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Paths that search engines must not index (docs/decisions/0015-sitemap-robots-noindex.md). */
const noindexPaths = new Set([
  ...publicRoutes.filter((r) => r.noindex).map((r) => r.path),
  '/admin',
  '/404',
  '/blog-shell',
  '/report-shell',
]);
const siteUrl = process.env.SITE_URL ?? site.url;

export default defineConfig({
  // SITE_URL lets a preview deploy or a test run use its own origin for canonical URLs.
  site: siteUrl,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [
    react(),
    mdx(),
    sitemap({
      filter: (page) => !noindexPaths.has(new URL(page).pathname.replace(/\/$/, '') || '/'),
      // The published blog posts change without a build: the blog function serves their sitemap.
      customSitemaps: [new URL('/sitemap-blog.xml', siteUrl).href],
    }),
    {
      // docs/decisions/0015-sitemap-robots-noindex.md names /sitemap.xml; @astrojs/sitemap writes an index under another name.
      name: 'sitemap-xml-alias',
      hooks: {
        'astro:build:done': async ({ dir }) => {
          await copyFile(new URL('sitemap-index.xml', dir), new URL('sitemap.xml', dir));
        },
      },
    },
    {
      // Valid HTML: Astro's island style goes from the body to the head (see scripts/lib/styles-to-head.ts).
      name: 'island-style-in-head',
      hooks: {
        'astro:build:done': ({ dir }) => {
          moveStylesInBuild(fileURLToPath(dir));
        },
      },
    },
  ],
  vite: {
    // Scripts stay external files, so the only inline scripts are Astro's island runtime, whose
    // hashes the Content-Security-Policy in netlify.toml lists (tests/unit/config/headers.test.ts checks them).
    build: { assetsInlineLimit: 0 },
    plugins: [tailwindcss(), localFunctions()],
  },
});
