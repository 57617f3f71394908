import { expect, test } from '@playwright/test';
import { intakeLabels as l } from '../../../src/lib/forms/intake.schema.ts';
import { group, jumpTo, nextButton, openIntake, radios, textbox, wizard } from './wizard.ts';

const dateMessage = 'Please choose a date between Jan 01, 1990 and today';

test.describe('intake step 2: Marketing Presence', () => {
  test.beforeEach(async ({ page }) => {
    await openIntake(page);
    await jumpTo(page, 'Marketing Presence');
  });

  test('each conditional field appears with its answer, disappears without it, and is required meanwhile', async ({
    page,
  }) => {
    const w = wizard(page);
    const cases: { open: () => Promise<void>; close: () => Promise<void>; field: string; message: string }[] = [
      {
        open: () => radios(w, l.hasMarketingDept).getByRole('radio', { name: 'Yes' }).check(),
        close: () => radios(w, l.hasMarketingDept).getByRole('radio', { name: 'Outsourced' }).check(),
        field: l.marketingDeptSize,
        message: 'Please specify your marketing department size',
      },
      {
        open: () => radios(w, l.hasWebsite).getByRole('radio', { name: 'Yes' }).check(),
        close: () => radios(w, l.hasWebsite).getByRole('radio', { name: 'No' }).check(),
        field: l.currentWebsiteUrl,
        message: 'Please enter your website URL',
      },
      {
        open: () => radios(w, l.hasLinkedIn).getByRole('radio', { name: 'Yes' }).check(),
        close: () => radios(w, l.hasLinkedIn).getByRole('radio', { name: 'No' }).check(),
        field: l.linkedInUrl,
        message: 'Please enter your LinkedIn company page URL',
      },
      {
        open: () => group(w, l.marketingAssets).getByRole('checkbox', { name: 'Other' }).check(),
        close: () => group(w, l.marketingAssets).getByRole('checkbox', { name: 'Other' }).uncheck(),
        field: l.otherMarketingAsset,
        message: 'Please specify your other marketing asset',
      },
      {
        open: () => radios(w, l.paidAdvertising).getByRole('radio', { name: 'Yes' }).check(),
        close: () => radios(w, l.paidAdvertising).getByRole('radio', { name: 'Not sure' }).check(),
        field: l.adPlatforms,
        message: 'Please specify which ad platforms you use',
      },
    ];
    for (const c of cases) {
      await expect(textbox(w, c.field)).toHaveCount(0);
      await c.open();
      await expect(textbox(w, c.field)).toBeVisible();
    }
    await nextButton(page).click();
    for (const c of cases) await expect(w.getByText(c.message)).toBeVisible();
    await textbox(w, l.adPlatforms).fill('LinkedIn Ads');
    await expect(w.getByText('Please specify which ad platforms you use')).toHaveCount(0);
    for (const c of cases) {
      await c.close();
      await expect(textbox(w, c.field)).toHaveCount(0);
    }
    await expect(w.getByText('LinkedIn company page URL')).toHaveCount(0);
    await expect(group(w, l.heldOpenHouse)).toContainText('None of the above');
  });

  test('the last website update refuses dates before 1990-01-01 and after today', async ({ page }) => {
    const w = wizard(page);
    await radios(w, l.hasWebsite).getByRole('radio', { name: 'Yes' }).check();
    await textbox(w, l.currentWebsiteUrl).fill('https://example.com');
    const date = w.getByLabel(l.lastWebsiteUpdate);
    await expect(date).toHaveAttribute('min', '1990-01-01');
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await expect(date).toHaveAttribute('max', today);

    await date.fill('1989-12-31');
    await nextButton(page).click();
    await expect(w.getByText(dateMessage)).toBeVisible();
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    await date.fill(nextYear);
    await expect(w.getByText(dateMessage)).toBeVisible();
    await date.fill('1990-01-01');
    await expect(w.getByText(dateMessage)).toHaveCount(0);
    await date.fill(today);
    await expect(w.getByText(dateMessage)).toHaveCount(0);
    await nextButton(page).click();
    await expect(page.locator('#intake-step-heading')).toHaveText('Business Development Setup');
  });
});
