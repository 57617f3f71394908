/**
 * The 5-step Lift Audit intake (spec sections 3 to 5, decisions 3 and 4): one schema for the wizard
 * (zodResolver) and for `POST /api/audits` (safeParse). The messages are the spec's, verbatim.
 */
import * as z from 'zod/mini';
import { intakeOptions as o } from './audit-options.ts';
import {
  consentField,
  emailField,
  LONG_TEXT_MAX,
  multiChoice,
  optionalChoice,
  optionalText,
  includes,
  requireWhen,
  requiredChoice,
  runOnObjects,
  requiredText,
} from './fields.ts';
import { personName } from './person-name.schema.ts';
import { submitMeta } from './spam.ts';

/** The earliest last-website-update date the form accepts. */
export const WEBSITE_UPDATE_MIN = '1990-01-01';
export const WEBSITE_UPDATE_MESSAGE = 'Please choose a date between Jan 01, 1990 and today';

const isoDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The latest date that counts as today: the visitor's own date in a browser; on the server, which runs in
 * UTC, the date where the day is furthest ahead (UTC+14), so no visitor's today is refused.
 */
export function latestToday(now = new Date()): string {
  if (typeof window !== 'undefined') return isoDate(now);
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** Whether `YYYY-MM-DD` names a day of the calendar (not 2023-02-31 or 2000-13-99). */
const isCalendarDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

const websiteUpdate = z._default(
  z.string().check(
    z.trim(),
    z.refine(
      (v) => v === '' || (isCalendarDate(v) && v >= WEBSITE_UPDATE_MIN && v <= latestToday()),
      WEBSITE_UPDATE_MESSAGE,
    ),
  ),
  '',
);

const url = () => optionalText(500);

export const intakeShape = {
  // Step 1, company profile, led by who the lead is (decision 3).
  fullName: personName('Full name is required'),
  workEmail: emailField('Work email is required', 'Please enter a valid work email address'),
  phone: optionalText(40),
  jobTitle: optionalText(),
  companyName: requiredText('Company name is required'),
  address: requiredText('Company address is required'),
  city: requiredText('City is required'),
  state: requiredText('State is required'),
  zipCode: requiredText('ZIP code is required', 20),
  serviceType: requiredChoice(o.serviceType, 'Please select your service type'),
  otherServiceType: optionalText(),
  location: requiredText('Headquarters location is required'),
  regions: multiChoice(o.regions),
  otherRegion: optionalText(),
  stageOfGrowth: requiredChoice(o.stageOfGrowth, 'Please select your company stage'),
  // Step 2, marketing presence.
  hasMarketingDept: optionalChoice(o.hasMarketingDept),
  marketingDeptSize: optionalText(),
  hasWebsite: z._default(z.boolean(), false),
  currentWebsiteUrl: url(),
  lastWebsiteUpdate: websiteUpdate,
  hasLinkedIn: z._default(z.boolean(), false),
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
  // Step 3, business development setup.
  bdSetup: requiredChoice(o.bdSetup, 'Please select your BD setup'),
  leadTracking: multiChoice(o.leadTracking),
  crmSpecify: optionalText(),
  leadGeneration: multiChoice(o.leadGeneration),
  otherLeadGeneration: optionalText(),
  prospectingTools: optionalChoice(o.prospectingTools),
  prospectingToolsSpecify: optionalText(),
  outreachTools: optionalChoice(o.outreachTools),
  outreachToolsSpecify: optionalText(),
  // Step 4, goals and pain points.
  commercialGoals: multiChoice(o.commercialGoals),
  otherCommercialGoal: optionalText(),
  biggestChallenge: optionalText(LONG_TEXT_MAX),
  successLooksLike: multiChoice(o.successLooksLike),
  otherSuccessLooksLike: optionalText(),
  hiringMarketing: optionalChoice(o.hiringMarketing),
  hiringMarketingCount: optionalText(),
  marketingSpending: optionalText(),
  primaryCompetitors: optionalText(LONG_TEXT_MAX),
  // Step 5, beside the documents: consent (decision 4).
  consent: consentField('Please agree to the privacy policy to submit your audit request'),
};

export type IntakeField = keyof typeof intakeShape;

type Answers = { [K in IntakeField]: z.output<(typeof intakeShape)[K]> };

/** Each conditional field of spec section 4 with the condition that shows it and its required message. */
export const intakeConditions: {
  field: IntakeField;
  when: (a: Answers) => boolean;
  message?: string;
}[] = [
  {
    field: 'otherServiceType',
    when: (a) => a.serviceType === 'other',
    message: 'Please specify your service type',
  },
  { field: 'otherRegion', when: (a) => includes(a.regions, 'other'), message: 'Please specify the other region' },
  {
    field: 'marketingDeptSize',
    when: (a) => a.hasMarketingDept === 'yes',
    message: 'Please specify your marketing department size',
  },
  { field: 'currentWebsiteUrl', when: (a) => a.hasWebsite, message: 'Please enter your website URL' },
  { field: 'lastWebsiteUpdate', when: (a) => a.hasWebsite },
  {
    field: 'linkedInUrl',
    when: (a) => a.hasLinkedIn,
    message: 'Please enter your LinkedIn company page URL',
  },
  { field: 'linkedInFrequency', when: (a) => a.hasLinkedIn },
  {
    field: 'otherMarketingAsset',
    when: (a) => includes(a.marketingAssets, 'other'),
    message: 'Please specify your other marketing asset',
  },
  {
    field: 'adPlatforms',
    when: (a) => a.paidAdvertising === 'yes',
    message: 'Please specify which ad platforms you use',
  },
  { field: 'crmSpecify', when: (a) => includes(a.leadTracking, 'crm'), message: 'Please specify which CRM you use' },
  {
    field: 'otherLeadGeneration',
    when: (a) => includes(a.leadGeneration, 'other'),
    message: 'Please specify your other lead generation methods',
  },
  {
    field: 'prospectingToolsSpecify',
    when: (a) => a.prospectingTools === 'yes',
    message: 'Please specify which prospecting tools you use',
  },
  {
    field: 'outreachToolsSpecify',
    when: (a) => a.outreachTools === 'yes',
    message: 'Please specify which outreach tools you use',
  },
  {
    field: 'otherCommercialGoal',
    when: (a) => includes(a.commercialGoals, 'other'),
    message: 'Please specify your other commercial goal',
  },
  {
    field: 'otherSuccessLooksLike',
    when: (a) => includes(a.successLooksLike, 'other'),
    message: 'Please specify what other success would look like',
  },
  {
    field: 'hiringMarketingCount',
    when: (a) => a.hiringMarketing === 'yes',
    message: "Please specify how many marketing personnel you're considering hiring",
  },
];

/** Whether a field is shown for these answers (fields without a condition always are). */
export const isShown = (field: IntakeField, answers: Answers): boolean =>
  intakeConditions.find((c) => c.field === field)?.when(answers) ?? true;

const conditionalRules = z.superRefine<Answers>(
  (answers, ctx) => {
    for (const { field, when, message } of intakeConditions) {
      if (message) requireWhen(ctx, when(answers), answers[field], field, message);
    }
  },
  { when: runOnObjects },
);

/** The wizard's form. */
export const intakeSchema = z.object(intakeShape).check(conditionalRules);

/** The intake as `POST /api/audits` takes it. */
export const intakeRequestSchema = z
  .object({ source: z.literal('intake'), ...intakeShape, ...submitMeta.shape })
  .check(conditionalRules);

export type IntakeValues = z.input<typeof intakeSchema>;
export type IntakeAnswers = z.output<typeof intakeSchema>;
export type IntakeRequest = z.output<typeof intakeRequestSchema>;

/** A fresh form: empty strings and lists, no website and no LinkedIn (spec section 3). */
export const intakeDefaults = (): IntakeValues => ({
  fullName: '',
  workEmail: '',
  phone: '',
  jobTitle: '',
  companyName: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  serviceType: '' as never,
  otherServiceType: '',
  location: '',
  regions: [],
  otherRegion: '',
  stageOfGrowth: '' as never,
  hasMarketingDept: '',
  marketingDeptSize: '',
  hasWebsite: false,
  currentWebsiteUrl: '',
  lastWebsiteUpdate: '',
  hasLinkedIn: false,
  linkedInUrl: '',
  linkedInFrequency: '',
  eventsAttendedPerYear: '',
  eventsExhibitedPerYear: '',
  heldOpenHouse: [],
  marketingAssets: [],
  otherMarketingAsset: '',
  paidAdvertising: '',
  adPlatforms: '',
  brandStory: '',
  bdSetup: '' as never,
  leadTracking: [],
  crmSpecify: '',
  leadGeneration: [],
  otherLeadGeneration: '',
  prospectingTools: '',
  prospectingToolsSpecify: '',
  outreachTools: '',
  outreachToolsSpecify: '',
  commercialGoals: [],
  otherCommercialGoal: '',
  biggestChallenge: '',
  successLooksLike: [],
  otherSuccessLooksLike: '',
  hiringMarketing: '',
  hiringMarketingCount: '',
  marketingSpending: '',
  primaryCompetitors: '',
  consent: false as never,
});

/** The question each answer responds to: the wizard's labels, the staff mail and the portal use them. */
export const intakeLabels: Record<IntakeField, string> = {
  fullName: 'Full name',
  workEmail: 'Work email',
  phone: 'Phone',
  jobTitle: 'Job title',
  companyName: 'Company name',
  address: 'Company address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  serviceType: 'Service type',
  otherServiceType: 'Other service type',
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
  consent: 'Consent',
};

/** The fields of each of the five steps, in order; step 5 holds the documents and the consent. */
export const intakeStepFields: readonly (readonly IntakeField[])[] = [
  [
    'fullName',
    'workEmail',
    'phone',
    'jobTitle',
    'companyName',
    'address',
    'city',
    'state',
    'zipCode',
    'serviceType',
    'otherServiceType',
    'location',
    'regions',
    'otherRegion',
    'stageOfGrowth',
  ],
  [
    'hasMarketingDept',
    'marketingDeptSize',
    'hasWebsite',
    'currentWebsiteUrl',
    'lastWebsiteUpdate',
    'hasLinkedIn',
    'linkedInUrl',
    'linkedInFrequency',
    'eventsAttendedPerYear',
    'eventsExhibitedPerYear',
    'heldOpenHouse',
    'marketingAssets',
    'otherMarketingAsset',
    'paidAdvertising',
    'adPlatforms',
    'brandStory',
  ],
  [
    'bdSetup',
    'leadTracking',
    'crmSpecify',
    'leadGeneration',
    'otherLeadGeneration',
    'prospectingTools',
    'prospectingToolsSpecify',
    'outreachTools',
    'outreachToolsSpecify',
  ],
  [
    'commercialGoals',
    'otherCommercialGoal',
    'biggestChallenge',
    'successLooksLike',
    'otherSuccessLooksLike',
    'hiringMarketing',
    'hiringMarketingCount',
    'marketingSpending',
    'primaryCompetitors',
  ],
  ['consent'],
];

/** The titles of the five steps (spec section 2). */
export const intakeStepTitles = [
  'Company Profile',
  'Marketing Presence',
  'Business Development Setup',
  'Goals & Pain Points',
  'Document Uploads (optional)',
] as const;
