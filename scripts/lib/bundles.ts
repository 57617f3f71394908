/**
 * The checks of `npm run check:bundles` over one function's archive, and where things are inside it. The
 * options it is built with come from zisi-setup.ts, its entries from zip-reader.ts.
 */
import path from 'node:path';
import type { ZipEntry } from './zip-reader.ts';

/** Over this many unzipped bytes a function is too big to ship (AWS Lambda's own limit is 250 MB). */
export const MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;

const MB = 1024 * 1024;
/**
 * The stated zipped size of each public function's archive (what a visitor's first request waits on). Each archive
 * holds its function's own bundle and chunks (0.75 to 1.5 MB zipped when stated, sign-in the largest), and a
 * downloads' files or a frame on top: a change that drags a large dependency into a function fails here
 * (docs/decisions/0043-functions-bundled-at-build.md). A deliberate growth raises its figure, with its reason.
 */
const PUBLIC_LIMIT = 2 * MB;
export const PUBLIC_ARCHIVE_LIMITS: Record<string, number> = Object.fromEntries(
  [
    'health',
    'contact',
    'audits',
    'uploads',
    'downloads',
    'intake-funnel',
    'visits',
    'auth',
    'blog',
    'report',
    'cms',
    'resend-webhook',
    'calendly-webhook',
    'cal-webhook',
  ].map((name) => [name, PUBLIC_LIMIT]),
);

// --- Where things are inside an archive ---

/** The function's module that an archive's entry point (`___netlify-entry-point.mjs`) loads, zip-relative. */
export function mainFileOfEntryPoint(source: string): string | undefined {
  const imports = [...source.matchAll(/['"]\.\/([^'"]+)['"]/g)].map((m) => m[1]!);
  return imports.find((file) => !path.posix.basename(file).startsWith('___netlify-'));
}

/**
 * The folder (relative to the repository root, '' for the root itself) that an archive's root stands for.
 * zip-it-and-ship-it roots each archive at the deepest folder holding all its files, so it differs between
 * functions: `netlify/functions` for one with no dependencies, the repository root for most.
 */
export function zipRootOf(mainSource: string, mainInZip: string): string | undefined {
  const sourceDir = path.posix.dirname(mainSource);
  const zipDir = path.posix.dirname(mainInZip);
  if (zipDir === '.') return sourceDir === '.' ? '' : sourceDir;
  if (sourceDir === zipDir) return '';
  return sourceDir.endsWith(`/${zipDir}`) ? sourceDir.slice(0, -zipDir.length - 1) : undefined;
}

/** Where a repository file is inside an archive rooted at `zipRoot` (undefined: outside it). */
export function inZipPath(zipRoot: string, repoFile: string): string | undefined {
  const relative = path.posix.relative(zipRoot || '.', repoFile);
  return relative.startsWith('../') ? undefined : relative;
}

// --- The checks ---

/** Entries of PGlite (the embedded database of local runs): its packages, its WebAssembly and data files. */
const PGLITE_PACKAGE = /(^|\/)node_modules\/@electric-sql\/pglite[^/]*\//;
const PGLITE_ASSET = /pglite|initdb/i;
/** A package manifest alone (no code): traced when a dependency reads every package.json (better-auth's telemetry). */
const PGLITE_MANIFEST = /(^|\/)node_modules\/@electric-sql\/pglite[^/]*\/package\.json$/;
/**
 * PGlite in bundled JavaScript: esbuild's module comments (`// node_modules/@electric-sql/pglite/dist/…`)
 * when its code was bundled in, or an import of it left for Node to load at run time.
 */
const PGLITE_IN_JS =
  /\/\/ node_modules\/@electric-sql\/pglite|\b(?:from|import|require)\s*\(?\s*["']@electric-sql\/pglite/;

const isJs = (file: string) => /\.[cm]?js$/.test(file);
/** The archive's own JavaScript (the function's bundle, Netlify's bootstrap), which the caller reads. */
export const ownJs = (file: string) => isJs(file) && !file.split('/').includes('node_modules');

export interface IncludedPattern {
  pattern: string;
  /** The repository files the pattern matches (repo-relative, `/`-separated), after `!` exclusions. */
  matches: string[];
}

export interface BundleFacts {
  /** The archive's size on disk. */
  zipBytes: number;
  entries: Pick<ZipEntry, 'path' | 'size'>[];
  /** Text of the entries `ownJs` selects. */
  js: Map<string, string>;
  /** See `zipRootOf`; undefined when the entry point could not be read. */
  zipRoot: string | undefined;
  /** The function's `included_files` (its own and `'*'`), negated patterns left out. */
  included: IncludedPattern[];
  /** What zip-it-and-ship-it's result reports as `bundlerErrors`. */
  bundlerErrors?: object[];
  /** The function's stated zipped size (PUBLIC_ARCHIVE_LIMITS), if it has one. */
  maxZipBytes?: number;
}

export interface BundleReport {
  problems: string[];
  notes: string[];
  unzippedBytes: number;
}

const sample = (files: string[]) =>
  `${files.slice(0, 3).join(', ')}${files.length > 3 ? `, … (${files.length} files)` : ''}`;

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Everything wrong with one function's archive (empty `problems`: ship it). */
export function checkBundle(facts: BundleFacts, maxUnzippedBytes = MAX_UNZIPPED_BYTES): BundleReport {
  const problems: string[] = [];
  const notes: string[] = [];

  for (const error of facts.bundlerErrors ?? []) problems.push(`bundler error: ${describe(error)}`);

  const pglite = facts.entries.filter(
    (e) => PGLITE_PACKAGE.test(e.path) || (/\.(wasm|data)$/.test(e.path) && PGLITE_ASSET.test(e.path)),
  );
  const shipped = pglite.filter((e) => !PGLITE_MANIFEST.test(e.path)).sort((a, b) => b.size - a.size);
  if (shipped.length) {
    const bytes = shipped.reduce((sum, e) => sum + e.size, 0);
    problems.push(`ships PGlite (${mb(bytes)}): ${sample(shipped.map((e) => e.path))}`);
  } else if (pglite.length) {
    notes.push(`carries ${pglite.length} package.json of @electric-sql/pglite* (no code)`);
  }
  for (const [file, text] of facts.js) {
    if (PGLITE_IN_JS.test(text)) problems.push(`${file} bundles or imports @electric-sql/pglite`);
  }

  const inZip = new Set(facts.entries.map((e) => e.path));
  if (facts.zipRoot === undefined && facts.included.length) {
    problems.push('cannot tell where the archive is rooted (its entry point names no function module)');
  }
  for (const { pattern, matches } of facts.included) {
    if (matches.length === 0) {
      problems.push(
        `included_files "${pattern}" matches no file in the repository (dist/ not built? a folder needs "/**")`,
      );
      continue;
    }
    const missing =
      facts.zipRoot === undefined
        ? matches
        : matches.filter((file) => {
            const at = inZipPath(facts.zipRoot!, file);
            return at === undefined || !inZip.has(at);
          });
    if (missing.length) problems.push(`included_files "${pattern}": not in the archive: ${sample(missing)}`);
  }

  // A module a bundle imports (at once or on a later route) that the archive lacks: an included_files line missing.
  for (const [file, text] of facts.js) {
    for (const specifier of relativeImports(text)) {
      const target = path.posix.join(path.posix.dirname(file), specifier);
      if (!inZip.has(target)) problems.push(`${file} imports ${specifier}, which is not in the archive`);
    }
  }

  const unzippedBytes = facts.entries.reduce((sum, e) => sum + e.size, 0);
  if (unzippedBytes > maxUnzippedBytes) {
    problems.push(`${mb(unzippedBytes)} unzipped (${mb(facts.zipBytes)} zipped) is over ${mb(maxUnzippedBytes)}`);
  }
  if (facts.maxZipBytes !== undefined && facts.zipBytes > facts.maxZipBytes) {
    problems.push(`${mb(facts.zipBytes)} zipped is over its stated ${mb(facts.maxZipBytes)} (PUBLIC_ARCHIVE_LIMITS)`);
  }
  return { problems, notes, unzippedBytes };
}

/** The relative modules a bundle imports (`from"./chunks/x.mjs"`, `import("./chunks/y.mjs")`), as written. */
export function relativeImports(code: string): string[] {
  const found = code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)["'](\.\.?\/[^"'\n]+)["']/g);
  return [...new Set([...found].map((match) => match[1]!))];
}

function describe(error: object): string {
  const { text, message } = error as { text?: unknown; message?: unknown };
  return String(text ?? message ?? JSON.stringify(error));
}
