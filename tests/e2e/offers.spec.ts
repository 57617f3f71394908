import { expect, test, type Page } from '@playwright/test';
import { phoneHref, postalAddress, site } from '../../src/config/site.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const main = (page: Page) => page.getByRole('main');

/** docs/product.md: slug (the package file's name), title, price and period. */
const packages = [
  ['linkedin-content-kit', 'LinkedIn Content Kit', '$450', 'per month'],
  ['branded-video-package', 'Branded Video Package', '$600', 'per video'],
  ['linkedin-engagement-add-on', 'LinkedIn Engagement Add-On', '$250', 'per month'],
  ['sales-collateral-builder', 'Sales Collateral Builder', '$300', 'per item'],
] as const;

test.describe('packages', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/packages');
  });

  test('four cards with the exact prices, periods and section 9 features', async ({ page }) => {
    await expect(page.locator('[data-package]')).toHaveCount(4);
    for (const [slug, title, price, period] of packages) {
      const card = page.locator(`[data-package="${slug}"]`);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(title);
      await expect(card.locator('[data-price]')).toHaveText(price);
      await expect(card.locator('[data-period]')).toHaveText(period);
    }
    const features: Record<string, string[]> = {
      'linkedin-content-kit': ['4–8 custom posts per month', 'Branded graphics', 'Weekly content calendar'],
      'branded-video-package': ['1 produced 30–90 second video', 'Scriptwriting', 'Voiceover', 'Animation'],
      'linkedin-engagement-add-on': ['10–15 comments per week'],
      'sales-collateral-builder': ['1–2 page PDF brochure or flyer'],
    };
    for (const [slug, items] of Object.entries(features)) {
      const list = page.locator(`[data-package="${slug}"]`).getByRole('listitem');
      for (const item of items) await expect(list.filter({ hasText: item }), `${slug}: ${item}`).toHaveCount(1);
    }
  });

  test('each package button opens the contact page with its package, the retainer button opens contact', async ({
    page,
  }) => {
    for (const [slug, title] of packages) {
      const button = page.locator(`[data-package="${slug}"]`).getByRole('link');
      await expect(button).toHaveCount(1);
      await expect(button).toHaveAttribute('href', `/contact?package=${slug}`);
      await expect(button).toHaveAccessibleName(new RegExp(title));
    }
    const retainer = page.locator('#retainer');
    await expect(retainer.getByRole('heading', { level: 2 })).toHaveText('Custom Retainer');
    await expect(retainer.getByRole('link', { name: 'Discuss a Retainer' })).toHaveAttribute('href', '/contact');
    await expect(main(page).locator('a[href="#"]')).toHaveCount(0);

    await page.locator('[data-package="linkedin-content-kit"]').getByRole('link').click();
    await expect(page).toHaveURL(/\/contact\?package=linkedin-content-kit$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the product-offer JSON-LD parses and holds the USD prices', async ({ page }) => {
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Json,
    );
    const lists = blocks.filter((b) => b['@type'] === 'ItemList');
    expect(lists).toHaveLength(1);
    const items = lists[0]!.itemListElement.map((e: Json) => e.item);
    expect(items.map((i: Json) => [i.name, i.offers.price, i.offers.priceCurrency])).toEqual(
      packages.map(([, title, price]) => [title, `${price.slice(1)}.00`, 'USD']),
    );
    for (const [index, [slug, , , period]] of packages.entries()) {
      expect(items[index].offers.url).toBe(`${site.url}/contact?package=${slug}`);
      expect(items[index].offers.priceSpecification.unitText).toBe(period);
    }
  });
});

test.describe('market entry', () => {
  test('the four benefit cards and two U.S. market call buttons that open the scheduler in a new tab', async ({
    page,
  }) => {
    await page.goto('/foreign-psp-strategy');
    await expect(page.locator('#benefits').getByRole('heading', { level: 3 })).toHaveText([
      'Localized Messaging',
      'Tailored SEO & LinkedIn Strategy',
      'DEP RFP Access',
      'Events & Trust Campaigns',
    ]);
    const calls = main(page).getByRole('link', { name: /^Book a U\.S\. Market Strategy Call/ });
    await expect(calls).toHaveCount(2);
    for (const call of await calls.all()) {
      await expect(call).toHaveAttribute('href', site.scheduling.usMarketCall);
      await expect(call).toHaveAttribute('target', '_blank');
      await expect(call).toHaveAttribute('rel', 'noopener');
      await expect(call).toHaveAttribute('data-booking', 'usMarketCall');
    }
  });
});

test.describe('biotech website and investor page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/biotech-website-investor');
  });

  test('benefits, four deliverable groups and the checklist link', async ({ page }) => {
    expect(await page.locator('#benefits').getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
    await expect(page.locator('#deliverables').getByRole('heading', { level: 3 })).toHaveCount(4);
    const checklist = main(page).getByRole('link', { name: /checklist/i });
    await expect(checklist).toHaveAttribute('href', '/resources/biotech-website-investor-checklist');
    await checklist.click();
    await expect(page).toHaveURL(/\/resources\/biotech-website-investor-checklist$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('contact details as mailto and tel links, the postal address, and the external booking button', async ({
    page,
  }) => {
    const contact = page.locator('#contact');
    await expect(contact.getByRole('link', { name: new RegExp(site.email) })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    await expect(contact.getByRole('link', { name: new RegExp(site.phone.replace(/[()+]/g, '\\$&')) })).toHaveAttribute(
      'href',
      phoneHref,
    );
    await expect(contact.locator('address')).toHaveText(postalAddress);
    const booking = main(page).locator('a[data-booking="strategyCall"]');
    expect(await booking.count()).toBeGreaterThan(0);
    for (const link of await booking.all()) {
      await expect(link).toHaveAttribute('href', site.scheduling.strategyCall);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener');
    }
  });
});
