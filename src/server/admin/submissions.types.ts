/** The replies of `/api/admin/submissions` (types only: the portal imports them without any server code). */
import type { AuditSubmission } from '../../db/schema.ts';
import type { AnswerSection } from '../audit-answers.ts';

/** A submission as the list shows it. */
export type SubmissionListItem = Pick<
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

/** One submission opened: every column, its answers grouped by intake step, its documents. */
export interface SubmissionDetail {
  submission: AuditSubmission;
  sections: AnswerSection[];
  documents: SubmissionDocument[];
}
