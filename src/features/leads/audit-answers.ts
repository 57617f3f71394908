/**
 * Between the audit forms' answers and the `audit_submissions` row: which column holds each answer, and
 * the answers of a stored row as labelled sections (the intake's steps, the short form's groups) for the
 * staff mail and the portal.
 */
import type { AuditSubmission, NewAuditSubmission } from '../../db/schema.ts';
import { intakeOptions, labelOf, shortAuditOptions, type Option } from '../../lib/forms/audit-options.ts';
import {
  intakeLabels,
  intakeSteps,
  isShown,
  type IntakeAnswers,
  type IntakeField,
} from '../../lib/forms/intake.schema.ts';
import {
  isShortAuditShown,
  normalizeWebsite,
  shortAuditLabels,
  shortAuditSections,
  type ShortAuditRequest,
} from '../../lib/forms/short-audit.schema.ts';

type Column = keyof NewAuditSubmission & keyof AuditSubmission;

/** The columns named differently from the answers they hold; every other answer has a column of its name. */
export const renamedColumns: Readonly<Record<string, Column>> = {
  fullName: 'contactName',
  workEmail: 'contactEmail',
  phone: 'contactPhone',
  hasLinkedIn: 'hasLinkedin',
  linkedInUrl: 'linkedinUrl',
  linkedInFrequency: 'linkedinFrequency',
};

const columnOf = (field: string): Column => renamedColumns[field] ?? (field as Column);

type StoredField = Exclude<IntakeField, 'consent'>;

/** The column of each intake answer (the consent is stored as its time and version, not as an answer). */
export const intakeColumns = Object.fromEntries(
  intakeSteps.flatMap((step) => step.fields.filter((field) => field !== 'consent').map((f) => [f, columnOf(f)])),
) as Record<StoredField, Column>;

/** The columns of `answers`; a conditional answer whose condition does not hold is stored empty. */
function rowOf<F extends string, A extends Record<F, unknown>>(
  answers: A,
  fields: readonly F[],
  shown: (field: F, answers: A) => boolean,
): Partial<NewAuditSubmission> {
  const row: Record<string, unknown> = {};
  for (const field of fields) {
    const value = answers[field];
    row[columnOf(field)] = shown(field, answers) ? value : Array.isArray(value) ? [] : '';
  }
  return row as Partial<NewAuditSubmission>;
}

/** The columns of an intake. */
export const intakeRow = (answers: IntakeAnswers): Partial<NewAuditSubmission> =>
  rowOf(answers, Object.keys(intakeColumns) as StoredField[], isShown);

/** The columns of a short audit form (docs/decisions/0005-short-audit-form-stored-faithfully.md: its own columns, not another form's columns reused). */
export const shortAuditRow = (answers: ShortAuditRequest): Partial<NewAuditSubmission> => ({
  ...rowOf(
    answers,
    shortAuditSections.flatMap((s) => s.fields),
    isShortAuditShown,
  ),
  websiteUrl: normalizeWebsite(answers.websiteUrl),
});

export interface AnswerSection {
  title: string;
  rows: [label: string, value: string][];
}

const show = (value: unknown, set?: readonly Option[]): string => {
  if (Array.isArray(value)) return value.map((v) => (set ? labelOf(set, String(v)) : String(v))).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return set && value ? labelOf(set, String(value)) : String(value ?? '');
};

/** Every stored answer of `sections` under its question; a section without stored answers is left out. */
function sectionsOf(
  row: AuditSubmission,
  sections: readonly { title: string; fields: readonly string[] }[],
  labels: Readonly<Record<string, string>>,
  options: Readonly<Record<string, readonly Option[]>>,
): AnswerSection[] {
  return sections
    .map(({ title, fields }) => ({
      title,
      rows: fields
        .filter((field) => field !== 'consent')
        .map((field): [string, string] => [labels[field]!, show(row[columnOf(field)], options[field])]),
    }))
    .filter((section) => section.rows.length > 0);
}

/** Every answer of a stored submission under its question, grouped as the form asked them. */
export const answerSections = (row: AuditSubmission): AnswerSection[] =>
  row.source === 'contact_page'
    ? sectionsOf(row, shortAuditSections, shortAuditLabels, shortAuditOptions)
    : sectionsOf(row, intakeSteps, intakeLabels, intakeOptions);

/** One answer of a stored submission as the form asked it: the question and the answer in words. */
export function answerOf(row: AuditSubmission, field: string): { field: string; label: string; answer: string } {
  const intake = row.source !== 'contact_page';
  const labels: Readonly<Record<string, string>> = intake ? intakeLabels : shortAuditLabels;
  const options: Readonly<Record<string, readonly Option[]>> = intake ? intakeOptions : shortAuditOptions;
  const answer = show(row[columnOf(field)], options[field]).trim();
  return { field, label: labels[field] ?? field, answer: answer || 'Not answered' };
}
