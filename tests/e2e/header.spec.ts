import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './helpers.ts';

test.describe('desktop header menus', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
  });

  test('open 200 ms after hover, close 150 ms after leaving, and skip the delay for 300 ms after a close', async ({
    page,
  }) => {
    // A paused clock: only runFor() moves time, so each assertion sees an exact moment.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const services = nav.getByRole('button', { name: 'Services' });
    const servicesPanel = page.locator('[data-menu="services"]');
    const aboutPanel = page.locator('[data-menu="about"]');

    await services.hover();
    await page.clock.runFor(150);
    await expect(servicesPanel).toBeHidden();
    await page.clock.runFor(60);
    await expect(servicesPanel).toBeVisible();
    await expect(servicesPanel.getByRole('link', { name: /Event Planning & Management/ })).toHaveAttribute(
      'href',
      '/services/event-planning',
    );

    await page.mouse.move(640, 700);
    await page.clock.runFor(100);
    await expect(servicesPanel).toBeVisible();
    await page.clock.runFor(60);
    await expect(servicesPanel).toBeHidden();

    // Within 300 ms of a close the next menu opens at once.
    await nav.getByRole('button', { name: 'About' }).hover();
    await page.clock.runFor(10);
    await expect(aboutPanel).toBeVisible();
    await expect(aboutPanel.getByRole('link', { name: /Our Story/ })).toBeVisible();

    // After the skip window the delay applies again.
    await page.mouse.move(640, 700);
    await page.clock.runFor(500);
    await expect(aboutPanel).toBeHidden();
    await nav.getByRole('button', { name: 'Success Stories' }).hover();
    await page.clock.runFor(100);
    await expect(page.locator('[data-menu="success"]')).toBeHidden();
    await page.clock.runFor(150);
    await expect(page.locator('[data-menu="success"]')).toBeVisible();
  });

  test('work by keyboard: Enter opens, ArrowDown enters, Escape closes and returns focus', async ({ page }) => {
    const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Lift Audit' });
    const panel = page.locator('[data-menu="audit"]');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(panel.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('shows Market Entry, Contact and the Start Your Audit button', async ({ page }) => {
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Market Entry' })).toHaveAttribute('href', '/foreign-psp-strategy');
    await expect(header.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/contact');
    await expect(header.getByRole('link', { name: 'Start Your Audit' }).first()).toHaveAttribute(
      'href',
      '/audit-intake',
    );
  });
});

test.describe('mobile header', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('toggles the menu and its accordion sections, hiding the bottom bar while open', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const bottomBar = page.locator('[data-mobile-cta]');
    await expect(bottomBar).toBeVisible();
    await expect(bottomBar.getByRole('link', { name: 'Start Your Audit' })).toHaveAttribute('href', '/audit-intake');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(bottomBar).toHaveCount(0);

    for (const [id, section, link] of [
      ['services', 'Services', 'BD Support'],
      ['audit', 'Lift Audit', 'Start Your Audit'],
      ['about', 'About', 'Our Story'],
      ['success', 'Success Stories', 'Testimonials'],
    ] as const) {
      const item = menu.locator(`li[data-section="${id}"]`);
      const toggle = item.getByRole('button', { name: section, exact: true });
      const link_ = item.getByRole('link', { name: link });
      await expect(link_).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(link_).toBeVisible();
    }
    await menu.getByRole('button', { name: 'Services', exact: true }).click();
    await expect(menu.getByRole('link', { name: 'BD Support' })).toBeHidden();
    await expect(menu.getByRole('link', { name: 'Our Story' })).toBeVisible();

    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(bottomBar).toBeVisible();
  });

  /** The visible elements fixed to the bottom of the viewport: the bars a phone user sees stacked there. */
  const bottomBars = (page: Page) =>
    page.locator('body *').evaluateAll((elements) =>
      elements
        .filter((el) => {
          const style = getComputedStyle(el);
          const box = el.getBoundingClientRect();
          return (
            style.position === 'fixed' &&
            style.display !== 'none' &&
            style.visibility !== 'hidden' &&
            box.height > 0 &&
            Math.abs(box.bottom - window.innerHeight) < 2
          );
        })
        .map((el) => (el.hasAttribute('data-mobile-cta') ? 'site' : 'page')),
    );

  test('one fixed bottom bar at a time: the site’s on an ordinary page, the intake’s own on the intake, none after the audit', async ({
    page,
  }) => {
    await page.goto('/services');
    await hydrated(page);
    expect(await bottomBars(page)).toEqual(['site']);

    await page.goto('/audit-intake');
    await hydrated(page);
    await expect(page.getByRole('button', { name: /Continue|Next/ }).first()).toBeVisible();
    expect(await bottomBars(page)).toEqual(['page']);

    await page.goto('/audit-thank-you');
    await hydrated(page);
    expect(await bottomBars(page)).toEqual([]);
  });
});

test('marks the page the visitor is on in the main navigation (built pages end in .html, addresses do not)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/contact');
  await hydrated(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Market Entry' })).not.toHaveAttribute('aria-current', 'page');
});
