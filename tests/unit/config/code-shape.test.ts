import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, sourceFiles } from '../../../scripts/lib/import-graph.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const DIRS = ['src', 'netlify', 'scripts', 'tests', 'bench'];
const relative = (file: string) => path.relative(root, file);

/** The database schema is one table after another and reads best whole; nothing else may grow past this. */
const MAX_LINES = 300;
const LONG_BY_NATURE = new Set(['src/db/schema.ts']);

describe('the shape of the code', () => {
  it('has no import cycle between its own modules', () => {
    const graph = importGraph(root, DIRS);
    // The graph is read, not empty: the portal's screens import their session module, for example.
    expect(graph.get(path.join(root, 'src/islands/admin/Portal.tsx'))).toContain(
      path.join(root, 'src/islands/admin/portal-session.ts'),
    );
    expect(findCycles(graph).map((cycle) => cycle.map(relative).join(' → '))).toEqual([]);
  });

  it('finds a cycle when two modules import each other, types and re-exports included', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    writeFileSync(path.join(dir, 'parent.tsx'), "import type { Me } from './child.tsx';\nexport const a = 1;\n");
    writeFileSync(path.join(dir, 'child.tsx'), "export { a } from './parent';\nexport type Me = string;\n");
    writeFileSync(path.join(dir, 'leaf.ts'), "import { a } from './parent.tsx';\n");
    const cycles = findCycles(importGraph(dir, ['.']));
    expect(cycles.map((cycle) => cycle.map((file) => path.basename(file)))).toEqual([
      ['child.tsx', 'parent.tsx', 'child.tsx'],
    ]);
  });

  it(`keeps every source file under ${MAX_LINES} lines`, () => {
    const long = sourceFiles(root, DIRS)
      .map((file) => ({ file: relative(file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ file, lines }) => lines > MAX_LINES && !LONG_BY_NATURE.has(file))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long, 'split these along their seams').toEqual([]);
  });
});
