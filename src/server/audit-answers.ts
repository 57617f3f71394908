/**
 * Between the audit forms' answers and the `audit_submissions` row: which column holds each answer, and
 * the answers of a stored row as labelled sections (grouped by intake step) for the staff mail and the portal.
 */
import type { AuditSubmission, NewAuditSubmission } from '../db/schema.ts';
import { intakeOptions, labelOf, shortAuditOptions, type Option } from '../lib/forms/audit-options.ts';
import {
  intakeLabels,
  intakeStepFields,
  intakeStepTitles,
  isShown,
  type IntakeAnswers,
  type IntakeField,
} from '../lib/forms/intake.schema.ts';
import { normalizeWebsite, shortAuditLabels, type ShortAuditRequest } from '../lib/forms/short-audit.schema.ts';

type Column = keyof NewAuditSubmission & keyof AuditSubmission;

/** The column of each intake answer: the same name but for the lead's and LinkedIn's. */
export const intakeColumns: Record<Exclude<IntakeField, 'consent'>, Column> = {
  ...(Object.fromEntries(
    intakeStepFields
      .flat()
      .filter((field) => field !== 'consent')
      .map((field) => [field, field]),
  ) as Record<Exclude<IntakeField, 'consent'>, Column>),
  fullName: 'contactName',
  workEmail: 'contactEmail',
  phone: 'contactPhone',
  hasLinkedIn: 'hasLinkedin',
  linkedInUrl: 'linkedinUrl',
  linkedInFrequency: 'linkedinFrequency',
};

/** The columns of an intake; a conditional answer whose condition does not hold is stored empty. */
export function intakeRow(answers: IntakeAnswers): Partial<NewAuditSubmission> {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(intakeColumns) as [Exclude<IntakeField, 'consent'>, Column][]) {
    const value = answers[field];
    row[column] = isShown(field, answers) ? value : Array.isArray(value) ? [] : '';
  }
  return row as Partial<NewAuditSubmission>;
}

/** The columns of a short audit form (decision 5: its own columns, not the spec's reused ones). */
export function shortAuditRow(a: ShortAuditRequest): Partial<NewAuditSubmission> {
  const other = (on: boolean, text: string) => (on ? text : '');
  return {
    contactName: a.fullName,
    contactEmail: a.workEmail,
    contactPhone: a.phone,
    jobTitle: a.jobTitle,
    companyName: a.companyName,
    websiteUrl: normalizeWebsite(a.websiteUrl),
    address: a.address,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    serviceType: a.serviceType,
    otherServiceType: other(a.serviceType === 'other', a.otherServiceType),
    marketingChannels: a.marketingChannels,
    otherMarketingChannel: other(a.marketingChannels.includes('other'), a.otherMarketingChannel),
    teamSize: a.teamSize,
    painPoints: a.painPoints,
    otherPainPoint: other(a.painPoints.includes('other'), a.otherPainPoint),
    goals: a.goals,
  };
}

export interface AnswerSection {
  title: string;
  rows: [label: string, value: string][];
}

const show = (value: unknown, set?: readonly Option[]): string => {
  if (Array.isArray(value)) return value.map((v) => (set ? labelOf(set, String(v)) : String(v))).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return set && value ? labelOf(set, String(value)) : String(value ?? '');
};

const sets = intakeOptions as Partial<Record<string, readonly Option[]>>;
const shortSets = shortAuditOptions as Partial<Record<string, readonly Option[]>>;

/** Every answer of a stored submission under its question, grouped as the form asked them. */
export function answerSections(row: AuditSubmission): AnswerSection[] {
  if (row.source === 'contact_page') {
    const pick = (fields: (keyof typeof shortAuditLabels & string)[]) =>
      fields.map((f): [string, string] => {
        const column = (
          f === 'fullName' ? 'contactName' : f === 'workEmail' ? 'contactEmail' : f === 'phone' ? 'contactPhone' : f
        ) as Column;
        return [shortAuditLabels[f], show(row[column], shortSets[f])];
      });
    return [
      { title: 'Contact', rows: pick(['fullName', 'workEmail', 'phone', 'jobTitle']) },
      {
        title: 'Company',
        rows: pick([
          'companyName',
          'websiteUrl',
          'address',
          'city',
          'state',
          'zipCode',
          'serviceType',
          'otherServiceType',
        ]),
      },
      {
        title: 'Marketing',
        rows: pick(['marketingChannels', 'otherMarketingChannel', 'teamSize', 'painPoints', 'otherPainPoint', 'goals']),
      },
    ];
  }
  return intakeStepFields.slice(0, 4).map((fields, step) => ({
    title: intakeStepTitles[step]!,
    rows: fields.map((field): [string, string] => {
      const column = intakeColumns[field as Exclude<IntakeField, 'consent'>];
      return [intakeLabels[field], show(row[column], sets[field])];
    }),
  }));
}
