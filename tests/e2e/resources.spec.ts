import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { readEntryData } from '../../scripts/lib/content-check.ts';
import { site } from '../../src/config/site.ts';
import {
  fileLine,
  formatFileSize,
  publicFilePath,
  RESOURCE_FILES_DIR,
  type ResourceFileManifest,
} from '../../src/lib/resource-files.ts';
import { hydrated } from './helpers.ts';

/** The files the build made (docs/decisions/0041-resource-downloads.md): what the cards must say and link to. */
const files = JSON.parse(readFileSync(`${RESOURCE_FILES_DIR}/manifest.json`, 'utf8')) as ResourceFileManifest;
/** Where a card's button goes: a gated file's form on its page, an ungated file itself, an article's page. */
const cardHref = (slug: string) => {
  const file = files[slug];
  return !file ? `/resources/${slug}` : file.gated ? `/resources/${slug}#download` : publicFilePath(file);
};

const main = (page: Page) => page.getByRole('main');
/** A resource's heading: the title in its file, with the brand token filled. */
const titleOf = (slug: string) =>
  (readEntryData(`content/resources/${slug}.mdx`) as { title: string }).title.replace('{auditName}', site.auditName);

/** The cards of each tab, newest first, and the button each card shows. */
const tabs = [
  {
    name: 'Blog Articles',
    button: 'Read More',
    slugs: ['bolesta-audit-insights', 'cro-linkedin-strategies', 'biotech-website-investor-checklist'],
  },
  {
    name: 'Whitepapers',
    button: 'Download Resource',
    slugs: ['foreign-psp-us-market-guide', 'rfp-readiness-checklist', 'cro-onboarding-checklist'],
  },
  {
    name: 'E-Books & Downloads',
    button: 'Download Resource',
    slugs: ['cro-marketing-toolkit', 'marketing-budget-calculator'],
  },
] as const;

test.describe('resources page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/resources');
    await hydrated(page);
  });

  test('tabs switch by click and show each tab’s cards with the right button and target', async ({ page }) => {
    const tablist = page.getByRole('tablist', { name: 'Resource types' });
    await expect(tablist.getByRole('tab')).toHaveText(tabs.map((t) => t.name));
    for (const tab of tabs) {
      const trigger = tablist.getByRole('tab', { name: tab.name });
      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      await expect(panel).toHaveCount(1);
      await expect(panel).toHaveAttribute('id', (await trigger.getAttribute('aria-controls'))!);
      await expect(panel.getByRole('heading', { level: 3 })).toHaveText(tab.slugs.map(titleOf));
      const buttons = panel.getByRole('link', { name: new RegExp(`^${tab.button}`) });
      await expect(buttons).toHaveCount(tab.slugs.length);
      for (const [i, slug] of tab.slugs.entries()) {
        await expect(buttons.nth(i)).toHaveAttribute('href', cardHref(slug));
        await expect(buttons.nth(i)).toHaveAccessibleName(`${tab.button}: ${titleOf(slug)}`);
      }
    }
  });

  test('tabs follow the arrow, Home and End keys with a roving tabindex', async ({ page }) => {
    const tablist = page.getByRole('tablist', { name: 'Resource types' });
    const [blog, papers, ebooks] = tabs.map((t) => tablist.getByRole('tab', { name: t.name }));
    const panel = page.getByRole('tabpanel');
    await blog!.focus();
    await expect(blog!).toHaveAttribute('tabindex', '0');
    await expect(papers!).toHaveAttribute('tabindex', '-1');

    await page.keyboard.press('ArrowRight');
    await expect(papers!).toBeFocused();
    await expect(papers!).toHaveAttribute('aria-selected', 'true');
    await expect(papers!).toHaveAttribute('tabindex', '0');
    await expect(blog!).toHaveAttribute('tabindex', '-1');
    await expect(panel).toContainText('A guide to entering the $200+ billion U.S. pharma services market');
    await expect(panel).toContainText('47-point');

    await page.keyboard.press('ArrowRight');
    await expect(ebooks!).toBeFocused();
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(tabs[2].slugs.map(titleOf));
    await page.keyboard.press('ArrowRight');
    await expect(blog!).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(ebooks!).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(blog!).toBeFocused();
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(tabs[0].slugs.map(titleOf));
    await page.keyboard.press('End');
    await expect(ebooks!).toBeFocused();
    await expect(ebooks!).toHaveAttribute('aria-selected', 'true');
  });

  test('cards show date, type, size and tags; Request Custom Resources goes to /contact', async ({ page }) => {
    await page.getByRole('tab', { name: 'Whitepapers' }).click();
    const panel = page.getByRole('tabpanel');
    // The type, pages and size of each file, as read from the file the build made.
    for (const slug of tabs[1].slugs) await expect(panel).toContainText(fileLine(files[slug]!));
    await expect(panel.locator('time').first()).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    await expect(panel.getByRole('list', { name: 'Tags' }).first().getByRole('listitem').first()).toBeVisible();
    await expect(panel.getByRole('img').first()).toHaveAttribute('alt', /\w/);

    const custom = main(page).getByRole('link', { name: 'Request Custom Resources' });
    await expect(custom).toHaveAttribute('href', '/contact');
    await custom.click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test('every card is in the server-rendered page, inactive panels hidden', async ({ request }) => {
  const html = await (await request.get('/resources')).text();
  for (const tab of tabs) for (const slug of tab.slugs) expect(html, slug).toContain(`href="${cardHref(slug)}"`);
  expect(html.match(/role="tabpanel"[^>]*hidden/g) ?? []).toHaveLength(2);
});

/** What each article page must say: the figures the product promises, and the internal links its body names. */
const articles: Record<string, { figures: string[]; links: string[] }> = {
  'biotech-website-investor-checklist': {
    figures: ['Pipeline and data', '30 points', 'Article', '6-minute read'],
    links: ['/biotech-website-investor'],
  },
  'bolesta-audit-insights': {
    figures: ['3-minute read', '200+', '87%', '215%', '$2.3M', '67%', '123%', '42%', '$2.1M'],
    links: ['/bolesta-audit'],
  },
  'cro-linkedin-strategies': { figures: ['2-3 posts per week', 'Do', 'Avoid'], links: ['/contact'] },
  'foreign-psp-us-market-guide': {
    figures: ['$200+ billion', 'from $0 to $12M in 18 months', 'no email'],
    links: ['/contact'],
  },
  'cro-marketing-toolkit': { figures: ['10 templates'], links: ['/contact'] },
  'rfp-readiness-checklist': { figures: ['47 points'], links: ['/bolesta-audit'] },
  'marketing-budget-calculator': { figures: ['Excel', '40%', '25%', '20%', '10%', '5%'], links: ['/contact'] },
  'cro-onboarding-checklist': {
    figures: ['52-point', 'Days -7 to 0', 'Day 1', 'Days 2 to 7', 'Days 8 to 14'],
    links: ['/contact'],
  },
};

for (const [slug, { figures, links }] of Object.entries(articles)) {
  test(`/resources/${slug} answers with its title, figures, cover and closing call to action`, async ({ page }) => {
    const response = await page.goto(`/resources/${slug}`);
    expect(response?.status()).toBe(200);
    const title = titleOf(slug);
    await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    for (const text of figures) await expect(main(page), text).toContainText(text);
    await expect(main(page).locator('section').first().locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    await expect(main(page).getByRole('list', { name: 'Tags' })).toBeVisible();
    await expect(main(page).getByRole('img').first()).toHaveAttribute('alt', /\w/);
    for (const href of links) await expect(main(page).locator(`.prose a[href="${href}"]`).first()).toBeVisible();
    // The file, if any: its type, pages and size as built; a gated one behind the form, an ungated one at once.
    const file = files[slug];
    const downloads = main(page).getByRole('link', { name: /Download/ });
    if (file) {
      await expect(main(page).locator('#download')).toContainText(fileLine(file));
      await expect(main(page).locator('#download')).toContainText(formatFileSize(file.bytes));
    }
    if (file && !file.gated) await expect(downloads).toHaveAttribute('href', publicFilePath(file));
    else await expect(downloads).toHaveCount(0);
    await expect(main(page).getByRole('form', { name: /^Get / })).toHaveCount(file?.gated ? 1 : 0);
    const booking = main(page).locator('a[data-booking]');
    await expect(booking).toHaveCount(1);
    await expect(booking).toHaveAttribute('target', '_blank');
    const expected =
      slug === 'foreign-psp-us-market-guide' ? site.scheduling.usMarketCall : site.scheduling.strategyCall;
    await expect(booking).toHaveAttribute('href', expected);
    await expect(main(page).getByRole('link', { name: /All resources/ })).toHaveAttribute('href', '/resources');
  });
}

test('the brand comes from site config, never from content', async ({ page }) => {
  await page.goto('/resources/bolesta-audit-insights');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${site.auditName} Insights`);
  await expect(main(page).getByRole('link', { name: `Start with a ${site.productName} Audit` })).toHaveAttribute(
    'href',
    '/audit-intake',
  );
  await page.goto('/resources/rfp-readiness-checklist');
  await expect(
    main(page).getByRole('link', { name: `Learn More About the ${site.productName} Audit` }),
  ).toHaveAttribute('href', '/bolesta-audit');
  await expect(main(page)).not.toContainText('{');
});
