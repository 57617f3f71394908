/** Audit submissions for staff (docs/decisions/0012-staff-lists-page-filter-search-export.md): the paged list, the CSV export, one submission, its status. */
import { asc, desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { auditSubmissions, submissionStatuses, uploadedDocuments, type AuditSubmission } from '../../db/schema.ts';
import { answerSections } from '../audit-answers.ts';
import type { AuditActor } from '../audit-log.ts';
import { notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { listWhere, pageOf, readListQuery, tableListing, type ListQuery } from './list-query.ts';
import type { ListPage } from './list-query.types.ts';
import type { SubmissionDetail, SubmissionListItem } from './submissions.types.ts';
import { changeStatus } from './status-change.ts';

export type SubmissionStatusFilter = ListQuery<(typeof submissionStatuses)[number]>;

/** The submissions filters of a list or export URL. */
export const submissionsQuery = (url: URL): SubmissionStatusFilter => readListQuery(url, submissionStatuses);

/** The body of `PATCH /api/admin/submissions/:id`. */
export const submissionStatusSchema = z.object({
  status: z.enum(submissionStatuses, 'Choose pending, reviewed or completed'),
});

const s = auditSubmissions;
const listColumns: { [K in keyof SubmissionListItem]: (typeof s)[K] } = {
  id: s.id,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
  status: s.status,
  source: s.source,
  companyName: s.companyName,
  contactName: s.contactName,
  contactEmail: s.contactEmail,
  serviceType: s.serviceType,
  isSpam: s.isSpam,
};

const where = (query: SubmissionStatusFilter) =>
  listWhere(query, { status: s.status, isSpam: s.isSpam, search: [s.companyName, s.contactName, s.contactEmail] });
const newestFirst = [desc(s.createdAt), desc(s.id)];

/** One page of the submissions that match, newest first. */
export const listSubmissions = (db: Db, query: SubmissionStatusFilter): Promise<ListPage<SubmissionListItem>> =>
  pageOf(
    db
      .select(listColumns)
      .from(s)
      .where(where(query))
      .orderBy(...newestFirst),
    db.$count(s, where(query)),
    query.page,
  );

/** Every submission that matches (all pages), every column, as CSV. */
export const exportSubmissions = tableListing(s, where, newestFirst).csv;

/** A submission with its answers grouped by intake step and its documents in upload order. */
export async function getSubmission(db: Db, id: string | undefined): Promise<SubmissionDetail> {
  if (!isUuid(id)) throw notFound('submission');
  const [submission] = await db.select().from(s).where(eq(s.id, id));
  if (!submission) throw notFound('submission');
  const d = uploadedDocuments;
  const documents = await db
    .select({ id: d.id, fileName: d.fileName, fileSize: d.fileSize, fileType: d.fileType, createdAt: d.createdAt })
    .from(d)
    .where(eq(d.auditSubmissionId, id))
    .orderBy(asc(d.createdAt), asc(d.id));
  return { submission, sections: answerSections(submission), documents };
}

/** Sets a submission's status (any of the three, freely) and stamps updated_at; a real change is audited (status-change.ts). */
export async function updateSubmissionStatus(
  db: Db,
  actor: AuditActor,
  id: string | undefined,
  status: AuditSubmission['status'],
): Promise<AuditSubmission> {
  if (!isUuid(id)) throw notFound('submission');
  return changeStatus(db, actor, 'submission.status', { type: 'submission', id }, status, {
    lock: async (tx) => (await tx.select({ status: s.status }).from(s).where(eq(s.id, id)).for('update'))[0],
    update: async (tx) =>
      (await tx.update(s).set({ status, updatedAt: new Date() }).where(eq(s.id, id)).returning())[0]!,
  });
}
