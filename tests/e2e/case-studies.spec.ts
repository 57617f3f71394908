import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './helpers.ts';

const main = (page: Page) => page.getByRole('main');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Case study pages' });
const cards = (page: Page) => page.locator('#all-case-studies [data-case-card]');

test.describe('case studies page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/case-studies');
  });

  test('Recent Client Wins shows the three client cards, each linking to its study', async ({ page, request }) => {
    const wins = page.locator('#recent-wins');
    await expect(wins.getByRole('heading', { level: 2, name: 'Recent Client Wins' })).toBeVisible();
    const clients = ['European CDMO', 'Asia-based SaaS PSP', 'EU Regulatory Consultant'];
    await expect(wins.getByRole('heading', { level: 3 })).toHaveText(clients);
    for (const client of clients) {
      const href = await wins.getByRole('link', { name: new RegExp(client) }).getAttribute('href');
      expect(href, client).toMatch(/^\/case-studies\/[a-z0-9-]+$/);
      expect((await request.get(href!)).status(), href!).toBe(200);
    }
  });

  test('the server HTML already lists page 1, before any JavaScript runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/case-studies');
    await expect(cards(page)).toHaveCount(4);
    await expect(
      cards(page)
        .first()
        .getByRole('link', { name: /View full case study/ }),
    ).toBeVisible();
    await context.close();
  });

  test('the pager shows 2 pages: 4 cards then 3, with Previous and Next only where they lead somewhere', async ({
    page,
  }) => {
    await hydrated(page);
    const nav = pager(page);
    await expect(nav.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2']);

    // Page 1: four cards, no Previous, a Next.
    await expect(cards(page)).toHaveCount(4);
    await expect(nav.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    await expect(nav.getByRole('button', { name: 'Previous' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Next' })).toBeVisible();

    // Page 2: three cards, a Previous, no Next; focus lands on the list so the change is announced.
    await nav.getByRole('button', { name: 'Next' }).click();
    await expect(cards(page)).toHaveCount(3);
    await expect(nav.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Case studies, page 2 of 2' })).toBeFocused();

    await nav.getByRole('button', { name: 'Previous' }).click();
    await expect(cards(page)).toHaveCount(4);
    await expect(nav.getByRole('button', { name: 'Previous' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Case studies, page 1 of 2' })).toBeFocused();
  });

  test('the numbered buttons switch pages, by mouse and by keyboard', async ({ page }) => {
    await hydrated(page);
    const nav = pager(page);
    const firstTitle = await cards(page).first().getByRole('heading').textContent();

    await nav.getByRole('button', { name: 'Page 2' }).click();
    await expect(cards(page)).toHaveCount(3);
    await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstTitle!);

    await nav.getByRole('button', { name: 'Page 1' }).focus();
    await page.keyboard.press('Enter');
    await expect(cards(page)).toHaveCount(4);
    await expect(cards(page).first().getByRole('heading')).toHaveText(firstTitle!);
    await expect(nav.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  test('the 7 cards show title, industry, summary, description, tags and outcome', async ({ page }) => {
    await hydrated(page);
    const titles: string[] = [];
    for (const n of [1, 2]) {
      await pager(page)
        .getByRole('button', { name: `Page ${n}` })
        .click();
      for (const card of await cards(page).all()) {
        await expect(card.getByRole('heading')).not.toBeEmpty();
        await expect(card.locator('p')).toHaveCount(4); // industry, summary, description, outcome
        for (const text of await card.locator('p').allTextContents()) expect(text.trim()).not.toBe('');
        expect(await card.getByRole('list', { name: 'Tags' }).getByRole('listitem').count()).toBeGreaterThan(0);
        titles.push((await card.getByRole('heading').textContent())!);
      }
    }
    expect(new Set(titles).size).toBe(7);
  });

  test("'View full case study' opens a real page with the study, its outcome and the way back", async ({
    page,
    request,
  }) => {
    await hydrated(page);
    const hrefs: string[] = [];
    for (const n of [1, 2]) {
      await pager(page)
        .getByRole('button', { name: `Page ${n}` })
        .click();
      const links = cards(page).getByRole('link', { name: /View full case study/ });
      hrefs.push(...(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))));
    }
    expect(new Set(hrefs).size).toBe(7);
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);

    await pager(page).getByRole('button', { name: 'Page 1' }).click();
    const first = cards(page).first();
    const title = (await first.getByRole('heading').textContent())!;
    await first.getByRole('link', { name: /View full case study/ }).click();
    await expect(page).toHaveURL(/\/case-studies\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(await page.title()).toContain(title);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description!.length).toBeGreaterThanOrEqual(140);
    expect(description!.length).toBeLessThanOrEqual(160);
    await expect(main(page)).toContainText('Industry:');
    await expect(main(page).getByRole('heading', { level: 2, name: 'The challenge' })).toBeVisible();
    await expect(main(page).getByText(/^Outcome:/)).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'All case studies' })).toHaveAttribute('href', '/case-studies');
    await expect(main(page).getByRole('link', { name: 'Learn About the Audit' })).toHaveAttribute(
      'href',
      '/bolesta-audit',
    );
  });

  test('the promised outcomes appear on the studies', async ({ request }) => {
    const outcomes: [string, RegExp][] = [
      ['/case-studies/european-cdmo-meet-and-greet', /25 qualified leads/],
      ['/case-studies/eu-regulatory-consultant-mail', /5 new clients and 20 qualified leads/],
      ['/case-studies/cdmo-webinar-series', /3 new clients and 45 qualified leads from a series of 8 webinars/],
      ['/case-studies/asia-saas-psp-market-analysis', /5 new clients and 25 qualified leads/],
    ];
    for (const [path, outcome] of outcomes) expect(await (await request.get(path)).text(), path).toMatch(outcome);
  });

  test('Impact in Numbers and the calls to action', async ({ page }) => {
    const impact = page.locator('#impact');
    await expect(impact.getByRole('heading', { level: 2, name: 'Impact in Numbers' })).toBeVisible();
    const figures = [
      ['25+', 'new clients'],
      ['115+', 'quality leads'],
      ['8+', 'webinars'],
      ['15+', 'events'],
    ];
    await expect(impact.locator('dd')).toHaveText(figures.map(([value]) => value!));
    await expect(impact.locator('dt')).toHaveText(figures.map(([, label]) => label!));

    await expect(main(page).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(main(page).getByRole('link', { name: 'View Packages' })).toHaveAttribute('href', '/packages');
    await expect(main(page).getByRole('link', { name: 'Learn About the Audit' })).toHaveAttribute(
      'href',
      '/bolesta-audit',
    );
    await expect(main(page).locator('a[href="#"]')).toHaveCount(0);
  });
});
