/** Audit submissions as stored rows, without a database: every column empty unless a test sets it. */
import { getTableColumns } from 'drizzle-orm';
import { auditSubmissions, type AuditSubmission } from '../../../../src/db/schema.ts';
import { intakeSchema } from '../../../../src/lib/forms/intake.schema.ts';
import { intakeRow } from '../../../../src/features/leads/audit-answers.ts';
import { intakeAnswers } from '../../../fixtures/forms.ts';

const SUBMITTED = new Date('2026-06-01T12:00:00Z');

function emptyRow(): AuditSubmission {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(auditSubmissions))) {
    row[key] = column.columnType === 'PgArray' ? [] : column.dataType === 'boolean' ? false : '';
  }
  return {
    ...(row as AuditSubmission),
    id: '00000000-0000-4000-8000-000000000001',
    status: 'pending',
    isSpam: false,
    spamReason: null,
    consentedAt: SUBMITTED,
    createdAt: SUBMITTED,
    updatedAt: SUBMITTED,
  };
}

/** An intake submitted on 2026-06-01 with `answers`; everything else unanswered. */
export const intake = (answers: Partial<AuditSubmission> = {}): AuditSubmission => ({
  ...emptyRow(),
  source: 'intake',
  companyName: 'Helix Labs',
  ...answers,
});

/** A short contact-page audit request with `answers`. */
export const shortForm = (answers: Partial<AuditSubmission> = {}): AuditSubmission => ({
  ...emptyRow(),
  source: 'contact_page',
  companyName: 'Helix Labs',
  websiteUrl: 'https://helix.example',
  ...answers,
});

/** A thorough intake: the shared fixture's answers (tests/fixtures/forms.ts) as the server stores them. */
export const fullIntake = (answers: Partial<AuditSubmission> = {}): AuditSubmission =>
  intake({ ...intakeRow(intakeSchema.parse(intakeAnswers())), ...answers });
