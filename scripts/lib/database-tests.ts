/**
 * Which unit test files reach the database: those whose relative imports lead, file by file, to the database client
 * (src/db/client.ts or src/db/embedded.ts). `npm run test:pg` runs the others not at all: a file that never opens a
 * database (the reply parser's hostile inputs, the report page's HTML check, the real password hash) tests the same
 * code on PostgreSQL as on PGlite, and the unit step has run it already (docs/decisions/0039-test-time-budget.md).
 */
import path from 'node:path';
import { importsOf } from './import-graph.ts';

const DATABASE = ['src/db/client.ts', 'src/db/embedded.ts'];

/** Of `files` (paths relative to `root`), those from which no chain of relative imports reaches the database. */
export function testsWithoutDatabase(root: string, files: readonly string[]): string[] {
  const targets = new Set(DATABASE.map((file) => path.resolve(root, file)));
  const reaches = new Map<string, boolean>();
  const visit = (file: string): boolean => {
    const known = reaches.get(file);
    if (known !== undefined) return known;
    reaches.set(file, false); // a cycle reaches the database only through another of its files
    const found = targets.has(file) || importsOf(file).some(visit);
    reaches.set(file, found);
    return found;
  };
  return files.filter((file) => !visit(path.resolve(root, file)));
}
