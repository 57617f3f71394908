import { expect, test } from '@playwright/test';
import { intakeLabels as l } from '../../../src/lib/forms/intake.schema.ts';
import { fillCompany, group, nextButton, openIntake, stepHeading, textbox, wizard } from './wizard.ts';

test.describe('intake step 1: Company Profile', () => {
  test.beforeEach(({ page }) => openIntake(page));

  test('Next shows every required message of the step, and each clears once fixed', async ({ page }) => {
    await expect(nextButton(page)).toHaveText('Next Section: Marketing Presence →');
    await nextButton(page).click();
    const w = wizard(page);
    const messages = [
      'Full name is required',
      'Work email is required',
      'Company name is required',
      'Company address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'Please select your service type',
      'Headquarters location is required',
      'Please select your company stage',
    ];
    for (const message of messages) await expect(w.getByText(message, { exact: true })).toBeVisible();
    await expect(stepHeading(page)).toHaveText('Company Profile');
    await expect(textbox(w, l.fullName)).toBeFocused();
    await expect(page.getByRole('status')).toContainText('10 answers need your attention in Company Profile');

    await textbox(w, l.companyName).fill('mRNA Labs');
    await expect(w.getByText('Company name is required')).toHaveCount(0);
    await w.getByRole('combobox', { name: l.serviceType }).selectOption('cro');
    await expect(w.getByText('Please select your service type')).toHaveCount(0);
    await textbox(w, l.workEmail).fill('not-an-email');
    await expect(w.getByText('Please enter a valid work email address')).toBeVisible();
  });

  test('the other service type and other region appear only with their condition, and are then required', async ({
    page,
  }) => {
    const w = wizard(page);
    const serviceType = w.getByRole('combobox', { name: l.serviceType });
    await expect(textbox(w, l.otherServiceType)).toHaveCount(0);
    await serviceType.selectOption('other');
    await expect(textbox(w, l.otherServiceType)).toBeVisible();
    const regions = group(w, l.regions);
    await expect(regions).toContainText('Select all that apply');
    await expect(textbox(w, l.otherRegion)).toHaveCount(0);
    await regions.getByRole('checkbox', { name: 'Other' }).check();
    await expect(textbox(w, l.otherRegion)).toBeVisible();

    await nextButton(page).click();
    await expect(w.getByText('Please specify your service type')).toBeVisible();
    await expect(w.getByText('Please specify the other region')).toBeVisible();
    await textbox(w, l.otherRegion).fill('Middle East');
    await expect(w.getByText('Please specify the other region')).toHaveCount(0);

    await serviceType.selectOption('biotech');
    await expect(textbox(w, l.otherServiceType)).toHaveCount(0);
    await regions.getByRole('checkbox', { name: 'Other' }).uncheck();
    await expect(textbox(w, l.otherRegion)).toHaveCount(0);
  });

  test('multi-select boxes toggle in and out of the list', async ({ page }) => {
    const regions = group(wizard(page), l.regions);
    const europe = regions.getByRole('checkbox', { name: 'Europe' });
    await europe.check();
    await regions.getByRole('checkbox', { name: 'Asia' }).check();
    await europe.uncheck();
    await expect(europe).not.toBeChecked();
    await expect(regions.getByRole('checkbox', { name: 'Asia' })).toBeChecked();
  });

  test('a complete step moves on to Marketing Presence and puts focus on its heading', async ({ page }) => {
    await fillCompany(page);
    await nextButton(page).click();
    await expect(stepHeading(page)).toHaveText('Marketing Presence');
    await expect(stepHeading(page)).toBeFocused();
    await expect(nextButton(page)).toHaveText('Next Section: Business Development Setup →');
  });
});
