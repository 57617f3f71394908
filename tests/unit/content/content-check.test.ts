// The editor's content check: a mistake is one line naming the file, the field and what is expected.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo, useContentCopy } from './content-copy.ts';
import { PDFDocument } from 'pdf-lib';
import { checkContent, ownPagePaths } from '../../../scripts/lib/content-check.ts';
import { buildResourceFiles } from '../../../scripts/lib/resource-files.ts';
import { fileLine, formatFileSize } from '../../../src/lib/resource-files.ts';

const content = useContentCopy('content-check-');

/** A valid resource file, with `change` applied to its frontmatter lines. */
function resource(change: (lines: string[]) => string[] = (l) => l): string {
  const front = [
    "title: 'A Guide for Testing'",
    'description: A description long enough for a search result snippet, which wants fifty characters.',
    'tags: [Testing]',
    'image: ./images/cro-linkedin-strategies.webp',
    'imageAlt: A laptop',
    'date: 2026-11-24',
    'tab: blog',
    'cta:',
    '  title: Talk to us',
    '  text: We read every message.',
    '  label: Contact Us',
    '  href: /contact',
  ];
  return ['---', ...change(front), '---', '', 'Body text.', ''].join('\n');
}

const write = (rel: string, text: string) => writeFileSync(path.join(content(), rel), text);
const check = () => checkContent(content(), ownPagePaths(path.join(repo, 'src/pages')));

describe('content check', () => {
  it('passes the repository’s content and a new valid resource', () => {
    expect(checkContent(path.join(repo, 'content'), ownPagePaths(path.join(repo, 'src/pages')))).toEqual([]);
    write('resources/a-guide-for-testing.mdx', resource());
    expect(check()).toEqual([]);
  });

  it('names the file, the field and the expected length of a short description, in one line', () => {
    write(
      'resources/x.mdx',
      resource((l) => l.map((x) => (x.startsWith('description:') ? 'description: Too short.' : x))),
    );
    expect(check()).toEqual(['content/resources/x.mdx: description must be 50–170 characters']);
  });

  it('says which field is missing, which value is not allowed, and which field name is misspelt', () => {
    write(
      'resources/y.mdx',
      resource((l) =>
        l
          .filter((x) => !x.startsWith('imageAlt:'))
          .map((x) => (x === 'tab: blog' ? 'tab: videos' : x.startsWith('tags:') ? 'tgas: [Testing]' : x)),
      ),
    );
    expect(check()).toEqual([
      'content/resources/y.mdx: tags is missing (it must be a list)',
      'content/resources/y.mdx: imageAlt is missing (it must be text)',
      'content/resources/y.mdx: tab must be one of blog, whitepapers, ebooks',
      'content/resources/y.mdx: unknown field tgas (check the spelling)',
    ]);
  });

  it('refuses an image that is not there and a file without frontmatter', () => {
    write(
      'resources/z.mdx',
      resource((l) => l.map((x) => (x.startsWith('image:') ? 'image: ./images/nope.webp' : x))),
    );
    write('case-studies/no-front.mdx', '# Just a heading\n');
    expect(check()).toEqual([
      'content/case-studies/no-front.mdx: must start with a frontmatter block between two --- lines',
      'content/resources/z.mdx: image names an image file that is not there',
    ]);
  });

  it('refuses a file name that cannot be an address, and two files that would be one page', () => {
    write('resources/My Guide.mdx', resource());
    write('resources/cro-linkedin-strategies.md', resource());
    const problems = check();
    expect(problems).toContain(
      'content/resources/My Guide.mdx: the file name becomes the page address, so use lower-case words joined by hyphens (e.g. my-guide.mdx)',
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^content()\/resources\/cro-linkedin-strategies\.mdx?: content()\/resources\/cro-linkedin-strategies\.mdx? is already the page \/resources\/cro-linkedin-strategies; rename one of them$/,
      ),
    );
  });

  it('refuses a content page on the address of one of the site’s own pages', () => {
    const taken = new Set(['/case-studies/featured']);
    writeFileSync(
      path.join(content(), 'case-studies/featured.mdx'),
      [
        '---',
        'title: A Featured Study',
        'summary: A summary.',
        'description: A description.',
        'outcome: An outcome.',
        "metaDescription: 'A meta description long enough for the search result snippet: it must hold at least one hundred and forty characters and at most one hundred sixty.'",
        'industry: CRO',
        'tags: [Web]',
        'order: 9',
        '---',
        '',
      ].join('\n'),
    );
    expect(checkContent(content(), taken)).toEqual([
      'content/case-studies/featured.mdx: /case-studies/featured is already a page of the site; choose another file name',
    ]);
  });

  it('checks a service file: its name is its address, its anchor is its own, its blocks say what is wrong', () => {
    const bd = readFileSync(path.join(content(), 'services/bd-support.yaml'), 'utf8');
    write('services/Market Entry.yaml', bd);
    write(
      'services/market-entry-support.yaml',
      bd
        .replace('anchor: bd', 'anchor: market-entry')
        .replace('  - type: stories', '  - type: gallery')
        .replace('      href: /contact', '      href: /contact\n      booking: strategyCall')
        .replace(/(title: Sales Process Development\n\s+icon: layers\n)\s+text: .*\n/, '$1'),
    );
    const problems = check();
    expect(problems).toContain(
      'content/services/Market Entry.yaml: the file name becomes the page address, so use lower-case words joined by hyphens (e.g. market-entry.yaml)',
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'content/services/market-entry-support.yaml: sections.0.items.1 must have either text (a paragraph) or points (a checklist), not both',
        'content/services/market-entry-support.yaml: sections.1.type must be one of cards, steps, checklist, stories',
        'content/services/market-entry-support.yaml: cta.buttons.1 must have either href (a page of the site) or booking (a scheduling link), not both',
        expect.stringMatching(
          /^content()\/services\/(bd-support|Market Entry)\.yaml: anchor bd is already the anchor of content()\/services\/(bd-support|Market Entry)\.yaml; choose another$/,
        ),
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  it('names a service page’s SEO description that search engines would cut', () => {
    const events = readFileSync(path.join(content(), 'services/event-planning.yaml'), 'utf8');
    write(
      'services/event-planning.yaml',
      events.replace(/^metaDescription: .*$/m, `metaDescription: ${'Conferences and roundtables, '.repeat(6)}`),
    );
    expect(check()).toEqual(['content/services/event-planning.yaml: metaDescription must be 50–160 characters']);
  });

  // docs/decisions/0041-resource-downloads.md: a resource's file is of its type by its bytes, under the cap.
  it('names the entry whose file is not its type by its bytes, too large, missing, or gated without a file', () => {
    mkdirSync(path.join(content(), 'resources/files'));
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    writeFileSync(path.join(content(), 'resources/files/guide.pdf'), png);
    writeFileSync(path.join(content(), 'resources/files/sheet.xlsx'), Buffer.from('PK\x03\x04 not a spreadsheet'));
    writeFileSync(path.join(content(), 'resources/files/big.pdf'), Buffer.alloc(5 * 1024 * 1024 + 1, 0x25));
    const withFile = (file: string) => resource((l) => [...l, `file: ${file}`]);
    write('resources/png-as-pdf.mdx', withFile('./files/guide.pdf'));
    write('resources/fake-sheet.mdx', withFile('./files/sheet.xlsx'));
    write('resources/too-big.mdx', withFile('./files/big.pdf'));
    write('resources/nowhere.mdx', withFile('./files/nowhere.pdf'));
    write(
      'resources/gated-blog.mdx',
      resource((l) => [...l, 'gated: true']),
    );
    expect(check().sort()).toEqual([
      'content/resources/fake-sheet.mdx: file ./files/sheet.xlsx is not a .xlsx file by its bytes (its ZIP holds no xl/ folder)',
      'content/resources/gated-blog.mdx: gated needs a file: attach one under file, or remove gated (a blog article has no file of its own)',
      'content/resources/nowhere.mdx: file ./files/nowhere.pdf is not there (add it to content/resources/files/)',
      'content/resources/png-as-pdf.mdx: file ./files/guide.pdf is not a .pdf file by its bytes (they do not start as PDF files do)',
      'content/resources/too-big.mdx: file ./files/big.pdf is over 5 MB; make it smaller',
    ]);
  });

  it('copies an editor’s file as it is and reads its type, pages and size from it; gated unless said otherwise', async () => {
    mkdirSync(path.join(content(), 'resources/files'));
    const doc = await PDFDocument.create();
    for (let i = 0; i < 4; i++) doc.addPage();
    const pdf = await doc.save();
    writeFileSync(path.join(content(), 'resources/files/vendor-audits.pdf'), pdf);
    write(
      'resources/vendor-audits.mdx',
      resource((l) => [...l, 'file: ./files/vendor-audits.pdf']),
    );
    expect(check()).toEqual([]);
    const out = path.join(path.dirname(content()), 'built-files');
    const { manifest, problems } = await buildResourceFiles(content(), out);
    expect(problems).toEqual([]);
    expect(manifest['vendor-audits']).toMatchObject({ made: 'attached', pages: 4, bytes: pdf.length, gated: true });
    expect(readFileSync(path.join(out, 'vendor-audits.pdf')).equals(Buffer.from(pdf))).toBe(true);
    expect(fileLine(manifest['vendor-audits']!)).toBe(`PDF · 4 pages · ${formatFileSize(pdf.length)}`);
    // A blog article without a file offers none; the repository's whitepapers and e-books each get a made PDF.
    expect(manifest['cro-linkedin-strategies']).toBeUndefined();
    expect(manifest['cro-marketing-toolkit']).toMatchObject({ made: 'generated', extension: 'pdf' });
  });

  it('reads the site’s own page addresses from src/pages', () => {
    const own = ownPagePaths(path.join(repo, 'src/pages'));
    expect(own).toContain('/');
    expect(own).toContain('/services');
    // A service page is its content file: no page of its own under src/pages.
    expect(own).not.toContain('/services/bd-support');
    expect(own).toContain('/resources');
    expect([...own].some((p) => p.includes('['))).toBe(false);
  });
});
