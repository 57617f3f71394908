/**
 * The leads' contract, browser-safe: the public forms' request schemas (kept in src/lib/forms, which the
 * forms' islands share) and their replies, the answers' labelled sections, and the replies of
 * `/api/admin/submissions` and `/api/admin/messages`. Functions and islands import them from here.
 */
import type { AuditSubmission } from '../../db/schema.ts';
import * as z from 'zod/mini';
import { messageStatuses, submissionStatuses, type MessageStatus } from '../../lib/statuses.ts';
import type { SubmissionClock } from '../../lib/audit-report.ts';
import type { AnswerSection } from './audit-answers.ts';

export { auditRequestSchema, type AuditRequest } from '../../lib/forms/audit.schema.ts';
export { contactSchema, type ContactInput } from '../../lib/forms/contact.schema.ts';
export { answerOf, answerSections, type AnswerSection } from './audit-answers.ts';

/** The body of `PATCH /api/admin/submissions/:id`. */
export const submissionStatusSchema = z.object({
  status: z.enum(submissionStatuses, 'Choose pending, reviewed or completed'),
});

/** The body of `PATCH /api/admin/messages/:id`. */
export const messageStatusSchema = z.object({
  status: z.enum(messageStatuses, 'Choose unread, read or replied'),
});

/** The 201 reply of a public form (`/api/contact`, `/api/audits`): the stored record's id. */
export interface PublicFormReply {
  id: string;
}

/** The 201 reply of `/api/audits`. */
export interface AuditReply extends PublicFormReply {
  /** Only for an intake that is not spam: lets the browser attach its documents to this submission. */
  uploadToken?: string;
  uploadTokenExpiresAt?: string;
}

/** A message as the list shows it, every field of it (the list shows its text). */
export interface MessageListItem {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  subscribe: boolean;
  consentVersion: string;
  consentedAt: Date;
  status: MessageStatus;
  isSpam: boolean;
  spamReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A submission as the list shows it, with its clock (review due in 24 h, audit in 72 h). */
export type SubmissionListItem = SubmissionClock &
  Pick<
    AuditSubmission,
    | 'id'
    | 'createdAt'
    | 'updatedAt'
    | 'status'
    | 'source'
    | 'companyName'
    | 'contactName'
    | 'contactEmail'
    | 'serviceType'
    | 'isSpam'
  >;

export interface SubmissionDocument {
  id: string;
  fileName: string;
  fileSize: number;
  fileType: string;
  createdAt: Date;
}

/**
 * A submission's own record as the portal shows it (its answers are in the detail's `sections`), field by field:
 * a column added to the table reaches no reply until it is added here.
 */
export type SubmissionRecord = Pick<
  AuditSubmission,
  | 'id'
  | 'source'
  | 'status'
  | 'companyName'
  | 'contactName'
  | 'contactEmail'
  | 'isSpam'
  | 'spamReason'
  | 'createdAt'
  | 'updatedAt'
>;

/** The reply of `PATCH /api/admin/submissions/:id`. */
export interface SubmissionStatusReply {
  submission: SubmissionRecord;
}

/** One submission opened: its record, its answers grouped by intake step, its documents. */
export interface SubmissionDetail {
  submission: SubmissionRecord;
  sections: AnswerSection[];
  documents: SubmissionDocument[];
}
