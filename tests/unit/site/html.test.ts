// The pull-request gate on the built pages: valid HTML by the W3C checker, and a title and a description of
// its own on every page (search engines treat duplicates as one page).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtPages, distDir } from '../../../scripts/lib/built-site.ts';
import { checkHtml } from '../../../scripts/lib/html-check.ts';
import { moveBodyStylesToHead } from '../../../scripts/lib/styles-to-head.ts';

describe('HTML of the built site', () => {
  it('has no error in the W3C Nu HTML checker (warnings are listed)', () => {
    const { errors, warnings } = checkHtml();
    for (const w of warnings) console.warn(`vnu warning: ${w.page}:${w.line ?? '?'} ${w.message}`);
    expect(errors.map((e) => `${e.page}:${e.line ?? '?'} ${e.message}`)).toEqual([]);
  }, 60_000);

  it('reports an invalid page (so the check above can fail)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'));
    try {
      writeFileSync(
        path.join(dir, 'bad.html'),
        '<!doctype html><html lang="en"><head><title>x</title></head><body><p><style>p{}</style>' +
          '<input autocomplete="street-address" name="a"><span id="a b">x</span></p></body></html>',
      );
      const { errors } = checkHtml(dir);
      expect(errors.map((e) => e.page)).toEqual(['bad.html', 'bad.html', 'bad.html']);
      expect(errors.map((e) => e.message).join('\n')).toMatch(/style.*first child|street-address|whitespace/s);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives every page a title and a description no other page has', () => {
    const seen = { title: new Map<string, string>(), description: new Map<string, string>() };
    const clashes: string[] = [];
    for (const file of builtPages()) {
      const html = readFileSync(path.join(distDir, file), 'utf8');
      const values = {
        title: html.match(/<title>([^<]*)<\/title>/)?.[1],
        description: html.match(/<meta name="description" content="([^"]*)"/)?.[1],
      };
      for (const key of ['title', 'description'] as const) {
        const value = values[key];
        if (!value) clashes.push(`${file}: no ${key}`);
        else if (seen[key].has(value)) clashes.push(`${file}: same ${key} as ${seen[key].get(value)}`);
        else seen[key].set(value, file);
      }
    }
    expect(clashes).toEqual([]);
  });
});

describe('island style moved to the head', () => {
  it('moves each style element of the body to the end of the head, once, and leaves a page without one alone', () => {
    const style = '<style>astro-island{display:contents}</style>';
    const page = `<html><head><title>t</title></head><body><p>a</p>${style}<div>${style}</div></body></html>`;
    expect(moveBodyStylesToHead(page)).toBe(
      `<html><head><title>t</title>${style}</head><body><p>a</p><div></div></body></html>`,
    );
    const plain = '<html><head><style>h1{}</style></head><body><p>a</p></body></html>';
    expect(moveBodyStylesToHead(plain)).toBe(plain);
  });
});
