/**
 * Audit submissions for staff (docs/decisions/0012-staff-lists-page-filter-search-export.md): the paged list
 * with each one's clock (docs/decisions/0027-audit-workbench.md), the CSV export, one submission, its status.
 */
import { and, asc, desc, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditSubmissions, submissionStatuses, uploadedDocuments, type AuditSubmission } from '../../db/schema.ts';
import { answerSections } from './audit-answers.ts';
import type { AuditActor } from '../../server/action-log.ts';
import { AUDIT_DUE_HOURS, REVIEW_DUE_HOURS, submissionClock, type SubmissionClock } from '../../lib/audit-report.ts';
import { invalidFields, notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { listWhere, pageOf, readListQuery, tableListing, type ListQuery } from '../../server/list-query.ts';
import type { ListPage } from '../../lib/list-page.ts';
import type { SubmissionDetail, SubmissionListItem, SubmissionRecord } from './contract.ts';
import { changeStatus } from './status-change.ts';

/** Which overdue work a list shows: any, the review (pending after 24 h), or the audit (not completed after 72 h). */
export const dueFilters = ['overdue', 'review', 'audit'] as const;
/** The order of a list: newest first, or the work due soonest first (completed last). */
export const submissionSorts = ['newest', 'due'] as const;

export type SubmissionStatusFilter = ListQuery<(typeof submissionStatuses)[number]> & {
  due: (typeof dueFilters)[number] | null;
  sort: (typeof submissionSorts)[number];
  /** The moment the clock is read at. */
  now: Date;
};

/** The submissions filters of a list or export URL: the common ones, `due` and `sort`. */
export function submissionsQuery(url: URL, now = new Date()): SubmissionStatusFilter {
  const base = readListQuery(url, submissionStatuses);
  const due = url.searchParams.get('due')?.trim() ?? '';
  const sort = url.searchParams.get('sort')?.trim() ?? '';
  const fields: Record<string, string> = {};
  if (due && !(dueFilters as readonly string[]).includes(due)) fields.due = `Use ${dueFilters.join(', ')}`;
  if (sort && !(submissionSorts as readonly string[]).includes(sort))
    fields.sort = `Use ${submissionSorts.join(' or ')}`;
  if (Object.keys(fields).length) throw invalidFields(fields, 'Some filters are not valid.');
  return {
    ...base,
    due: (due || null) as SubmissionStatusFilter['due'],
    sort: (sort || 'newest') as SubmissionStatusFilter['sort'],
    now,
  };
}

const s = auditSubmissions;
/** The columns of a submission as a list shows it (SubmissionListItem without its clock). */
export const submissionListColumns: { [K in Exclude<keyof SubmissionListItem, keyof SubmissionClock>]: (typeof s)[K] } =
  {
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

const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/** The submissions overdue at `now`: the review (still pending after 24 h), the audit (not completed after 72 h). */
const overdue = {
  review: (now: Date) => and(eq(s.status, 'pending'), lt(s.createdAt, hoursBefore(now, REVIEW_DUE_HOURS))),
  audit: (now: Date) => and(ne(s.status, 'completed'), lt(s.createdAt, hoursBefore(now, AUDIT_DUE_HOURS))),
};

function dueWhere(query: SubmissionStatusFilter): SQL | undefined {
  if (query.due === 'review') return overdue.review(query.now);
  if (query.due === 'audit') return overdue.audit(query.now);
  if (query.due === 'overdue') return or(overdue.review(query.now), overdue.audit(query.now));
  return undefined;
}

const where = (query: SubmissionStatusFilter) =>
  and(
    listWhere(query, { status: s.status, isSpam: s.isSpam, search: [s.companyName, s.contactName, s.contactEmail] }),
    dueWhere(query),
  );
const order = (query: SubmissionStatusFilter) =>
  query.sort === 'due'
    ? [asc(sql`${s.status} = 'completed'`), asc(s.createdAt), asc(s.id)]
    : [desc(s.createdAt), desc(s.id)];

/** One page of the submissions that match, in the query's order, each with its clock. */
export async function listSubmissions(db: Db, query: SubmissionStatusFilter): Promise<ListPage<SubmissionListItem>> {
  const page = await pageOf(
    db
      .select(submissionListColumns)
      .from(s)
      .where(where(query))
      .orderBy(...order(query)),
    db.$count(s, where(query)),
    query.page,
  );
  return {
    ...page,
    items: page.items.map((item) => ({ ...item, ...submissionClock(item.createdAt, item.status, query.now) })),
  };
}

/** Every submission that matches (all pages), every column, as CSV. */
export const exportSubmissions = tableListing(s, where, order).csv;

/** How many submissions (spam aside) are overdue now: for the portal's header. */
export async function overdueCounts(db: Db, now = new Date()): Promise<{ review: number; audit: number }> {
  const notSpam = eq(s.isSpam, false);
  const [review, audit] = await Promise.all([
    db.$count(s, and(notSpam, overdue.review(now))),
    db.$count(s, and(notSpam, overdue.audit(now))),
  ]);
  return { review, audit };
}

/** A submission with its answers grouped by intake step and its documents in upload order. */
export async function getSubmission(db: Db, id: string | undefined): Promise<SubmissionDetail> {
  if (!isUuid(id)) throw notFound('submission');
  const [submission] = await db.select().from(s).where(eq(s.id, id));
  if (!submission) throw notFound('submission');
  const d = uploadedDocuments;
  const documents = await db
    .select({
      id: d.id,
      fileName: d.fileName,
      fileSize: d.fileSize,
      fileType: d.fileType,
      hasMacros: d.hasMacros,
      createdAt: d.createdAt,
    })
    .from(d)
    .where(eq(d.auditSubmissionId, id))
    .orderBy(asc(d.createdAt), asc(d.id));
  return { submission: submissionRecord(submission), sections: answerSections(submission), documents };
}

/** The columns of a submission's record (SubmissionRecord), for a select or a returning. */
const recordColumns = {
  id: s.id,
  source: s.source,
  status: s.status,
  companyName: s.companyName,
  contactName: s.contactName,
  contactEmail: s.contactEmail,
  isSpam: s.isSpam,
  spamReason: s.spamReason,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
};

/** A stored submission as the portal's replies carry it: its record only, never every column. */
const submissionRecord = (row: AuditSubmission): SubmissionRecord =>
  Object.fromEntries(
    Object.keys(recordColumns).map((key) => [key, row[key as keyof SubmissionRecord]]),
  ) as SubmissionRecord;

/** Sets a submission's status (any of the three, freely) and stamps updated_at; a real change is audited (status-change.ts). */
export async function updateSubmissionStatus(
  db: Db,
  actor: AuditActor,
  id: string | undefined,
  status: AuditSubmission['status'],
): Promise<SubmissionRecord> {
  if (!isUuid(id)) throw notFound('submission');
  return changeStatus(db, actor, 'submission.status', { type: 'submission', id }, status, {
    lock: async (tx) => (await tx.select({ status: s.status }).from(s).where(eq(s.id, id)).for('update'))[0],
    update: async (tx) =>
      (await tx.update(s).set({ status, updatedAt: new Date() }).where(eq(s.id, id)).returning(recordColumns))[0]!,
  });
}
