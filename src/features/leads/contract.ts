/** The replies of `/api/admin/submissions` (types only: the portal imports them without any server code). */
import type { AuditSubmission } from '../../db/schema.ts';
import type { AnswerSection } from './audit-answers.ts';
import type { SubmissionClock } from '../../lib/audit-report.ts';

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

/** One submission opened: every column, its answers grouped by intake step, its documents. */
export interface SubmissionDetail {
  submission: AuditSubmission;
  sections: AnswerSection[];
  documents: SubmissionDocument[];
}
