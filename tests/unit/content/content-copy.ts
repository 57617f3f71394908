/** A copy of the repository's content/ folder for a test to change, made before each test and removed after. */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

export const repo = path.resolve(import.meta.dirname, '../../..');

/** Returns a getter of the copy's path (a new copy per test). */
export function useContentCopy(prefix: string): () => string {
  let content = '';
  beforeEach(() => {
    content = path.join(mkdtempSync(path.join(tmpdir(), prefix)), 'content');
    cpSync(path.join(repo, 'content'), content, { recursive: true });
  });
  afterEach(() => rmSync(path.dirname(content), { recursive: true, force: true }));
  return () => content;
}
