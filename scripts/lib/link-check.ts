/**
 * Checks every link of the built site: internal pages, assets and `#anchors` must exist, and no link may
 * be an empty or bare `#` (docs/decisions/0014-no-dead-ends.md: no dead ends). External links are only checked for shape.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { builtPages, distDir, pagePath } from './built-site.ts';
import { resolveFile } from './static.ts';
import { blogPaths, SHELL_PATH } from '../../src/features/blog/paths.ts';
import { reportShell } from '../../src/features/reports/text.ts';

/** Pages a function serves instead of the build. */
const functionPaths = new Set<string>(Object.values(blogPaths));

export interface LinkProblem {
  page: string;
  url: string;
  reason: string;
}

const attr = /\s(href|src|srcset|action|poster)="([^"]*)"/g;
const idAttr = /\s(?:id|name)="([^"]+)"/g;

/** Every URL a page refers to, with the attribute it came from. */
export function pageUrls(html: string): { attr: string; url: string }[] {
  const urls: { attr: string; url: string }[] = [];
  // Inline scripts and JSON-LD are data, not links.
  const markup = html.replace(/<script\b[\s\S]*?<\/script>/g, '');
  for (const [, name, value] of markup.matchAll(attr)) {
    const decoded = value!.replace(/&amp;/g, '&');
    if (name === 'srcset') {
      for (const candidate of decoded.split(',')) urls.push({ attr: name, url: candidate.trim().split(/\s+/)[0]! });
    } else urls.push({ attr: name!, url: decoded });
  }
  return urls;
}

export function checkLinks(dir = distDir, siteOrigins: string[] = []): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    let set = ids.get(file);
    if (!set) {
      set = new Set([...readFileSync(file, 'utf8').matchAll(idAttr)].map((m) => m[1]!));
      ids.set(file, set);
    }
    return set;
  };

  for (const page of builtPages(dir)) {
    // The blog's and the report's frames: their links are placeholders until filled.
    if (pagePath(page) === SHELL_PATH || pagePath(page) === reportShell.path) continue;
    const file = path.join(dir, page);
    const base = new URL(pagePath(page), 'http://site.invalid');
    for (const { attr: name, url } of pageUrls(readFileSync(file, 'utf8'))) {
      const report = (reason: string) => problems.push({ page: pagePath(page), url, reason });
      if (name === 'href' && (url === '' || url === '#')) {
        report('empty or bare # link');
        continue;
      }
      if (/^(mailto|tel):/.test(url)) {
        if (!/^(mailto:[^@\s]+@[^@\s]+|tel:\+?\d{7,})$/.test(url)) report('malformed mailto/tel link');
        continue;
      }
      if (/^(data|blob):/.test(url)) continue;
      let target: URL;
      try {
        target = new URL(url, base);
      } catch {
        report('unparseable URL');
        continue;
      }
      const internal = target.origin === base.origin || siteOrigins.includes(target.origin);
      if (!internal) {
        if (target.protocol !== 'https:' && target.protocol !== 'http:') report('unexpected scheme');
        continue;
      }
      if (functionPaths.has(target.pathname)) continue; // rendered per request (the blog), not built
      const resolved = resolveFile(dir, target.pathname);
      if (!resolved) {
        report('no such page or file in the build');
        continue;
      }
      const fragment = decodeURIComponent(target.hash.slice(1));
      if (fragment && resolved.endsWith('.html') && !idsOf(resolved).has(fragment)) report(`no element #${fragment}`);
    }
  }
  return problems;
}
