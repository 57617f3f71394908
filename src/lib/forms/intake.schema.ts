/**
 * The 5-step Lift Audit intake (docs/product.md, docs/decisions/0003 and 0004): one schema for the wizard
 * (zodResolver) and for `POST /api/audits` (safeParse). The fields and their rules stand step by step in
 * intake-steps.ts; here are the conditional fields, the questions and the schemas. The messages are the
 * product's own, verbatim (tests hold them).
 */
import {
  emptyAnswers,
  formSchemas,
  has,
  is,
  sharedLabels,
  shownBy,
  type AnswersOf,
  type Condition,
} from './audit-form.ts';
import type * as z from 'zod/mini';
import { intakeShape, type IntakeField } from './intake-steps.ts';

export { WEBSITE_UPDATE_MESSAGE, WEBSITE_UPDATE_MIN, latestToday } from './intake-dates.ts';
export { intakeShape, intakeSteps, type IntakeField } from './intake-steps.ts';

type Answers = AnswersOf<typeof intakeShape>;

/** Each conditional field of docs/product.md with the condition that shows it and its required message. */
export const intakeConditions: Condition<Answers>[] = [
  { field: 'otherServiceType', when: is('serviceType', 'other'), message: 'Please specify your service type' },
  { field: 'otherRegion', when: has('regions', 'other'), message: 'Please specify the other region' },
  {
    field: 'marketingDeptSize',
    when: is('hasMarketingDept', 'yes'),
    message: 'Please specify your marketing department size',
  },
  { field: 'currentWebsiteUrl', when: (a) => a.hasWebsite, message: 'Please enter your website URL' },
  { field: 'lastWebsiteUpdate', when: (a) => a.hasWebsite },
  { field: 'linkedInUrl', when: (a) => a.hasLinkedIn, message: 'Please enter your LinkedIn company page URL' },
  { field: 'linkedInFrequency', when: (a) => a.hasLinkedIn },
  {
    field: 'otherMarketingAsset',
    when: has('marketingAssets', 'other'),
    message: 'Please specify your other marketing asset',
  },
  { field: 'adPlatforms', when: is('paidAdvertising', 'yes'), message: 'Please specify which ad platforms you use' },
  { field: 'crmSpecify', when: has('leadTracking', 'crm'), message: 'Please specify which CRM you use' },
  {
    field: 'otherLeadGeneration',
    when: has('leadGeneration', 'other'),
    message: 'Please specify your other lead generation methods',
  },
  {
    field: 'prospectingToolsSpecify',
    when: is('prospectingTools', 'yes'),
    message: 'Please specify which prospecting tools you use',
  },
  {
    field: 'outreachToolsSpecify',
    when: is('outreachTools', 'yes'),
    message: 'Please specify which outreach tools you use',
  },
  {
    field: 'otherCommercialGoal',
    when: has('commercialGoals', 'other'),
    message: 'Please specify your other commercial goal',
  },
  {
    field: 'otherSuccessLooksLike',
    when: has('successLooksLike', 'other'),
    message: 'Please specify what other success would look like',
  },
  {
    field: 'hiringMarketingCount',
    when: is('hiringMarketing', 'yes'),
    message: "Please specify how many marketing personnel you're considering hiring",
  },
];

/** Whether a field is shown for these answers (fields without a condition always are). */
export const isShown: (field: IntakeField, answers: Answers) => boolean = shownBy(intakeConditions);

const schemas = formSchemas('intake', intakeShape, intakeConditions);

/** The wizard's form. */
export const intakeSchema = schemas.form;

/** The intake as `POST /api/audits` takes it. */
export const intakeRequestSchema = schemas.request;

export type IntakeValues = z.input<typeof intakeSchema>;
export type IntakeAnswers = z.output<typeof intakeSchema>;
export type IntakeRequest = z.output<typeof intakeRequestSchema>;

/** A fresh form: empty strings and lists, no website and no LinkedIn (docs/product.md). */
export const intakeDefaults = (): IntakeValues => emptyAnswers(intakeShape) as IntakeValues;

/** The question each answer responds to: the wizard's labels, the staff mail and the portal use them. */
export const intakeLabels: Record<IntakeField, string> = {
  ...sharedLabels,
  location: 'Headquarters location (City, Country)',
  regions: 'Regions you serve',
  otherRegion: 'Other region',
  stageOfGrowth: 'Company stage',
  hasMarketingDept: 'Do you have a marketing department?',
  marketingDeptSize: 'Marketing department size',
  hasWebsite: 'Do you have a website?',
  currentWebsiteUrl: 'Website URL',
  lastWebsiteUpdate: 'When was your website last updated?',
  hasLinkedIn: 'Do you have a LinkedIn company page?',
  linkedInUrl: 'LinkedIn company page URL',
  linkedInFrequency: 'How often do you post on LinkedIn?',
  eventsAttendedPerYear: 'Events attended per year',
  eventsExhibitedPerYear: 'Events exhibited at per year',
  heldOpenHouse: 'Events you have hosted or sponsored',
  marketingAssets: 'Marketing assets you have',
  otherMarketingAsset: 'Other marketing asset',
  paidAdvertising: 'Do you use paid advertising?',
  adPlatforms: 'Ad platforms',
  brandStory: 'Your brand story',
  bdSetup: 'Business development setup',
  leadTracking: 'How you track leads',
  crmSpecify: 'Which CRM',
  leadGeneration: 'How you generate leads',
  otherLeadGeneration: 'Other lead generation methods',
  prospectingTools: 'Do you use prospecting tools?',
  prospectingToolsSpecify: 'Which prospecting tools',
  outreachTools: 'Do you use outreach tools?',
  outreachToolsSpecify: 'Which outreach tools',
  commercialGoals: 'Commercial goals for the next 12 months',
  otherCommercialGoal: 'Other commercial goal',
  biggestChallenge: 'Biggest marketing or BD challenge',
  successLooksLike: 'What success from this audit looks like',
  otherSuccessLooksLike: 'Other success',
  hiringMarketing: 'Considering hiring marketing staff?',
  hiringMarketingCount: 'How many marketing hires',
  marketingSpending: 'Annual marketing spend',
  primaryCompetitors: 'Primary competitors',
};
