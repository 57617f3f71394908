// docs/decisions/0041-resource-downloads.md: what a resource's card says of its file is read from the file the build
// made, never typed; a gated file is no static file of the site, an ungated one is, byte for byte.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatFileSize,
  RESOURCE_FILES_DIR,
  RESOURCE_MANIFEST,
  type ResourceFileManifest,
} from '../../../src/lib/resource-files.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const built = path.join(root, RESOURCE_FILES_DIR);
const manifest = JSON.parse(readFileSync(path.join(built, RESOURCE_MANIFEST), 'utf8')) as ResourceFileManifest;
const cards = readFileSync(path.join(root, 'dist/resources.html'), 'utf8');

/** The file line of the card whose button names `title`. */
function cardLine(title: string): string {
  const at = cards.indexOf(`aria-label="Download Resource: ${title}"`);
  expect(at, title).toBeGreaterThan(0);
  const before = cards.slice(0, at);
  return /data-file-line>([^<]*)</.exec(before.slice(before.lastIndexOf('data-file-line')))![1]!;
}

describe('resource files of the build', () => {
  it('gives every whitepaper and e-book a file, and says on its card the size of that very file', () => {
    const downloadable = readdirSync(path.join(root, 'content/resources'))
      .filter(
        (f) =>
          f.endsWith('.mdx') && !/^tab: blog$/m.test(readFileSync(path.join(root, 'content/resources', f), 'utf8')),
      )
      .map((f) => f.replace(/\.mdx$/, ''));
    expect(Object.keys(manifest).sort()).toEqual(downloadable.sort());
    for (const entry of Object.values(manifest)) {
      const size = statSync(path.join(built, entry.fileName)).size;
      expect(entry.bytes, entry.fileName).toBe(size);
      expect(cardLine(entry.title)).toContain(formatFileSize(size));
      expect(cardLine(entry.title)).toMatch(/^PDF · \d+ pages? · /);
    }
  });

  it('publishes only the ungated files, byte for byte, and keeps the gated ones out of the site', () => {
    const entries = Object.values(manifest);
    expect(entries.some((e) => e.gated) && entries.some((e) => !e.gated)).toBe(true);
    for (const entry of entries) {
      const published = path.join(root, 'dist/resources/files', entry.fileName);
      expect(existsSync(published), entry.fileName).toBe(!entry.gated);
      if (!entry.gated)
        expect(readFileSync(published).equals(readFileSync(path.join(built, entry.fileName)))).toBe(true);
    }
  });
});
