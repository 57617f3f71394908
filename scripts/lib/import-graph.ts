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
