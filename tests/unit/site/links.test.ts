import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../../scripts/lib/link-check.ts';
import { site } from '../../../src/config/site.ts';

describe('link check of the built site', () => {
  it('finds no broken internal link, missing anchor or dead `#` link', () => {
    const problems = checkLinks(undefined, [new URL(site.url).origin]);
    expect(problems.map((p) => `${p.page}: ${p.url} (${p.reason})`)).toEqual([]);
  });

  it('catches each kind of broken link (so the check above can fail)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'links-'));
    mkdirSync(path.join(dir, 'services'));
    writeFileSync(path.join(dir, 'index.html'), '<h1 id="top">Home</h1>');
    writeFileSync(path.join(dir, 'services.html'), '<section id="strategy"></section>');
    writeFileSync(
      path.join(dir, 'about.html'),
      [
        '<a href="/services#strategy">ok</a>',
        '<a href="/contact?package=x">ok-query</a>',
        '<a href="/services#missing">anchor</a>',
        '<a href="/nowhere">page</a>',
        '<a href="#">bare</a>',
        '<img src="/img/missing.png" alt="">',
        '<a href="mailto:nobody">mail</a>',
        '<a href="https://example.com/x">external</a>',
        `<link rel="canonical" href="${site.url}/gone">`,
        '<script type="application/ld+json">{"url":"/not-a-link"}</script>',
      ].join(''),
    );
    writeFileSync(path.join(dir, 'contact.html'), '<form></form>');
    const reasons = checkLinks(dir, [new URL(site.url).origin]).map((p) => `${p.url} ${p.reason}`);
    expect(reasons).toEqual([
      '/services#missing no element #missing',
      '/nowhere no such page or file in the build',
      '# empty or bare # link',
      '/img/missing.png no such page or file in the build',
      'mailto:nobody malformed mailto/tel link',
      `${site.url}/gone no such page or file in the build`,
    ]);
  });
});
