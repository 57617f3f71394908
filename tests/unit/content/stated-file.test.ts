import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildResourceFiles, statedFileProblems } from '../../../scripts/lib/resource-files.ts';

const pdf = { bytes: 6357, pages: 3, extension: 'pdf' } as const;

describe('what a resource says of its file', () => {
  it('passes a text that states the built file’s pages and size, or neither', () => {
    expect(statedFileProblems({ description: 'A 3-page guide, 6 KB, no email required.' }, pdf)).toEqual([]);
    expect(statedFileProblems({ description: 'A guide to the U.S. market. 47 points to check.' }, pdf)).toEqual([]);
    expect(statedFileProblems({ title: 'Three pages', description: undefined }, pdf)).toEqual([]);
  });

  it('names the field and what it says when the pages or the size are not the file’s', () => {
    expect(statedFileProblems({ description: 'A 24-page guide', metaDescription: '12 pages in print' }, pdf)).toEqual([
      'description says "24-page" but the file has 3 pages: fix the text or attach the real file',
      'metaDescription says "12 pages" but the file has 3 pages: fix the text or attach the real file',
    ]);
    expect(statedFileProblems({ description: 'A 2.3 MB workbook' }, pdf)).toEqual([
      'description says "2.3 MB" but the file is 6 KB: fix the text or attach the real file',
    ]);
    expect(statedFileProblems({ title: 'A 5-page workbook' }, { bytes: 9000, pages: null, extension: 'xlsx' })).toEqual(
      ['title says "5-page" but the file has no page count (not a PDF): fix the text or attach the real file'],
    );
  });

  it('stops the build of the resource files naming the entry, and keeps none of its file', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'stated-file-'));
    const content = path.join(root, 'content');
    cpSync(path.resolve(import.meta.dirname, '../../../content'), content, { recursive: true });
    const entry = path.join(content, 'resources/foreign-psp-us-market-guide.mdx');
    writeFileSync(entry, readFileSync(entry, 'utf8').replace('description: A guide', 'description: A 24-page guide'));
    const out = path.join(root, 'out');
    const { manifest, problems } = await buildResourceFiles(content, out);
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/resources\/foreign-psp-us-market-guide\.mdx: description says "24-page" but the file has \d+ pages/,
      ),
    ]);
    expect(manifest['foreign-psp-us-market-guide']).toBeUndefined();
    expect(existsSync(path.join(out, 'foreign-psp-us-market-guide.pdf'))).toBe(false);
    expect(manifest['rfp-readiness-checklist']).toBeDefined();
  });
});
