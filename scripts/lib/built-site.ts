/** Reads the built site in `dist/`: its pages, their inline scripts, and the scripts each page loads. */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const distDir = path.resolve(process.env.DIST_DIR ?? path.join(import.meta.dirname, '../../dist'));

/** Every HTML page of the build, as paths relative to `dist/`. */
export function builtPages(dir = distDir): string[] {
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`No build in ${dir}: run \`npm run build\` first.`);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .sort();
}

/** The URL path a built page is served at (`about.html` → `/about`, `index.html` → `/`). */
export const pagePath = (file: string): string => `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;

const scriptTag = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** The executable inline scripts of a page (JSON-LD data blocks are not executed, so not counted). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(scriptTag)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !/type="application\/(ld\+)?json"/.test(attrs!))
    .map(([, , body]) => body!);
}

export const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP hash source of every distinct inline script in the build. */
export function inlineScriptHashes(dir = distDir): Set<string> {
  const hashes = new Set<string>();
  for (const page of builtPages(dir)) {
    for (const body of inlineScripts(readFileSync(path.join(dir, page), 'utf8'))) hashes.add(sha256(body));
  }
  return hashes;
}

/** The `/_astro/...` script URLs a page loads eagerly: module scripts and island components and renderers. */
export function entryScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)) urls.add(m[1]!);
  return [...urls].filter((u) => u.startsWith('/'));
}

/**
 * Each island of a page: when it hydrates (its `client` attribute: `idle`, `visible`, `interaction`…) and the
 * `/_astro/...` scripts it loads then (its component and renderer).
 */
export function islands(html: string): { client: string; scripts: string[] }[] {
  return [...html.matchAll(/<astro-island\b([^>]*)>/g)].map(([, attrs]) => ({
    client: /\sclient="([^"]+)"/.exec(attrs!)?.[1] ?? '',
    scripts: [...attrs!.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1]!),
  }));
}

/** A script and every module it imports statically, transitively (what the browser must fetch). */
export function scriptClosure(entries: string[], dir = distDir): Set<string> {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const source = readFileSync(path.join(dir, url), 'utf8');
    for (const m of source.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g)) {
      visit(path.posix.join(path.posix.dirname(url), m[1]!));
    }
  };
  entries.forEach(visit);
  return seen;
}
