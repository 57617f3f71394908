import { expect, test } from '@playwright/test';
import { hydrated } from './helpers.ts';

test.describe('testimonial carousel (home)', () => {
  test('moves by buttons and arrow keys and disables Previous at the first slide and Next at the last', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Client testimonials' });
    const previous = carousel.getByRole('button', { name: 'Previous testimonial' });
    const next = carousel.getByRole('button', { name: 'Next testimonial' });
    const position = carousel.getByText(/^\d of 3$/);
    const quote = carousel.locator('blockquote');

    await expect(position).toHaveText('1 of 3');
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    const first = await quote.textContent();

    await next.click();
    await expect(position).toHaveText('2 of 3');
    await expect(quote).not.toHaveText(first!);
    await expect(previous).toBeEnabled();
    await next.click();
    await expect(position).toHaveText('3 of 3');
    await expect(next).toBeDisabled();

    await carousel.focus();
    await page.keyboard.press('ArrowRight'); // already at the end: stays
    await expect(position).toHaveText('3 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect(position).toHaveText('2 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect(position).toHaveText('1 of 3');
    await expect(quote).toHaveText(first!);
    await expect(previous).toBeDisabled();
    await page.keyboard.press('ArrowLeft');
    await expect(position).toHaveText('1 of 3');
  });
});

test.describe('team cards (about)', () => {
  test('show four members with position, years, tags and a LinkedIn link', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    const cards = page.locator('#team article');
    await expect(cards).toHaveCount(4);
    await expect(cards.first()).toContainText('15 years of experience');
    await expect(page.locator('#team')).toContainText('12 years of experience');
    await expect(page.locator('#team')).toContainText('8 years of experience');
    await expect(page.locator('#team')).toContainText('10 years of experience');
    const linkedin = cards.first().getByRole('link', { name: /Connect on LinkedIn/ });
    await expect(linkedin).toHaveAttribute('target', '_blank');
    await expect(linkedin).toHaveAttribute('rel', 'noopener');
    await expect(page.getByRole('link', { name: 'Schedule a Free Consultation' })).toHaveAttribute('href', '/contact');
  });

  test('cut a bio over 120 characters with an ellipsis and toggle Read more / Show less', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    const card = page.locator('#team article').first();
    const bio = card.locator('[data-bio]');
    const collapsed = (await bio.textContent())!;
    expect(collapsed.endsWith('…')).toBe(true);
    expect(collapsed.length).toBe(121);
    await card.getByRole('button', { name: /Read more/ }).click();
    await expect(card.getByRole('button', { name: /Show less/ })).toHaveAttribute('aria-expanded', 'true');
    const full = (await bio.textContent())!;
    expect(full.length).toBeGreaterThan(120);
    expect(full.startsWith(collapsed.slice(0, 100))).toBe(true);
    await card.getByRole('button', { name: /Show less/ }).click();
    await expect(bio).toHaveText(collapsed);
    // A short bio has no toggle.
    const short = page.locator('#team article').filter({ hasText: 'Priya Natarajan' });
    await expect(short.getByRole('button')).toHaveCount(0);
  });

  test('show the initials when a photo fails to load', async ({ page }) => {
    await page.route(/\/_astro\/.*\.webp$/, (route) => route.abort());
    await page.goto('/about');
    await hydrated(page);
    const card = page.locator('#team article').first();
    await expect(card.locator('[data-initials]')).toHaveText('DW');
    await expect(card.locator('img')).toHaveCount(0);
  });

  test('show the photo, not the initials, when it loads', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    const card = page.locator('#team article').first();
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('img', { name: 'Portrait of Dana Whitfield' })).toBeVisible();
    await expect(card.locator('[data-initials]')).toHaveCount(0);
  });
});

test.describe('case study pager', () => {
  test('shows 2 pages of 4 and 3 with the Previous/Next rules', async ({ page }) => {
    await page.goto('/case-studies');
    await hydrated(page);
    const pager = page.getByRole('navigation', { name: 'Case study pages' });
    const cards = page.locator('[data-case-card]');
    await expect(cards).toHaveCount(4);
    await expect(pager.getByRole('button', { name: 'Previous' })).toHaveCount(0);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeVisible();
    await expect(pager.getByRole('button', { name: /^Page \d$/ })).toHaveCount(2);
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(cards).toHaveCount(3);
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Case studies, page 2 of 2' })).toBeFocused();

    await pager.getByRole('button', { name: 'Page 1' }).click();
    await expect(cards).toHaveCount(4);
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(cards).toHaveCount(4);
  });

  test("every 'View full case study' link opens the study's page", async ({ page, request }) => {
    await page.goto('/case-studies');
    await hydrated(page);
    const hrefs: string[] = [];
    for (const n of [1, 2]) {
      await page.getByRole('button', { name: `Page ${n}` }).click();
      const links = page.getByRole('link', { name: /View full case study/ });
      hrefs.push(...(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))));
    }
    expect(new Set(hrefs).size).toBe(7);
    for (const href of hrefs) {
      const res = await request.get(href);
      expect(res.status(), href).toBe(200);
    }
    await page
      .getByRole('link', { name: /View full case study/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Outcome:/)).toBeVisible();
  });
});

test.describe('resource tabs', () => {
  test('switch by click and by arrow keys, showing each tab’s cards', async ({ page }) => {
    await page.goto('/resources');
    await hydrated(page);
    const tabs = page.getByRole('tablist', { name: 'Resource types' });
    const blog = tabs.getByRole('tab', { name: 'Blog Articles' });
    const papers = tabs.getByRole('tab', { name: 'Whitepapers' });
    const ebooks = tabs.getByRole('tab', { name: 'E-Books & Downloads' });
    const panel = page.getByRole('tabpanel');

    await expect(blog).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toHaveCount(1);
    await expect(panel.getByRole('link', { name: /Read More/ })).toHaveCount(3);

    await papers.click();
    await expect(papers).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('link', { name: /Download Resource/ })).toHaveCount(3);
    await expect(panel).toContainText('47-point');

    await page.keyboard.press('ArrowRight');
    await expect(ebooks).toBeFocused();
    await expect(ebooks).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('link', { name: /Download Resource/ })).toHaveCount(2);
    await page.keyboard.press('ArrowRight');
    await expect(blog).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(ebooks).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(blog).toHaveAttribute('aria-selected', 'true');

    await expect(panel.getByRole('link', { name: /Read More/ }).first()).toHaveAttribute(
      'href',
      /^\/resources\/[a-z-]+$/,
    );
    await expect(page.getByRole('link', { name: 'Request Custom Resources' })).toHaveAttribute('href', '/contact');
  });
});
