import { expect, test } from '@playwright/test';
import { intakeLabels as l } from '../../../src/lib/forms/intake.schema.ts';
import { group, jumpTo, nextButton, openIntake, radios, stepHeading, textbox, wizard } from './wizard.ts';

test.describe('intake step 3: Business Development Setup', () => {
  test.beforeEach(async ({ page }) => {
    await openIntake(page);
    await jumpTo(page, 'Business Development Setup');
  });

  test('the BD setup is required, and each "specify" field follows its answer', async ({ page }) => {
    const w = wizard(page);
    await nextButton(page).click();
    await expect(w.getByText('Please select your BD setup')).toBeVisible();
    await radios(w, l.bdSetup).getByRole('radio', { name: 'Founder-led business development' }).check();
    await expect(w.getByText('Please select your BD setup')).toHaveCount(0);

    const crm = group(w, l.leadTracking).getByRole('checkbox', { name: 'CRM', exact: true });
    const otherLead = group(w, l.leadGeneration).getByRole('checkbox', { name: 'Other' });
    const prospecting = radios(w, l.prospectingTools);
    const outreach = radios(w, l.outreachTools);
    for (const field of [l.crmSpecify, l.otherLeadGeneration, l.prospectingToolsSpecify, l.outreachToolsSpecify])
      await expect(textbox(w, field)).toHaveCount(0);
    await crm.check();
    await otherLead.check();
    await prospecting.getByRole('radio', { name: 'Yes' }).check();
    await outreach.getByRole('radio', { name: 'Yes' }).check();
    await nextButton(page).click();
    for (const message of [
      'Please specify which CRM you use',
      'Please specify your other lead generation methods',
      'Please specify which prospecting tools you use',
      'Please specify which outreach tools you use',
    ])
      await expect(w.getByText(message)).toBeVisible();
    await expect(stepHeading(page)).toHaveText('Business Development Setup');

    await textbox(w, l.crmSpecify).fill('HubSpot');
    await textbox(w, l.otherLeadGeneration).fill('Academic collaborations');
    await prospecting.getByRole('radio', { name: 'No' }).check();
    await outreach.getByRole('radio', { name: 'Not sure' }).check();
    await expect(textbox(w, l.prospectingToolsSpecify)).toHaveCount(0);
    await expect(textbox(w, l.outreachToolsSpecify)).toHaveCount(0);
    await nextButton(page).click();
    await expect(stepHeading(page)).toHaveText('Goals & Pain Points');
  });
});
