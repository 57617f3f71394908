/** Driving the intake wizard as a visitor does: by labels and roles, one step at a time. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { intakeOptions as o, labelOf } from '../../../src/lib/forms/audit-options.ts';
import { addressShape, leadShape } from '../../../src/lib/forms/audit-form.ts';
import { intakeLabels as l, type IntakeField, type IntakeValues } from '../../../src/lib/forms/intake.schema.ts';
import { intakeAnswers } from '../../fixtures/forms.ts';
import { hydrated } from '../helpers.ts';

export const wizard = (page: Page) => page.locator('#intake-wizard');
export const stepHeading = (page: Page) => page.locator('#intake-step-heading');
export const textbox = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
export const group = (scope: Locator, name: string) => scope.getByRole('group', { name, exact: true });
export const radios = (scope: Locator, name: string) => scope.getByRole('radiogroup', { name, exact: true });
export const nextButton = (page: Page) => page.getByRole('button', { name: /^Next Section: / });
export const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Inquiry' });

/** Opens the intake with an empty draft store, on a clock the test can move past the spam filter's minimum. */
export async function openIntake(page: Page, { keepDraft = false } = {}) {
  await page.clock.install();
  await page.goto('/audit-intake');
  if (!keepDraft) await page.evaluate(() => localStorage.clear());
  await hydrated(page);
}

/** Jumps to a step with the step bar (shown on medium and wider screens). */
export async function jumpTo(page: Page, title: string) {
  await page
    .getByRole('navigation', { name: 'Intake steps' })
    .getByRole('button', { name: new RegExp(title.replace(/[()]/g, '\\$&')) })
    .click();
  await expect(stepHeading(page)).toHaveText(title);
}

const check = async (
  scope: Locator,
  groupName: string,
  set: readonly { value: string; label: string }[],
  values: string[],
) => {
  for (const value of values)
    await group(scope, groupName)
      .getByRole('checkbox', { name: labelOf(set, value), exact: true })
      .check();
};
const choose = (scope: Locator, groupName: string, label: string) =>
  radios(scope, groupName).getByRole('radio', { name: label, exact: true }).check();

/** Fills step 1 with the answers (every conditional field on when the answers turn it on). */
export async function fillCompany(page: Page, a: IntakeValues = intakeAnswers()) {
  const w = wizard(page);
  for (const field of [...Object.keys(leadShape), 'companyName', ...Object.keys(addressShape)] as IntakeField[])
    await textbox(w, l[field]).fill(a[field] as string);
  await w.getByRole('combobox', { name: l.serviceType }).selectOption(a.serviceType as string);
  if (a.serviceType === 'other') await textbox(w, l.otherServiceType).fill(a.otherServiceType!);
  await textbox(w, l.location).fill(a.location!);
  await check(w, l.regions, o.regions, a.regions ?? []);
  if (a.regions?.includes('other')) await textbox(w, l.otherRegion).fill(a.otherRegion!);
  await choose(w, l.stageOfGrowth, labelOf(o.stageOfGrowth, a.stageOfGrowth as string));
}

export async function fillMarketing(page: Page, a: IntakeValues = intakeAnswers()) {
  const w = wizard(page);
  await choose(w, l.hasMarketingDept, labelOf(o.hasMarketingDept, a.hasMarketingDept!));
  if (a.hasMarketingDept === 'yes') await textbox(w, l.marketingDeptSize).fill(a.marketingDeptSize!);
  await choose(w, l.hasWebsite, a.hasWebsite ? 'Yes' : 'No');
  if (a.hasWebsite) {
    await textbox(w, l.currentWebsiteUrl).fill(a.currentWebsiteUrl!);
    await w.getByLabel(l.lastWebsiteUpdate).fill(a.lastWebsiteUpdate!);
  }
  await choose(w, l.hasLinkedIn, a.hasLinkedIn ? 'Yes' : 'No');
  if (a.hasLinkedIn) {
    await textbox(w, l.linkedInUrl).fill(a.linkedInUrl!);
    await textbox(w, l.linkedInFrequency).fill(a.linkedInFrequency!);
  }
  await textbox(w, l.eventsAttendedPerYear).fill(a.eventsAttendedPerYear!);
  await textbox(w, l.eventsExhibitedPerYear).fill(a.eventsExhibitedPerYear!);
  await check(w, l.heldOpenHouse, o.heldOpenHouse, a.heldOpenHouse ?? []);
  await check(w, l.marketingAssets, o.marketingAssets, a.marketingAssets ?? []);
  if (a.marketingAssets?.includes('other')) await textbox(w, l.otherMarketingAsset).fill(a.otherMarketingAsset!);
  await choose(w, l.paidAdvertising, labelOf(o.paidAdvertising, a.paidAdvertising!));
  if (a.paidAdvertising === 'yes') await textbox(w, l.adPlatforms).fill(a.adPlatforms!);
  await textbox(w, l.brandStory).fill(a.brandStory!);
}

export async function fillBd(page: Page, a: IntakeValues = intakeAnswers()) {
  const w = wizard(page);
  await choose(w, l.bdSetup, labelOf(o.bdSetup, a.bdSetup as string));
  await check(w, l.leadTracking, o.leadTracking, a.leadTracking ?? []);
  if (a.leadTracking?.includes('crm')) await textbox(w, l.crmSpecify).fill(a.crmSpecify!);
  await check(w, l.leadGeneration, o.leadGeneration, a.leadGeneration ?? []);
  if (a.leadGeneration?.includes('other')) await textbox(w, l.otherLeadGeneration).fill(a.otherLeadGeneration!);
  await choose(w, l.prospectingTools, labelOf(o.prospectingTools, a.prospectingTools!));
  if (a.prospectingTools === 'yes') await textbox(w, l.prospectingToolsSpecify).fill(a.prospectingToolsSpecify!);
  await choose(w, l.outreachTools, labelOf(o.outreachTools, a.outreachTools!));
  if (a.outreachTools === 'yes') await textbox(w, l.outreachToolsSpecify).fill(a.outreachToolsSpecify!);
}

export async function fillGoals(page: Page, a: IntakeValues = intakeAnswers()) {
  const w = wizard(page);
  await check(w, l.commercialGoals, o.commercialGoals, a.commercialGoals ?? []);
  if (a.commercialGoals?.includes('other')) await textbox(w, l.otherCommercialGoal).fill(a.otherCommercialGoal!);
  await textbox(w, l.biggestChallenge).fill(a.biggestChallenge!);
  await check(w, l.successLooksLike, o.successLooksLike, a.successLooksLike ?? []);
  if (a.successLooksLike?.includes('other')) await textbox(w, l.otherSuccessLooksLike).fill(a.otherSuccessLooksLike!);
  await choose(w, l.hiringMarketing, labelOf(o.hiringMarketing, a.hiringMarketing!));
  if (a.hiringMarketing === 'yes') await textbox(w, l.hiringMarketingCount).fill(a.hiringMarketingCount!);
  await textbox(w, l.marketingSpending).fill(a.marketingSpending!);
  await textbox(w, l.primaryCompetitors).fill(a.primaryCompetitors!);
}

/** Fills steps 1 to 4, moving on with Next after each, and lands on the documents step. */
export async function fillAll(page: Page, a: IntakeValues = intakeAnswers()) {
  for (const fill of [fillCompany, fillMarketing, fillBd, fillGoals]) {
    await fill(page, a);
    await nextButton(page).click();
  }
  await expect(stepHeading(page)).toHaveText('Document Uploads (optional)');
}

/** The bytes of a stored blob, read from the local Blobs folder of the e2e server. */
export function storedBlob(store: string, key: string): Buffer {
  const root = path.join(process.env.E2E_DATA_DIR!, 'blobs', 'entries');
  for (const site of readdirSync(root)) {
    for (const name of readdirSync(path.join(root, site))) {
      const file = path.join(root, site, name, ...key.split('/'));
      if (name.endsWith(store) && existsSync(file) && statSync(file).isFile()) return readFileSync(file);
    }
  }
  throw new Error(`No blob ${store}/${key} under ${root}`);
}
