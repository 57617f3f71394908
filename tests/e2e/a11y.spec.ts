import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { builtPages, pagePath } from '../../scripts/lib/built-site.ts';
import { hydrated } from './helpers.ts';

// Every page of the build, the interim ones and the 404 included, at a phone and a desktop width.
const paths = builtPages().map(pagePath);

for (const viewport of [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`axe on every page (${viewport.name})`, () => {
    test.use({ viewport });
    for (const path of paths) {
      test(`${path} has no accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await hydrated(page);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        const summary = results.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}
