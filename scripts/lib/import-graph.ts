/**
 * The project's own import graph (relative imports between its source files) and the cycles in it. A cycle
 * means two modules each need the other to load: the order they run in then depends on who imported first,
 * and a child that imports its parent (as the portal's screens once did) is a sign the shared piece lives in
 * the wrong file. Read by tests/unit/config/code-shape.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|mjs|js|astro)$/;
const SKIP = new Set(['node_modules', 'dist', '.astro', '.netlify', '.data', 'test-results']);

/** Every source file below `dirs` (paths relative to `root`). */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIP.has(name)) continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (SOURCE.test(name)) found.push(full);
    }
  };
  for (const dir of dirs) if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  return found.sort();
}

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, type-only ones included: a cycle
// of types is still a parent and child that know each other.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The files `file` imports relatively, resolved to paths that exist. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const out = new Set<string>();
  for (const match of text.matchAll(SPECIFIER)) {
    const target = resolve(path.dirname(file), match[1]!);
    if (target) out.add(target);
  }
  return [...out];
}

function resolve(dir: string, specifier: string): string | undefined {
  const base = path.resolve(dir, specifier.replace(/\?.*$/, ''));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Each import cycle once, as the list of files around it (the first file repeated at the end). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (file: string) => {
    seen.add(file);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (onStack.has(next)) cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!seen.has(next)) visit(next);
    }
    stack.pop();
    onStack.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) if (!done.has(file)) visit(file);
  return cycles;
}

/** The import graph of every source file below `dirs`. */
export function importGraph(root: string, dirs: readonly string[]): Map<string, string[]> {
  return new Map(sourceFiles(root, dirs).map((file) => [file, importsOf(file)]));
}

/**
 * Where a source file stands in the layout (docs/decisions/0029-feature-folders.md): a feature's contract or
 * its services, the server's shared core, lib, config, db or the islands; anything else (pages, components,
 * functions, scripts, tests) is free to import what it needs.
 */
export type Place =
  | { layer: 'contract' | 'feature'; feature: string }
  | { layer: 'core' | 'lib' | 'config' | 'db' | 'islands' | 'other' };

export function placeOf(root: string, file: string): Place {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] !== 'src') return { layer: 'other' };
  if (parts[1] === 'features' && parts.length > 3) {
    const feature = parts[2]!;
    return { layer: parts.length === 4 && parts[3] === 'contract.ts' ? 'contract' : 'feature', feature };
  }
  const layers = { server: 'core', lib: 'lib', config: 'config', db: 'db', islands: 'islands' } as const;
  const layer = layers[parts[1] as keyof typeof layers];
  return { layer: layer ?? 'other' };
}

const NODE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]node:/;

/** Whether a file may load in the browser: it imports no `node:` module itself. */
export const browserSafe = (file: string) => !NODE_IMPORT.test(readFileSync(file, 'utf8'));

/**
 * The imports that break the layout's rules, one line each (`from → to: rule`): (1) islands import only
 * contracts, lib, browser-safe config and islands; (2) the core imports no feature; (3) a feature reaches
 * another only through its contract; (4) lib imports neither the server nor a feature; (5) db imports neither
 * the server nor a feature; (6) in the staff portal, a tab imports no other tab (see portalRuleBroken). Type-only
 * imports count: a type is part of what a file knows.
 */
export function layoutViolations(root: string, graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  const rel = (file: string) => path.relative(root, file);
  for (const [file, imports] of graph) {
    const from = placeOf(root, file);
    for (const target of imports) {
      const to = placeOf(root, target);
      const broken = ruleBroken(from, to, target) ?? portalRuleBroken(portalPart(root, file), portalPart(root, target));
      if (broken) found.push(`${rel(file)} → ${rel(target)}: ${broken}`);
    }
  }
  return found.sort();
}

/** The staff portal's folder: its shell, the pieces its tabs share, and a folder per tab (decision 48). */
export const PORTAL_DIR = 'src/islands/admin';

/**
 * Where a file stands in the portal: `shell` (the gate, sign-in and the rail, which opens every tab), `shared`
 * (what several tabs use, the session and the API client included: the shell's contracts with its tabs), a tab's
 * folder by its name, `loose` directly in the portal's folder, or nothing outside the portal.
 */
export function portalPart(root: string, file: string): string | undefined {
  const parts = path.relative(path.join(root, PORTAL_DIR), file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0]!)) return undefined;
  return parts.length === 1 ? 'loose' : parts[0];
}

/**
 * (6) A tab's folder is the chunk the tab loads: it imports its own folder and `shared/`, never another tab nor the
 * shell; `shared/` imports neither a tab nor the shell (else a tab would drag another in through it). The shell
 * may import any of them.
 */
function portalRuleBroken(from: string | undefined, to: string | undefined): string | undefined {
  const free = from === undefined || from === 'shell' || from === 'loose'; // loose files are a failure of their own
  if (free || to === undefined || from === to || to === 'shared') return undefined;
  return from === 'shared'
    ? "the portal's shared pieces import no tab and not the shell"
    : 'a portal tab imports only its own folder and shared/';
}

function ruleBroken(from: Place, to: Place, target: string): string | undefined {
  const feature = to.layer === 'feature' || to.layer === 'contract';
  switch (from.layer) {
    case 'islands':
      if (to.layer === 'contract' || to.layer === 'lib' || to.layer === 'islands') return undefined;
      if (to.layer === 'config' && browserSafe(target)) return undefined;
      return 'islands import only contracts, lib, browser-safe config and islands';
    case 'core':
      return feature ? 'the core imports no feature' : undefined;
    case 'contract':
    case 'feature':
      if (feature && to.feature !== from.feature && to.layer !== 'contract') {
        return 'a feature reaches another only through its contract';
      }
      return undefined;
    case 'lib':
      return feature || to.layer === 'core' ? 'lib imports neither the server nor a feature' : undefined;
    case 'db':
      return feature || to.layer === 'core' ? 'db imports neither the server nor a feature' : undefined;
    default:
      return undefined;
  }
}
