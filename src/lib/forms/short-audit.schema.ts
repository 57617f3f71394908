/**
 * The contact page's short audit form (docs/product.md, docs/decisions/0003 to 0005): one schema
 * for the island and for `POST /api/audits`.
 */
import * as z from 'zod/mini';
import {
  addressShape,
  companyName,
  consentShape,
  emptyAnswers,
  formSchemas,
  has,
  is,
  leadShape,
  sharedLabels,
  shownBy,
  type AnswersOf,
  type Condition,
} from './audit-form.ts';
import { shortAuditOptions as o } from './audit-options.ts';
import { LONG_TEXT_MAX, multiChoice, optionalChoice, optionalText, requiredText } from './fields.ts';

/** `acme.com` becomes `https://acme.com`; anything that is then not an http(s) URL is refused. */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) || trimmed === '' ? trimmed : `https://${trimmed}`;
}

const isWebUrl = (value: string) => {
  try {
    const url = new URL(normalizeWebsite(value));
    return /^https?:$/.test(url.protocol) && url.hostname.includes('.');
  } catch {
    return false;
  }
};

const contact = leadShape;

const company = {
  companyName,
  websiteUrl: requiredText('Website URL is required', 500).check(
    z.refine((v) => v === '' || isWebUrl(v), 'Please enter a valid website URL'),
  ),
  ...addressShape,
  serviceType: optionalChoice(o.serviceType),
  otherServiceType: optionalText(),
};

const marketing = {
  marketingChannels: multiChoice(o.marketingChannels),
  otherMarketingChannel: optionalText(),
  teamSize: optionalChoice(o.teamSize),
  painPoints: multiChoice(o.painPoints),
  otherPainPoint: optionalText(),
  goals: optionalText(LONG_TEXT_MAX),
};

export const shortAuditShape = { ...contact, ...company, ...marketing, ...consentShape };

export type ShortAuditField = keyof typeof shortAuditShape;

/** The form's answers in the groups the staff mail and the portal show them in. */
export const shortAuditSections: { title: string; fields: ShortAuditField[] }[] = [
  { title: 'Contact', fields: Object.keys(contact) as ShortAuditField[] },
  { title: 'Company', fields: Object.keys(company) as ShortAuditField[] },
  { title: 'Marketing', fields: Object.keys(marketing) as ShortAuditField[] },
];

export const shortAuditConditions: Condition<AnswersOf<typeof shortAuditShape>>[] = [
  { field: 'otherServiceType', when: is('serviceType', 'other'), message: 'Please specify your service type' },
  {
    field: 'otherMarketingChannel',
    when: has('marketingChannels', 'other'),
    message: 'Please specify your other marketing channel',
  },
  { field: 'otherPainPoint', when: has('painPoints', 'other'), message: 'Please specify your other pain point' },
];

/** Whether a field is shown for these answers (fields without a condition always are). */
export const isShortAuditShown = shownBy(shortAuditConditions);

const schemas = formSchemas('contact_page', shortAuditShape, shortAuditConditions);

/** The island's form. */
export const shortAuditSchema = schemas.form;

/** The short form as `POST /api/audits` takes it. */
export const shortAuditRequestSchema = schemas.request;

export type ShortAuditValues = z.input<typeof shortAuditSchema>;
export type ShortAuditRequest = z.output<typeof shortAuditRequestSchema>;

export const shortAuditDefaults = (): ShortAuditValues => emptyAnswers(shortAuditShape) as ShortAuditValues;

export const shortAuditLabels: Record<ShortAuditField, string> = {
  ...sharedLabels,
  websiteUrl: 'Website URL',
  marketingChannels: 'Marketing channels you use',
  otherMarketingChannel: 'Other marketing channel',
  teamSize: 'Marketing team size',
  painPoints: 'Biggest pain points',
  otherPainPoint: 'Other pain point',
  goals: 'Your goals',
};
