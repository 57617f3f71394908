/**
 * Astro writes the one rule its islands need (`astro-island,astro-slot,astro-static-slot{display:contents}`)
 * as a `<style>` element inside `<body>`, just before the first island. HTML allows a `<style>` in the body
 * only as the first child of its parent, so the W3C checker reports every page with an island. After the
 * build, each such element moves to the end of `<head>`: the same rule, applied before anything renders (so
 * no flash of unstyled islands), and the CSP is unchanged (inline styles are allowed, and nothing is hashed).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const bodyStyle = /<style>([^<]*)<\/style>/g;

/** The page with every `<style>` of its body moved, in order, to the end of its head. */
export function moveBodyStylesToHead(html: string): string {
  const bodyAt = html.search(/<body[\s>]/);
  const headEnd = html.indexOf('</head>');
  if (bodyAt < 0 || headEnd < 0 || headEnd > bodyAt) return html;
  const moved: string[] = [];
  const body = html.slice(bodyAt).replace(bodyStyle, (element) => {
    moved.push(element);
    return '';
  });
  if (!moved.length) return html;
  const head = html.slice(0, bodyAt);
  return `${head.slice(0, headEnd)}${[...new Set(moved)].join('')}${head.slice(headEnd)}${body}`;
}

/** Applies `moveBodyStylesToHead` to every HTML page under `dir`; returns how many pages changed. */
export function moveStylesInBuild(dir: string): number {
  let changed = 0;
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'))) {
    const full = path.join(dir, file);
    const html = readFileSync(full, 'utf8');
    const next = moveBodyStylesToHead(html);
    if (next !== html) {
      writeFileSync(full, next);
      changed++;
    }
  }
  return changed;
}
