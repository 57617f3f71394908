/**
 * Stack traces that name the source in a deployed function's log. The functions run as esbuild bundles
 * (scripts/build-functions.ts), one file each with its source map inline in a comment; Node's own source map support
 * (`--enable-source-maps`, `process.setSourceMapsEnabled`) parses the map of every module as it loads, a cost every
 * cold start would pay (about 30 ms of the sign-in function's 120 ms import) for stacks that are rarely printed.
 * This reads a bundle's map only when a stack through it is formatted, then keeps it for the invocation:
 * `at handler (file:///var/task/build/functions/contact.mjs:2:2345)` is printed as
 * `at handler (src/server/http.ts:126:20)`.
 *
 * Every bundle installs it before anything else of it runs (install-source-mapped-stacks.ts). It takes the place of
 * Node's own formatter (Node 24 sets `Error.prepareStackTrace` itself) and of a development runtime's (Netlify's local
 * one installs source-map-support), and prints every frame as V8 does, a bundle's with its source position.
 *
 * Sources are named from the repository's root as the build saw it: a map names them relative to the bundle
 * (`../../../src/server/http.ts` from `build/functions/contact/`), and the leading `../` are dropped.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bundles' folder (this module is inside each bundle): frames in files under it are mapped, others kept. */
const bundles = path.dirname(fileURLToPath(import.meta.url));
const maps = new Map<string, SourceMap | null>();
const INLINE_MAP = '//# sourceMappingURL=data:application/json;base64,';

/** The map inside `file` (its last map comment), read once; null when it has none or it cannot be read. */
function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      const code = readFileSync(file, 'utf8');
      const at = code.lastIndexOf(INLINE_MAP);
      // The comment runs to the end of its line (the function's config follows it in the deployed file).
      const base64 =
        at < 0
          ? ''
          : code
              .slice(at + INLINE_MAP.length)
              .split('\n', 1)[0]!
              .trim();
      const payload = base64 && Buffer.from(base64, 'base64').toString('utf8');
      map = payload ? new SourceMap(JSON.parse(payload)) : null;
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}

/** What a bundle's map says of a position in it, or null when the bundle or its map says nothing. */
function originalAt(fileName: string, line: number, column: number) {
  if (!fileName.startsWith('file://')) return null;
  const file = fileURLToPath(fileName);
  if (!file.startsWith(bundles + path.sep)) return null;
  const entry = mapOf(file)?.findEntry(line - 1, column - 1);
  return entry && 'originalSource' in entry ? entry : null;
}

/** `src/server/http.ts:126:20` for a bundle's position, or null when the bundle or its map says nothing of it. */
export function sourcePosition(fileName: string, line: number, column: number): string | null {
  const entry = originalAt(fileName, line, column);
  if (!entry) return null;
  const source = entry.originalSource.replace(/^(\.\.\/)+/, '');
  return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
}

/** One frame as V8 prints it (the function's name as V8 knows it), its bundle position replaced by the source's. */
function frame(site: NodeJS.CallSite): string {
  const text = String(site);
  const fileName = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!fileName || line === null || column === null) return text;
  const mapped = sourcePosition(fileName, line, column);
  return mapped ? text.replace(`${fileName}:${line}:${column}`, mapped) : text;
}

/** The stack V8 would print (`Name: message`, then a line per frame), with source positions. */
export function sourceMappedStack(error: unknown, sites: NodeJS.CallSite[]): string {
  let header: string;
  try {
    header = Error.prototype.toString.call(error);
  } catch {
    header = '<error>';
  }
  return [header, ...sites.map((site) => `    at ${frame(site)}`)].join('\n');
}

/** Formats every stack from now on with source positions. */
export function installSourceMappedStacks(): void {
  Error.prepareStackTrace = sourceMappedStack;
}
