// The staff portal as a workplace of its own (issue 55; docs/decisions/0046-portal-shell.md): its own frame with no
// public navigation, a rail of tabs each with its own address (the browser's back button follows), and nothing for
// axe in the list and a lead's page.
import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { leads } from '../../src/db/schema.ts';
import { contactPayload } from '../fixtures/forms.ts';
import { withDb } from './db.ts';
import { axeViolations } from './helpers.ts';
import { createStaff, signIn } from './portal.ts';

const stamp = Date.now();
const editor = `shell-editor-${stamp}@bolesta.example`;
const person = `shell-lead-${stamp}@client.example`;
let leadId = '';

test.beforeAll(async ({ request, baseURL }) => {
  createStaff(editor, 'editor', 'Shell Editor');
  const res = await request.post('/api/contact', {
    data: { ...contactPayload(), email: person, name: 'Rosalind Franklin' },
    headers: { origin: baseURL! },
  });
  expect(res.status()).toBe(201);
  const [row] = await withDb((db) => db.select({ id: leads.id }).from(leads).where(eq(leads.emailKey, person)));
  leadId = row!.id;
});

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
