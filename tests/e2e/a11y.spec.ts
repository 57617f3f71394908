import { expect, test } from '@playwright/test';
import { builtPages, pagePath } from '../../scripts/lib/built-site.ts';
import { axeViolations, hydrated } from './helpers.ts';

// Every page of the build, the interim ones and the 404 included. The markup of a page is the same at every
// width, so axe reads each page once at a desktop width; at a phone width it reads one page of each layout
// (the header's menu button and the stacked sections are what the width changes).
// The editor's page works only at /cms, with its own policy: tests/e2e/cms.spec.ts reads its frame there.
const paths = builtPages()
  .map(pagePath)
  .filter((p) => p !== '/cms-shell');
const firstUnder = (section: string) => paths.find((p) => p.startsWith(`/${section}/`))!;
const phonePaths = [
  '/',
  '/404',
  '/admin',
  '/audit-intake',
  '/blog-shell',
  '/contact',
  '/report-shell',
  firstUnder('case-studies'),
  firstUnder('resources'),
  firstUnder('services'),
];

for (const { name, viewport, pages } of [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, pages: paths },
  { name: 'mobile', viewport: { width: 390, height: 844 }, pages: phonePaths },
]) {
  test.describe(`axe on every page (${name})`, () => {
    test.use({ viewport });
    for (const path of pages) {
      test(`${path} has no accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await hydrated(page);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}
