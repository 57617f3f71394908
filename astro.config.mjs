// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { site } from './src/config/site.ts';
import { invalidSettings, placeholderProblems } from './src/config/settings.ts';
import { publicRoutes } from './src/config/routes.ts';
import { localFunctions } from './scripts/lib/vite-functions.ts';
import { moveStylesInBuild } from './scripts/lib/styles-to-head.ts';
import { buildEditor } from './scripts/lib/cms-bundle.ts';
import { identityBuildCheck, siteSettingsFile } from './scripts/lib/identity-build-check.ts';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Paths that search engines must not index (docs/decisions/0015-sitemap-robots-noindex.md). */
const noindexPaths = new Set([
  ...publicRoutes.filter((r) => r.noindex).map((r) => r.path),
  '/admin',
  '/404',
  '/blog-shell',
  '/report-shell',
  '/cms-shell',
]);
// The per-site settings (src/config/settings.ts) are baked into the pages: a malformed one stops the build, and
// a Netlify build on a placeholder says so in its log (the deployed functions refuse to run on it, and
// /api/health names it).
const invalid = invalidSettings(process.env);
if (invalid.length) {
  throw new Error(
    `Environment settings that will not do: ${invalid.map((p) => `${p.setting} ${p.problem}`).join('; ')}. ` +
      'See docs/configuration.md.',
  );
}
if (process.env.NETLIFY === 'true') {
  for (const p of placeholderProblems(process.env))
    console.warn(`Setting ${p.setting} ${p.problem}: set it in Netlify.`);
}
// The agency's identity (Site settings, content/site/settings.json): a Netlify build on an invented value stops,
// naming each field (scripts/lib/identity-build-check.ts); /api/health names them too.
const contentDir = path.resolve(process.env.CONTENT_DIR?.trim() || 'content');
const identityLines = identityBuildCheck(process.env, contentDir);
if (identityLines.length) console.warn(`${identityLines.join('; ')} (a deployed build stops on these).`);
const siteUrl = site.url;

export default defineConfig({
  // SITE_URL (deployed: Netlify's URL by default) is the origin of canonical URLs and the sitemap.
  site: siteUrl,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [
    {
      // `client:interaction`: an island hydrates on the visitor's first interaction with it, so pages without a
      // form load no island script before one (src/islands/on-interaction.ts, docs/decisions/0020).
      name: 'client-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interaction', entrypoint: './src/islands/on-interaction.ts' });
        },
      },
    },
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
      // The browser editor's script, a build of its own (scripts/lib/cms-bundle.ts): no public page shares its chunks.
      name: 'cms-editor-bundle',
      hooks: {
        'astro:build:done': async ({ dir }) => {
          await buildEditor(fileURLToPath(new URL('.', import.meta.url)), fileURLToPath(dir));
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
    build: {
      assetsInlineLimit: 0,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // React and React DOM in one chunk of their own, whichever island or lazy screen loads them first: with the
            // staff portal split into lazy screens (docs/decisions/0048-portal-shell.md), the automatic split spread
            // React's modules over the chunks shared with the public forms, and the form pages grew (scripts/js-budget.ts).
            groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 }],
          },
        },
      },
    },
    plugins: [
      tailwindcss(),
      localFunctions(),
      {
        // A build of another content folder (CONTENT_DIR) reads its Site settings too (src/config/identity.ts).
        name: 'site-settings-of-content-dir',
        enforce: 'pre',
        resolveId: (source) =>
          process.env.CONTENT_DIR && source.endsWith('/content/site/settings.json')
            ? siteSettingsFile(contentDir)
            : null,
      },
    ],
  },
});
