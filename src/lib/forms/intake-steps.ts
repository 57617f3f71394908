/**
 * The five steps of the Lift Audit intake (docs/product.md), in order: each step's id, title and
 * fields with their rules. The one list the wizard walks, Next validates by, and the staff mail and the
 * portal group answers by; the wizard's island pairs each id with the component that asks the questions.
 */
import * as z from 'zod/mini';
import { addressShape, companyName, consentShape, leadShape, type FormShape } from './audit-form.ts';
import { intakeOptions as o } from './audit-options.ts';
import { LONG_TEXT_MAX, multiChoice, optionalChoice, optionalText, requiredChoice, requiredText } from './fields.ts';
import { websiteUpdate } from './intake-dates.ts';

const url = () => optionalText(500);
const yesNo = () => z._default(z.boolean(), false);

/** Step 1: who the lead is (first, docs/decisions/0003-audit-forms-ask-who-the-lead-is.md), then the company. */
const company = {
  ...leadShape,
  companyName,
  ...addressShape,
  serviceType: requiredChoice(o.serviceType, 'Please select your service type'),
  otherServiceType: optionalText(),
  location: requiredText('Headquarters location is required'),
  regions: multiChoice(o.regions),
  otherRegion: optionalText(),
  stageOfGrowth: requiredChoice(o.stageOfGrowth, 'Please select your company stage'),
};

const marketing = {
  hasMarketingDept: optionalChoice(o.hasMarketingDept),
  marketingDeptSize: optionalText(),
  hasWebsite: yesNo(),
  currentWebsiteUrl: url(),
  lastWebsiteUpdate: websiteUpdate,
  hasLinkedIn: yesNo(),
  linkedInUrl: url(),
  linkedInFrequency: optionalText(),
  eventsAttendedPerYear: optionalText(),
  eventsExhibitedPerYear: optionalText(),
  heldOpenHouse: multiChoice(o.heldOpenHouse),
  marketingAssets: multiChoice(o.marketingAssets),
  otherMarketingAsset: optionalText(),
  paidAdvertising: optionalChoice(o.paidAdvertising),
  adPlatforms: optionalText(),
  brandStory: optionalText(LONG_TEXT_MAX),
};

const bd = {
  bdSetup: requiredChoice(o.bdSetup, 'Please select your BD setup'),
  leadTracking: multiChoice(o.leadTracking),
  crmSpecify: optionalText(),
  leadGeneration: multiChoice(o.leadGeneration),
  otherLeadGeneration: optionalText(),
  prospectingTools: optionalChoice(o.prospectingTools),
  prospectingToolsSpecify: optionalText(),
  outreachTools: optionalChoice(o.outreachTools),
  outreachToolsSpecify: optionalText(),
};

const goals = {
  commercialGoals: multiChoice(o.commercialGoals),
  otherCommercialGoal: optionalText(),
  biggestChallenge: optionalText(LONG_TEXT_MAX),
  successLooksLike: multiChoice(o.successLooksLike),
  otherSuccessLooksLike: optionalText(),
  hiringMarketing: optionalChoice(o.hiringMarketing),
  hiringMarketingCount: optionalText(),
  marketingSpending: optionalText(),
  primaryCompetitors: optionalText(LONG_TEXT_MAX),
};

/** Every field of the intake, step by step. */
export const intakeShape = { ...company, ...marketing, ...bd, ...goals, ...consentShape };

export type IntakeField = keyof typeof intakeShape;

const step = <const Id extends string, S extends FormShape>(id: Id, title: string, shape: S) => ({
  id,
  title,
  fields: Object.keys(shape) as (keyof S & IntakeField)[],
});

/** The steps in order; the documents step holds, beside the uploads, the consent (docs/decisions/0004-consent-on-every-public-form.md). */
export const intakeSteps = [
  step('company', 'Company Profile', company),
  step('marketing', 'Marketing Presence', marketing),
  step('bd', 'Business Development Setup', bd),
  step('goals', 'Goals & Pain Points', goals),
  step('documents', 'Document Uploads (optional)', consentShape),
] as const;

export type IntakeStep = (typeof intakeSteps)[number];
export type IntakeStepId = IntakeStep['id'];

/** The index of the step that asks `field` (the first step for a name no step asks). */
export const stepOfField = (field: string): number => {
  const index = intakeSteps.findIndex((s) => (s.fields as readonly string[]).includes(field));
  return index === -1 ? 0 : index;
};
