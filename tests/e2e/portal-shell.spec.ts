// The staff portal as a workplace of its own (issue 55; docs/decisions/0048-portal-shell.md): its own frame with no
// public navigation, a rail of tabs each with its own address (the browser's back button follows), and the list,
// a lead's page and its reply form without horizontal scrolling and with nothing for axe, on a desktop and a phone.
import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { leads } from '../../src/db/schema.ts';
import { contactPayload } from '../fixtures/forms.ts';
import { withDb } from './db.ts';
import { axeViolations } from './helpers.ts';
import { createStaff, seedIntake, signIn } from './portal.ts';

// Each run of beforeAll makes its own staff member and lead: Playwright runs it again in the same worker for the
// phone's group (its own viewport), where names made when the file was loaded would already be taken.
let editor = '';
let admin = '';
let leadId = '';

test.beforeAll(async ({ request, baseURL }) => {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  editor = `shell-editor-${stamp}@bolesta.example`;
  const person = `shell-lead-${stamp}@client.example`;
  admin = `shell-admin-${stamp}@bolesta.example`;
  await createStaff(editor, 'editor', 'Shell Editor');
  await createStaff(admin, 'admin', 'Shell Admin');
  await seedIntake(request, baseURL!, `Shell Intake ${stamp}`);
  const res = await request.post('/api/contact', {
    data: { ...contactPayload(), email: person, name: 'Rosalind Franklin' },
    headers: { origin: baseURL! },
  });
  expect(res.status()).toBe(201);
  const [row] = await withDb((db) => db.select({ id: leads.id }).from(leads).where(eq(leads.emailKey, person)));
  leadId = row!.id;
});

/** The controls of the portal's main area (buttons, choices, fields) less than 44 px high, by their text. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main :is(button, select, input:not([type=checkbox], [type=radio], [type=hidden]))')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim()}"`),
  );

/** The boxes of the portal's main area that scroll sideways inside themselves (a table in its frame), by tag and class. */
const sidewaysFrames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter(
        (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1,
      )
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );

/** Nothing wider than the screen: the page scrolls only downwards. */
const noSideways = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));

test('the portal has its own frame: no site header, menus, footer or call to action, and a rail of tabs with addresses', async ({
  page,
}) => {
  await signIn(page, editor);
  // None of the public site's frame, nor its header island.
  await expect(page.locator('astro-island[component-url*="SiteHeader"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Start Your Audit/i })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  // The rail: the agency's mark, the tabs, who is signed in.
  const rail = page.getByRole('complementary', { name: 'Portal' });
  await expect(rail.locator('[data-portal-mark]')).toContainText('Staff portal');
  await expect(rail.locator('[data-signed-in]')).toContainText(editor);
  const tabs = page.getByRole('tablist', { name: 'Portal sections' });
  await tabs.getByRole('tab', { name: 'Contact Messages' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=messages$/);
  await tabs.getByRole('tab', { name: 'Leads' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=leads$/);
  await page.goBack();
  await expect(tabs.getByRole('tab', { name: 'Contact Messages' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(tabs.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
  // A lead's page has its own address, and back returns to the list.
  await page.locator(`[data-open-lead="${leadId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`\\?tab=leads&lead=${leadId}$`));
  await expect(page.getByRole('form', { name: 'Reply' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goBack();
  await expect(page.locator(`[data-open-lead="${leadId}"]`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the list, a lead’s page and a reply fit the screen, the tabs behind a menu, with nothing for axe', async ({
    page,
  }) => {
    await signIn(page, editor);
    await expect(page.locator(`[data-open-lead="${leadId}"]`)).toBeVisible();
    let size = await noSideways(page);
    expect(size.scroll).toBeLessThanOrEqual(size.view);
    expect(await axeViolations(page)).toEqual([]);
    // The tabs are behind the Menu button.
    await expect(page.getByRole('tablist', { name: 'Portal sections' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('tab', { name: 'Contact Messages' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();

    await page.locator(`[data-open-lead="${leadId}"]`).click();
    const reply = page.getByRole('form', { name: 'Reply' });
    await reply.getByRole('textbox', { name: 'Reply', exact: true }).fill('Dear Rosalind, happy to talk on Tuesday.');
    size = await noSideways(page);
    expect(size.scroll).toBeLessThanOrEqual(size.view);
    // Touch targets: the reply's button and the rail's Menu at least 44 px high.
    for (const target of [
      reply.getByRole('button', { name: 'Send reply' }),
      page.getByRole('button', { name: 'Menu' }),
    ]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await axeViolations(page)).toEqual([]);

    // The Dashboard's charts stack, their tables scroll inside their own frames.
    await page.goto('/admin?tab=dashboard');
    await expect(page.locator('figure[data-figure]').first()).toBeVisible();
    size = await noSideways(page);
    expect(size.scroll).toBeLessThanOrEqual(size.view);
  });

  // Every other list of the portal, as an administrator (all tabs): cards or stacked rows, no sideways scroll
  // (scrollWidth, the page's and every frame's), each control a 44 px touch target. (The Pipeline's board is checked by its own spec.)
  const lists = [
    { tab: 'submissions', row: '[data-submission]' },
    { tab: 'messages', row: '[data-message]' },
    { tab: 'posts' },
    { tab: 'roles', row: '[data-role]' },
    { tab: 'audit-log', row: '[data-audit]' },
    { tab: 'mail' },
    { tab: 'system' },
    { tab: 'pipeline' },
  ];
  test('every other tab’s list fits the screen as cards, its controls 44 px high', async ({ page }) => {
    await signIn(page, admin);
    for (const { tab, row } of lists) {
      await page.goto(`/admin?tab=${tab}`);
      const panel = page.getByRole('tabpanel');
      await expect(panel).toBeVisible();
      if (row) await expect(panel.locator(row).first(), tab).toBeVisible();
      await expect(panel.getByText(/^Loading/), tab).toHaveCount(0);
      const size = await noSideways(page);
      expect(size.scroll, tab).toBeLessThanOrEqual(size.view);
      expect(await sidewaysFrames(page), tab).toEqual([]);
      expect(await smallTargets(page), tab).toEqual([]);
    }
    // Account security's list of sessions, opened from the rail (behind the Menu on a phone).
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Account security' }).click();
    await expect(page.locator('[data-session]').first()).toBeVisible();
    const size = await noSideways(page);
    expect(size.scroll).toBeLessThanOrEqual(size.view);
    expect(await sidewaysFrames(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
  });
});
