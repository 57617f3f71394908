/**
 * `npm run budget`: prints the gzip size of the JavaScript each built page loads (inline scripts, module
 * scripts, island components and renderers, and everything they import statically) and fails when a
 * page goes over its budget: 80 KB on a page without forms (React's runtime alone is ~66 KB), 130 KB on
 * a page with a form. A lazy chunk (a portal tab with its own library) has its own line: fetched only when the tab
 * opens, it must be in no page's eager scripts, and what it adds to what its page already loaded has its budget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtPages, distDir, entryScripts, inlineScripts, pagePath, scriptClosure } from './lib/built-site.ts';

export const BUDGET_KB = { page: 80, formPage: 130 } as const;

/**
 * Lazy chunks by their file name's start, the page that imports them and the chunk that does (its closure is
 * loaded already), and their budget: the Dashboard tab and its charts (visx), measured at 20.4 KB.
 */
const LAZY_CHUNKS = [{ name: 'DashboardTab', page: '/admin', parent: 'Portal', kb: 24 }] as const;

/** Pages whose forms are rendered by a client-only island (no <form> in the static HTML). */
const CLIENT_FORM_PAGES = new Set(['/admin']);

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

let failed = 0;
const rows = builtPages().map((file) => {
  const html = readFileSync(path.join(distDir, file), 'utf8');
  const files = scriptClosure(entryScripts(html));
  const bytes =
    inlineScripts(html).reduce((sum, s) => sum + gz(s), 0) +
    [...files].reduce((sum, f) => sum + gz(readFileSync(path.join(distDir, f))), 0);
  // The portal renders its forms (sign-in first) only in the browser, so its HTML holds no <form>.
  const hasForm = /<form\b/.test(html) || CLIENT_FORM_PAGES.has(pagePath(file));
  const limit = (hasForm ? BUDGET_KB.formPage : BUDGET_KB.page) * 1024;
  const over = bytes > limit;
  if (over) failed++;
  return { path: pagePath(file), bytes, files: files.size, hasForm, limit, over };
});

const chunkFile = (name: string) => {
  const file = readdirSync(path.join(distDir, '_astro')).find((f) => f.startsWith(`${name}.`) && f.endsWith('.js'));
  if (!file) throw new Error(`No chunk ${name}.*.js in dist/_astro: was it renamed?`);
  return `/_astro/${file}`;
};
const eager = new Map(
  builtPages().map((file) => [
    pagePath(file),
    scriptClosure(entryScripts(readFileSync(path.join(distDir, file), 'utf8'))),
  ]),
);
const chunkRows = LAZY_CHUNKS.map((chunk) => {
  const file = chunkFile(chunk.name);
  const loaded = new Set([...(eager.get(chunk.page) ?? []), ...scriptClosure([chunkFile(chunk.parent)])]);
  const added = [...scriptClosure([file])].filter((f) => !loaded.has(f));
  const bytes = added.reduce((sum, f) => sum + gz(readFileSync(path.join(distDir, f))), 0);
  const eagerOn = [...eager].filter(([, files]) => files.has(file)).map(([page]) => page);
  const over = bytes > chunk.kb * 1024 || eagerOn.length > 0;
  if (over) failed++;
  return { ...chunk, bytes, files: added.length, eagerOn, over };
});

const width = Math.max(...rows.map((r) => r.path.length));
console.log(`${'page'.padEnd(width)}  gzip KB  files  budget KB`);
for (const r of rows.sort((a, b) => b.bytes - a.bytes)) {
  console.log(
    `${r.path.padEnd(width)}  ${kb(r.bytes).padStart(7)}  ${String(r.files).padStart(5)}  ${kb(r.limit).padStart(9)}${r.hasForm ? ' (form)' : ''}${r.over ? '  OVER BUDGET' : ''}`,
  );
}
for (const c of chunkRows) {
  console.log(
    `lazy ${c.name} (${c.page})`.padEnd(width) +
      `  ${kb(c.bytes).padStart(7)}  ${String(c.files).padStart(5)}  ${kb(c.kb * 1024).padStart(9)}` +
      `${c.bytes > c.kb * 1024 ? '  OVER BUDGET' : ''}${c.eagerOn.length ? `  LOADED EAGERLY BY ${c.eagerOn.join(', ')}` : ''}`,
  );
}
if (failed) {
  console.error(`\n${failed} page(s) or lazy chunk(s) over the JavaScript budget.`);
  process.exit(1);
}
console.log(`\nAll ${rows.length} pages and ${chunkRows.length} lazy chunk(s) within the JavaScript budget.`);
