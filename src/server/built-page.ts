/**
 * The pages of the build a function answers with: a built file read once per instance, the site's 404 page,
 * and a frame filled per request: its tokens replaced, each in the escaping its place needs (HTML text and
 * attributes, or JSON inside the JSON-LD script). The blog fills `/blog-shell` (src/features/blog/pages.ts),
 * the lead's report page fills `/report-shell` (src/features/reports/page.ts), with the same tokens.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { site } from '../config/site.ts';
import { frameTokens as t } from './frame-tokens.ts';
import { escapeHtml } from '../lib/html.ts';

/** A page drawn in a built frame: the blog's list and posts, the lead's report. */
export interface FramePage {
  title: string;
  description: string;
  /** The page's path without the leading slash, e.g. `blog/my-post`. */
  path: string;
  /** Share image: an absolute URL or a site path; the site's default when empty. */
  image: string;
  ogType: 'article' | 'website';
  heroTitle: string;
  heroSubtitle: string;
  /** Safe HTML of the page's main part. */
  main: string;
  jsonLd: Record<string, unknown>[];
  /** Kept out of search engines (the lead's private report); the blog's pages are indexed. */
  noindex?: boolean;
}

const built = new Map<string, Promise<string>>();

/**
 * Folders that may hold the build's `dist/`: the working folder of `npm start` and the tests, and the task
 * root of a deployed function, where netlify.toml's `included_files` put the frame and the 404 page.
 */
const roots = () => [...new Set([process.cwd(), process.env.LAMBDA_TASK_ROOT].filter((r): r is string => !!r))];

/**
 * A file of the build (the blog frame, the 404 page, the packages' JSON), read from the files that travel
 * with the function; read once per instance, since a deploy starts new instances. `file`: from the site's
 * root, e.g. `/404.html`.
 */
export function loadBuiltFile(file: string): Promise<string> {
  let text = built.get(file);
  if (!text) {
    const files = roots().map((root) => path.join(root, 'dist', file));
    text = Promise.any(files.map((candidate) => readFile(candidate, 'utf8'))).catch((error) => {
      built.delete(file); // try again on the next request
      throw new Error(`${file} is in none of ${files.join(', ')} (run \`npm run build\`)`, { cause: error });
    });
    built.set(file, text);
  }
  return text;
}

/** A page of the build by its path (`/404`, `/blog-shell`). */
export const loadBuiltPage = (page: string): Promise<string> => loadBuiltFile(`${page}.html`);

const html = 'text/html; charset=utf-8';

/** The site's own not-found page with its 404 status (a plain one if the build's page is missing). */
export async function notFoundPage(): Promise<Response> {
  const page = await loadBuiltPage('/404').catch(
    () => '<h1>Oops! Page not found</h1><p><a href="/">Return to Home</a></p>',
  );
  return new Response(page, { status: 404, headers: { 'Content-Type': html, 'Cache-Control': 'no-store' } });
}

/** A plain page for the visitor when the database cannot be reached (no internals, no caching). */
export const unavailablePage = (what: string) =>
  new Response(
    `<!doctype html><html lang="en"><title>Unexpected Application Error!</title><h1>Unexpected Application Error!</h1><p>${what} is unavailable for a moment. Please try again in a minute.</p></html>`,
    { status: 503, headers: { 'Content-Type': html, 'Retry-After': '30', 'Cache-Control': 'no-store' } },
  );

/** The frame with a page's values in place. */
export function fillShell(shell: string, page: FramePage): string {
  const image = escapeHtml(new URL(page.image || site.defaultOgImage, site.url).href);
  const ld = page.jsonLd
    .map((block) => `<script type="application/ld+json">${JSON.stringify(block).replace(/</g, '\\u003c')}</script>`)
    .join('');
  const robots = page.noindex ? 'noindex' : 'index, follow';
  const tokens: Record<string, string> = {
    [t.heroSubtitle]: escapeHtml(page.heroSubtitle),
    [t.heroTitle]: escapeHtml(page.heroTitle),
    [t.description]: escapeHtml(page.description),
    [t.title]: escapeHtml(page.title),
    [t.path]: page.path,
    [t.main]: page.main,
  };
  const places: [RegExp, (match: string) => string][] = [
    [/<script type="application\/ld\+json">[^<]*<\/script>/, () => ld],
    [new RegExp(`https?://[^"]*/${t.image}`), () => image],
    [/<meta name="robots" content="[^"]*">/, () => `<meta name="robots" content="${robots}">`],
    [/<meta property="og:type" content="[^"]*">/, () => `<meta property="og:type" content="${page.ogType}">`],
    [
      new RegExp(
        Object.keys(tokens)
          .sort((a, b) => b.length - a.length)
          .join('|'),
      ),
      (token) => tokens[token]!,
    ],
  ];
  // One pass over the frame: what a value brings in (a title naming a token, say) is never replaced again.
  const all = new RegExp(places.map(([re]) => `(${re.source})`).join('|'), 'g');
  return shell.replace(all, (match, ...groups: unknown[]) => {
    const index = groups.findIndex((g, i) => i < places.length && g !== undefined);
    return places[index]![1](match);
  });
}
