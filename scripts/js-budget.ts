/**
 * `npm run budget`: prints the gzip size of the JavaScript each built page loads (inline scripts, module
 * scripts, island components and renderers, and everything they import statically) and fails when a
 * page goes over its budget: 80 KB on a page without forms (React's runtime alone is ~66 KB), 130 KB on
 * a page with a form. What a page without a form loads before the visitor interacts has a budget of its own,
 * 15 KB: everything but the islands that hydrate on interaction (`client:interaction`, whose component and
 * renderer are fetched on the first interaction with them) and on `client:visible` (fetched when scrolled into
 * view; the home page's testimonial carousel, below the fold, is the only one, and a scroll is an interaction).
 * A `client:visible` island in the first viewport would load without one: such an island should be `client:idle`,
 * which counts here. A lazy chunk (a portal tab with its own library) has its own line: fetched only when the tab
 * opens, it must be in no page's eager scripts, and what it adds to what its page already loaded has its budget.
 * The browser editor (`/cms-shell`, served at /cms to content editors only) is no public page: its size is
 * printed on a line of its own against a cap of its own, and its script must be on no other page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  builtPages,
  distDir,
  entryScripts,
  inlineScripts,
  islands,
  pagePath,
  scriptClosure,
} from './lib/built-site.ts';

export const BUDGET_KB = { page: 80, formPage: 130, beforeInteraction: 15 } as const;

/** The `client:` directives whose islands load their scripts only after an interaction (see above). */
const ON_INTERACTION = new Set(['interaction', 'visible']);

/** The `/_astro/...` scripts a page loads before any interaction: module scripts and the other islands' scripts. */
const scriptsBeforeInteraction = (html: string): string[] =>
  [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...islands(html).flatMap((island) => (ON_INTERACTION.has(island.client) ? [] : island.scripts)),
  ].filter((url) => url.startsWith('/'));

/**
 * The staff portal (/admin, docs/decisions/0048-portal-shell.md): what loads with the page, before any click, has a
 * budget of its own, and each screen fetched later (the sign-in screen when nobody is signed in, the signed-in shell,
 * every tab, the lead page, the report editor) is a lazy chunk with its own. Issue 55 asks 80 KB before interaction:
 * React's runtime (67.2) and the gate, which reads the session with plain fetch; TanStack Query's client comes with
 * the first screen, in a chunk of its own (QueryRoot), which every other chunk of the portal finds loaded already.
 */
const PORTAL = { page: '/admin', beforeInteraction: 80, first: 'QueryRoot' } as const;

/**
 * Lazy chunks by their file name's start, the page that imports them, the chunk that does (its closure is loaded
 * already), and their budget in KB (what each adds to what is loaded already, measured at build, plus headroom).
 */
const LAZY_CHUNKS = [
  // TanStack Query's client and provider, fetched with the first screen (signed out or in): 8.0 KB measured.
  { name: 'QueryRoot', page: '/admin', parent: 'AdminApp', kb: 10 },
  { name: 'SignIn', page: '/admin', parent: 'AdminApp', kb: 44 },
  // The shell: 5.7 KB when TanStack Query loaded with the page, 8.6 with the query hooks it now brings along.
  { name: 'Portal', page: '/admin', parent: 'AdminApp', kb: 11 },
  { name: 'LeadsTab', page: '/admin', parent: 'Portal', kb: 25 },
  { name: 'LeadPage', page: '/admin', parent: 'LeadsTab', kb: 48 },
  { name: 'SubmissionsTab', page: '/admin', parent: 'Portal', kb: 25 },
  { name: 'MessagesTab', page: '/admin', parent: 'Portal', kb: 23 },
  { name: 'DashboardTab', page: '/admin', parent: 'Portal', kb: 30 },
  { name: 'PostsTab', page: '/admin', parent: 'Portal', kb: 50 },
  { name: 'ReportEditor', page: '/admin', parent: 'SubmissionsTab', kb: 33 },
  { name: 'RolesTab', page: '/admin', parent: 'Portal', kb: 51 },
  { name: 'AuditLogTab', page: '/admin', parent: 'Portal', kb: 23 },
  { name: 'MailTab', page: '/admin', parent: 'Portal', kb: 23 },
  { name: 'SystemTab', page: '/admin', parent: 'Portal', kb: 9 },
  // The Pipeline board and its drag and drop (dnd-kit's core, docs/decisions/0047-pipeline.md): 27.5 KB measured
  // beside the shell (what the shell has loaded already is not counted again).
  { name: 'PipelineBoard', page: '/admin', parent: 'Portal', kb: 30 },
  { name: 'PeoplePanel', page: '/admin', parent: 'RolesTab', kb: 4 },
] as const;

/**
 * The browser editor's page and its cap: Decap CMS with the backends and widgets the content needs, React and the
 * editor's previews, in one file of its own build (scripts/lib/cms-bundle.ts), measured at 963 KB; the whole of
 * decap-cms-app would add about 550 KB more. (Its image widget fetches a WebP encoder only when an image is added.)
 */
const EDITOR = { page: '/cms-shell', kb: 1024 } as const;

/** Pages whose forms are rendered by a client-only island (no <form> in the static HTML). */
const CLIENT_FORM_PAGES = new Set(['/admin']);

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

let failed = 0;
const publicPages = builtPages().filter((file) => pagePath(file) !== EDITOR.page);
const rows = publicPages.map((file) => {
  const html = readFileSync(path.join(distDir, file), 'utf8');
  const inline = inlineScripts(html).reduce((sum, s) => sum + gz(s), 0);
  const size = (files: Set<string>) =>
    inline + [...files].reduce((sum, f) => sum + gz(readFileSync(path.join(distDir, f))), 0);
  const files = scriptClosure(entryScripts(html));
  const bytes = size(files);
  const before = size(scriptClosure(scriptsBeforeInteraction(html)));
  // The portal renders its forms (sign-in first) only in the browser, so its HTML holds no <form>.
  const hasForm = /<form\b/.test(html) || CLIENT_FORM_PAGES.has(pagePath(file));
  const limit = (hasForm ? BUDGET_KB.formPage : BUDGET_KB.page) * 1024;
  // A page with a form loads its form's island at idle: only its total has a budget. The resource pages keep the
  // before-interaction budget with their download form, which hydrates once seen (decisions/0041-resource-downloads.md).
  const resourcePage = pagePath(file).startsWith('/resources');
  const beforeLimit =
    pagePath(file) === PORTAL.page
      ? PORTAL.beforeInteraction * 1024
      : hasForm && !resourcePage
        ? undefined
        : BUDGET_KB.beforeInteraction * 1024;
  const over = bytes > limit;
  const overBefore = beforeLimit !== undefined && before > beforeLimit;
  if (over || overBefore) failed++;
  return { path: pagePath(file), bytes, before, files: files.size, hasForm, limit, beforeLimit, over, overBefore };
});

const chunkFile = (name: string) => {
  const file = readdirSync(path.join(distDir, '_astro')).find((f) => f.startsWith(`${name}.`) && f.endsWith('.js'));
  if (!file) throw new Error(`No chunk ${name}.*.js in dist/_astro: was it renamed?`);
  return `/_astro/${file}`;
};
const eager = new Map(
  publicPages.map((file) => [
    pagePath(file),
    scriptClosure(entryScripts(readFileSync(path.join(distDir, file), 'utf8'))),
  ]),
);
const chunkRows = LAZY_CHUNKS.map((chunk) => {
  const file = chunkFile(chunk.name);
  // On the portal, QueryRoot comes with the first screen: every other chunk finds it loaded.
  const first = chunk.page === PORTAL.page && chunk.name !== PORTAL.first ? [chunkFile(PORTAL.first)] : [];
  const loaded = new Set([...(eager.get(chunk.page) ?? []), ...scriptClosure([chunkFile(chunk.parent), ...first])]);
  const added = [...scriptClosure([file])].filter((f) => !loaded.has(f));
  const bytes = added.reduce((sum, f) => sum + gz(readFileSync(path.join(distDir, f))), 0);
  const eagerOn = [...eager].filter(([, files]) => files.has(file)).map(([page]) => page);
  const over = bytes > chunk.kb * 1024 || eagerOn.length > 0;
  if (over) failed++;
  return { ...chunk, bytes, files: added.length, eagerOn, over };
});

const editorFile = builtPages().find((file) => pagePath(file) === EDITOR.page);
if (!editorFile) throw new Error(`No ${EDITOR.page} page in the build: was it renamed?`);
const editorHtml = readFileSync(path.join(distDir, editorFile), 'utf8');
const editorFiles = scriptClosure(entryScripts(editorHtml));
const editorBytes = [...editorFiles].reduce((sum, f) => sum + gz(readFileSync(path.join(distDir, f))), 0);
const [editorEntry] = entryScripts(editorHtml);
const editorOn = [...eager].filter(([, files]) => editorEntry !== undefined && files.has(editorEntry));
const editorOver = editorBytes > EDITOR.kb * 1024 || editorOn.length > 0;
if (editorOver) failed++;

const width = Math.max(...rows.map((r) => r.path.length));
console.log(`${''.padEnd(width)}  before interaction  total (after interaction)`);
console.log(`${'page'.padEnd(width)}  gzip KB  budget KB  gzip KB  files  budget KB`);
for (const r of rows.sort((a, b) => b.bytes - a.bytes)) {
  console.log(
    `${r.path.padEnd(width)}  ${kb(r.before).padStart(7)}  ${(r.beforeLimit === undefined ? '-' : kb(r.beforeLimit)).padStart(9)}` +
      `  ${kb(r.bytes).padStart(7)}  ${String(r.files).padStart(5)}  ${kb(r.limit).padStart(9)}${r.hasForm ? ' (form)' : ''}` +
      `${r.overBefore ? '  OVER BUDGET BEFORE INTERACTION' : ''}${r.over ? '  OVER BUDGET' : ''}`,
  );
}
/** The before-interaction columns of a line that has none (a lazy chunk and the editor load on demand). */
const noBefore = `  ${'-'.padStart(7)}  ${'-'.padStart(9)}`;
for (const c of chunkRows) {
  console.log(
    `lazy ${c.name} (${c.page})`.padEnd(width) +
      noBefore +
      `  ${kb(c.bytes).padStart(7)}  ${String(c.files).padStart(5)}  ${kb(c.kb * 1024).padStart(9)}` +
      `${c.bytes > c.kb * 1024 ? '  OVER BUDGET' : ''}${c.eagerOn.length ? `  LOADED EAGERLY BY ${c.eagerOn.join(', ')}` : ''}`,
  );
}
console.log(
  `editor /cms (${EDITOR.page}, not a public page)`.padEnd(width) +
    noBefore +
    `  ${kb(editorBytes).padStart(7)}  ${String(editorFiles.size).padStart(5)}  ${kb(EDITOR.kb * 1024).padStart(9)}` +
    `${editorBytes > EDITOR.kb * 1024 ? '  OVER BUDGET' : ''}${editorOn.length ? `  ITS SCRIPT IS ON ${editorOn.map(([p]) => p).join(', ')}` : ''}`,
);
// The portal's first screens, for the record: the page and the chunks each one fetches before the first click.
const lazyBytes = (name: string) => chunkRows.find((c) => c.name === name)?.bytes ?? 0;
const portalPage = rows.find((r) => r.path === PORTAL.page);
if (portalPage) {
  const signedOut = portalPage.before + lazyBytes(PORTAL.first) + lazyBytes('SignIn');
  const signedIn = portalPage.before + lazyBytes(PORTAL.first) + lazyBytes('Portal') + lazyBytes('LeadsTab');
  console.log(
    `\n${PORTAL.page} first screens: signed out (page + sign-in) ${kb(signedOut)} KB; signed in (page + shell + Leads) ${kb(signedIn)} KB.`,
  );
}
if (failed) {
  console.error(`\n${failed} page(s) or lazy chunk(s) over the JavaScript budget.`);
  process.exit(1);
}
console.log(`\nAll ${rows.length} pages and ${chunkRows.length} lazy chunk(s) within the JavaScript budget.`);
