import { expect, test } from '@playwright/test';
import { site } from '../../../src/config/site.ts';
import { intakeSteps } from '../../../src/lib/forms/intake-steps.ts';
import { axeViolations } from '../helpers.ts';
import { jumpTo, nextButton, openIntake, stepHeading, submitButton, wizard } from './wizard.ts';

test.describe('intake stepper', () => {
  test.beforeEach(({ page }) => openIntake(page));

  test('the header scrolls to the form, and the step bar marks the current step and jumps to any step', async ({
    page,
  }) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Start Your ${site.auditName}`);
    await expect(page.getByRole('link', { name: 'Begin Intake' })).toHaveAttribute('href', '#intake-form');

    const bar = page.getByRole('navigation', { name: 'Intake steps' });
    await expect(bar.getByRole('button')).toHaveCount(5);
    for (const [i, { title }] of intakeSteps.entries())
      await expect(bar.getByRole('button').nth(i)).toContainText(`Step ${i + 1}${title}`);
    await expect(bar.locator('[aria-current="step"]')).toContainText('Company Profile');

    // Jumping does not validate: an empty step can be left by the bar.
    await jumpTo(page, 'Document Uploads (optional)');
    await expect(bar.locator('[aria-current="step"]')).toContainText('Document Uploads');
    await expect(stepHeading(page)).toBeFocused();
    await jumpTo(page, 'Business Development Setup');
    await page.getByRole('button', { name: '← Previous' }).click();
    await expect(stepHeading(page)).toHaveText('Marketing Presence');
    await expect(page.getByText('Step 2 of 5')).toBeVisible();
  });

  test('the bottom bar: privacy note, Continue that validates, Submit Inquiry on the last step, book a call', async ({
    page,
  }) => {
    await expect(
      page.getByText(/used solely to generate your Lift Audit™ and is never shared without your permission/),
    ).toBeVisible();
    const call = page.getByRole('link', { name: /Book a call/ });
    await expect(call).toHaveAttribute('href', site.scheduling.strategyCall);
    await expect(call).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('button', { name: '← Previous' })).toBeDisabled();

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(wizard(page).getByText('Company name is required')).toBeVisible();
    await expect(stepHeading(page)).toHaveText('Company Profile');
    await expect(submitButton(page)).toHaveCount(0);

    await jumpTo(page, 'Document Uploads (optional)');
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await expect(nextButton(page)).toHaveCount(0);
    await expect(submitButton(page)).toBeVisible();
  });

  test('a failed submit goes to the first step with an error, focuses it and announces the errors', async ({
    page,
  }) => {
    await jumpTo(page, 'Document Uploads (optional)');
    await submitButton(page).click();
    await expect(wizard(page).getByText('Please agree to the privacy policy to submit your audit request')).toHaveCount(
      0,
    );
    await expect(stepHeading(page)).toHaveText('Company Profile');
    await expect(stepHeading(page)).toBeFocused();
    await expect(wizard(page).getByText('Full name is required')).toBeVisible();
    await expect(page.getByRole('status')).toContainText('answers need your attention in Company Profile');
    const bar = page.getByRole('navigation', { name: 'Intake steps' });
    await expect(bar.getByRole('button', { name: /Company Profile/ })).toContainText('Needs attention');
    await expect(bar.getByRole('button', { name: /Business Development Setup/ })).toContainText('Needs attention');
    await expect(bar.getByRole('button', { name: /Marketing Presence/ })).not.toContainText('Needs attention');
    // The consent error waits on its own step.
    await jumpTo(page, 'Document Uploads (optional)');
    await expect(
      wizard(page).getByText('Please agree to the privacy policy to submit your audit request'),
    ).toBeVisible();
  });

  // One test a step, so the steps are read in parallel: the four steps with Next have their errors showing,
  // the documents step has none to show.
  for (const [i, { id, title }] of intakeSteps.entries()) {
    const withErrors = id !== 'documents';
    test(`step ${i + 1} passes axe${withErrors ? ' with its errors showing' : ''}: ${title}`, async ({ page }) => {
      await jumpTo(page, title);
      if (withErrors) await nextButton(page).click();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
