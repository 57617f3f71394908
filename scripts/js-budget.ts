/**
 * `npm run budget`: prints the gzip size of the JavaScript each built page loads (inline scripts, module
 * scripts, island components and renderers, and everything they import statically) and fails when a
 * page goes over its budget: 80 KB on a page without forms (React's runtime alone is ~66 KB), 130 KB on
 * a page with a form.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtPages, distDir, entryScripts, inlineScripts, pagePath, scriptClosure } from './lib/built-site.ts';

export const BUDGET_KB = { page: 80, formPage: 130 } as const;

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

const width = Math.max(...rows.map((r) => r.path.length));
console.log(`${'page'.padEnd(width)}  gzip KB  files  budget KB`);
for (const r of rows.sort((a, b) => b.bytes - a.bytes)) {
  console.log(
    `${r.path.padEnd(width)}  ${kb(r.bytes).padStart(7)}  ${String(r.files).padStart(5)}  ${kb(r.limit).padStart(9)}${r.hasForm ? ' (form)' : ''}${r.over ? '  OVER BUDGET' : ''}`,
  );
}
if (failed) {
  console.error(`\n${failed} page(s) over the JavaScript budget.`);
  process.exit(1);
}
console.log(`\nAll ${rows.length} pages within the JavaScript budget.`);
