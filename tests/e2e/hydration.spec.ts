// Islands on `client:interaction` (src/islands/on-interaction.ts): nothing of theirs loads before the visitor
// interacts, and the first interaction still does what it would have done on a hydrated island.
import { expect, test, type Page } from '@playwright/test';

/** The island scripts a page requested: React's renderer and the islands' components. */
function islandRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => {
    const file = new URL(req.url()).pathname;
    if (/^\/_astro\/(client|SiteHeader|TeamCard|CaseStudyPager|ResourceTabs|TestimonialCarousel)\./.test(file))
      urls.push(file);
  });
  return urls;
}

const header = (page: Page) => page.locator('astro-island', { has: page.getByRole('banner') });

for (const path of ['/', '/about', '/our-story', '/case-studies', '/resources', '/services/bd-support']) {
  test(`${path} loads no island script before an interaction, and shows its content`, async ({ page }) => {
    const requested = islandRequests(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    for (const island of await page.locator('astro-island').all()) await expect(island).toHaveAttribute('ssr');
    // The server HTML is the page until then: the header's links and the main content are there.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Start Your Audit' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('one tap on the toggle of a header that has not hydrated opens the menu', async ({ page }) => {
    const requested = islandRequests(page);
    await page.goto('/services');
    await page.waitForLoadState('networkidle');
    await expect(header(page)).toHaveAttribute('ssr');
    expect(requested).toEqual([]);

    await page.getByRole('button', { name: 'Open menu' }).tap();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(header(page)).not.toHaveAttribute('ssr');
    expect(requested.some((url) => url.startsWith('/_astro/SiteHeader.'))).toBe(true);

    // Hydrated, it works as before: the next tap closes it.
    await page.getByRole('button', { name: 'Close menu' }).tap();
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a hover on a menu of a header that has not hydrated opens it after the hover-intent delay', async ({
    page,
  }) => {
    await page.goto('/services');
    await expect(header(page)).toHaveAttribute('ssr');
    // A paused clock (as header.spec.ts times the menus of a hydrated header): only runFor() moves the page's timers,
    // so the assertions hold however long the island takes to load on a busy machine.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    const panel = page.locator('[data-menu="services"]');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }).hover();
    await expect(header(page)).not.toHaveAttribute('ssr');
    // The 200 ms of hover intent run from when the island has hydrated, for the mouse still over the button.
    await page.clock.runFor(150);
    await expect(panel).toBeHidden();
    await page.clock.runFor(60);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: /Event Planning & Management/ })).toBeVisible();
  });

  test('Enter on a focused menu button of a header that has not hydrated opens it and keeps the focus', async ({
    page,
  }) => {
    await page.goto('/services');
    await expect(header(page)).toHaveAttribute('ssr');
    const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Lift Audit' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-menu="audit"]')).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(trigger).toBeFocused();
  });

  test('a click on a tab or a page button before its island hydrated is not lost', async ({ page }) => {
    await page.goto('/resources');
    const papers = page.getByRole('tab', { name: 'Whitepapers' });
    await expect(page.getByRole('tabpanel')).toContainText('Read More'); // the default tab, from the server HTML
    await papers.click();
    await expect(papers).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('47-point');

    await page.goto('/case-studies');
    const pager = page.getByRole('navigation', { name: 'Case study pages' });
    await expect(page.locator('[data-case-card]')).toHaveCount(4);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('[data-case-card]')).toHaveCount(3);
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});
