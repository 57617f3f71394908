// `npm run new`: every kind writes a starting file that passes the content check as it is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo, useContentCopy } from './content-copy.ts';
import { checkContent, ownPagePaths, readEntryData } from '../../../scripts/lib/content-check.ts';
import { kinds, newContent, type Kind } from '../../../scripts/new-content.ts';

const content = useContentCopy('new-content-');

const check = () => checkContent(content(), ownPagePaths(path.join(repo, 'src/pages')));

describe('npm run new', () => {
  it.each(Object.keys(kinds) as Kind[])('writes a valid %s named after its title', (kind) => {
    const file = newContent(kind, "Sponsors' First Impressions: A Field Guide", content(), '2026-11-24');
    expect(path.basename(file)).toMatch(/^sponsors-first-impressions-a-field-guide\.(mdx|yaml)$/);
    expect(path.dirname(file)).toBe(path.join(content(), kinds[kind].dir));
    expect(check()).toEqual([]);
    const data = readEntryData(file) as Record<string, unknown>;
    const named = data.title ?? data.name ?? data.quote;
    expect(named).toBe("Sponsors' First Impressions: A Field Guide");
    if ('order' in data) expect(data.order).toBeGreaterThan(1);
    expect(readFileSync(file, 'utf8')).not.toMatch(/\{\{\w+\}\}/);
  });

  it('dates a resource today and refuses a second file of the same title', () => {
    const file = newContent('resource', 'RFP Answers That Win', content(), '2026-11-24');
    expect((readEntryData(file) as { date: unknown }).date).toBe('2026-11-24');
    expect(() => newContent('resource', 'RFP answers that win!', content(), '2026-11-24')).toThrow(/already exists/);
    expect(() => newContent('resource', '  ', content(), '2026-11-24')).toThrow(/Give a title/);
  });
});
