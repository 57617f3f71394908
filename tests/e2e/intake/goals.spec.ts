import { expect, test } from '@playwright/test';
import { intakeLabels as l } from '../../../src/lib/forms/intake.schema.ts';
import { group, jumpTo, nextButton, openIntake, radios, stepHeading, textbox, wizard } from './wizard.ts';

test.describe('intake step 4: Goals & Pain Points', () => {
  test.beforeEach(async ({ page }) => {
    await openIntake(page);
    await jumpTo(page, 'Goals & Pain Points');
  });

  test('each "other" and the hiring count appear with their answer and are required while shown', async ({ page }) => {
    const w = wizard(page);
    await expect(nextButton(page)).toHaveText('Next Section: Document Uploads (optional) →');
    for (const field of [l.otherCommercialGoal, l.otherSuccessLooksLike, l.hiringMarketingCount])
      await expect(textbox(w, field)).toHaveCount(0);
    await group(w, l.commercialGoals).getByRole('checkbox', { name: 'Other' }).check();
    await group(w, l.successLooksLike).getByRole('checkbox', { name: 'Other' }).check();
    await radios(w, l.hiringMarketing).getByRole('radio', { name: 'Yes' }).check();
    await nextButton(page).click();
    for (const message of [
      'Please specify your other commercial goal',
      'Please specify what other success would look like',
      "Please specify how many marketing personnel you're considering hiring",
    ])
      await expect(w.getByText(message)).toBeVisible();
    await textbox(w, l.hiringMarketingCount).fill('2');
    await expect(w.getByText("Please specify how many marketing personnel you're considering hiring")).toHaveCount(0);
    await group(w, l.commercialGoals).getByRole('checkbox', { name: 'Other' }).uncheck();
    await group(w, l.successLooksLike).getByRole('checkbox', { name: 'Other' }).uncheck();
    await nextButton(page).click();
    await expect(stepHeading(page)).toHaveText('Document Uploads (optional)');
  });
});
