/**
 * The contact page's short audit form (spec section 3 "Short audit form", decisions 3 to 5): one schema
 * for the island and for `POST /api/audits`.
 */
import * as z from 'zod/mini';
import { shortAuditOptions as o } from './audit-options.ts';
import {
  consentField,
  emailField,
  LONG_TEXT_MAX,
  multiChoice,
  optionalChoice,
  includes,
  optionalText,
  requireWhen,
  runOnObjects,
  requiredText,
} from './fields.ts';
import { personName } from './person-name.schema.ts';
import { submitMeta } from './spam.ts';

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

export const shortAuditShape = {
  fullName: personName('Full name is required'),
  workEmail: emailField('Work email is required', 'Please enter a valid work email address'),
  phone: optionalText(40),
  jobTitle: optionalText(),
  companyName: requiredText('Company name is required'),
  websiteUrl: requiredText('Website URL is required', 500).check(
    z.refine((v) => v === '' || isWebUrl(v), 'Please enter a valid website URL'),
  ),
  address: requiredText('Company address is required'),
  city: requiredText('City is required'),
  state: requiredText('State is required'),
  zipCode: requiredText('ZIP code is required', 20),
  serviceType: optionalChoice(o.serviceType),
  otherServiceType: optionalText(),
  marketingChannels: multiChoice(o.marketingChannels),
  otherMarketingChannel: optionalText(),
  teamSize: optionalChoice(o.teamSize),
  painPoints: multiChoice(o.painPoints),
  otherPainPoint: optionalText(),
  goals: optionalText(LONG_TEXT_MAX),
  consent: consentField('Please agree to the privacy policy to submit your audit request'),
};

export type ShortAuditField = keyof typeof shortAuditShape;
type Answers = { [K in ShortAuditField]: z.output<(typeof shortAuditShape)[K]> };

const rules = z.superRefine<Answers>(
  (a, ctx) => {
    requireWhen(
      ctx,
      a.serviceType === 'other',
      a.otherServiceType,
      'otherServiceType',
      'Please specify your service type',
    );
    requireWhen(
      ctx,
      includes(a.marketingChannels, 'other'),
      a.otherMarketingChannel,
      'otherMarketingChannel',
      'Please specify your other marketing channel',
    );
    requireWhen(
      ctx,
      includes(a.painPoints, 'other'),
      a.otherPainPoint,
      'otherPainPoint',
      'Please specify your other pain point',
    );
  },
  { when: runOnObjects },
);

/** The island's form. */
export const shortAuditSchema = z.object(shortAuditShape).check(rules);

/** The short form as `POST /api/audits` takes it. */
export const shortAuditRequestSchema = z
  .object({ source: z.literal('contact_page'), ...shortAuditShape, ...submitMeta.shape })
  .check(rules);

export type ShortAuditValues = z.input<typeof shortAuditSchema>;
export type ShortAuditRequest = z.output<typeof shortAuditRequestSchema>;

export const shortAuditDefaults = (): ShortAuditValues => ({
  fullName: '',
  workEmail: '',
  phone: '',
  jobTitle: '',
  companyName: '',
  websiteUrl: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  serviceType: '',
  otherServiceType: '',
  marketingChannels: [],
  otherMarketingChannel: '',
  teamSize: '',
  painPoints: [],
  otherPainPoint: '',
  goals: '',
  consent: false as never,
});

export const shortAuditLabels: Record<ShortAuditField, string> = {
  fullName: 'Full name',
  workEmail: 'Work email',
  phone: 'Phone',
  jobTitle: 'Job title',
  companyName: 'Company name',
  websiteUrl: 'Website URL',
  address: 'Company address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  serviceType: 'Service type',
  otherServiceType: 'Other service type',
  marketingChannels: 'Marketing channels you use',
  otherMarketingChannel: 'Other marketing channel',
  teamSize: 'Marketing team size',
  painPoints: 'Biggest pain points',
  otherPainPoint: 'Other pain point',
  goals: 'Your goals',
  consent: 'Consent',
};
