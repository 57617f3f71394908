/**
 * The audit report of a submission, as staff open and edit it (docs/decisions/0027-audit-workbench.md): the
 * first open writes the rules' draft, each save names the revision it edits, and every save is audited in
 * its own transaction. Delivery and revocation are in report-delivery.ts.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  auditReportDeliveries,
  auditReports,
  auditSubmissions,
  type AuditReportDelivery,
  type AuditSubmission,
} from '../../db/schema.ts';
import { submissionClock, type ReportSave } from '../../lib/audit-report.ts';
import { reportTotals } from './totals.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { draftFromPrefill, prefillReport } from './rules/prefill.ts';
import { ApiError, invalidFields, notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { loadReportPackages } from './packages.ts';
import type { ReportDelivery, ReportDetail, ReportPackage, ReportSaved } from './contract.ts';

/** A delivery as staff see it (the token's hash stays in the database). */
export const deliveryView = (row: AuditReportDelivery): ReportDelivery => ({
  id: row.id,
  version: row.version,
  deliveredAt: row.deliveredAt,
  deliveredBy: row.deliveredByEmail,
  expiresAt: row.expiresAt,
  revokedAt: row.revokedAt,
  firstOpenedAt: row.firstOpenedAt,
});

async function submissionOf(db: Db | Tx, id: string | undefined) {
  if (!isUuid(id)) throw notFound('submission');
  const [submission] = await db.select().from(auditSubmissions).where(eq(auditSubmissions.id, id));
  if (!submission) throw notFound('submission');
  return submission;
}

/**
 * The stored report of `submission`; on the first open the rules run and their draft is written. Two first
 * opens at once both succeed: the second insert does nothing and reads the row the first wrote.
 */
async function reportOf(db: Db, submission: AuditSubmission) {
  const read = async () =>
    (await db.select().from(auditReports).where(eq(auditReports.submissionId, submission.id)))[0];
  const stored = await read();
  if (stored) return stored;
  const prefill = prefillReport(submission);
  const [written] = await db
    .insert(auditReports)
    .values({ submissionId: submission.id, prefill, areas: draftFromPrefill(prefill) })
    .onConflictDoNothing({ target: auditReports.submissionId })
    .returning();
  return written ?? (await read())!;
}

/**
 * A report as the portal opens it: the draft with the rules' reasons, the packages, totals, deliveries and
 * the submission's clock.
 */
export async function openReport(db: Db, submissionId: string | undefined): Promise<ReportDetail> {
  const submission = await submissionOf(db, submissionId);
  const [report, deliveries, packages] = await Promise.all([
    reportOf(db, submission),
    db
      .select()
      .from(auditReportDeliveries)
      .where(eq(auditReportDeliveries.submissionId, submission.id))
      .orderBy(desc(auditReportDeliveries.version)),
    loadReportPackages(),
  ]);
  return {
    submissionId: submission.id,
    companyName: submission.companyName,
    contactName: submission.contactName,
    contactEmail: submission.contactEmail,
    source: submission.source,
    status: submission.status,
    revision: report.revision,
    summary: report.summary,
    areas: report.areas,
    prefill: report.prefill,
    updatedAt: report.updatedAt,
    updatedBy: report.updatedByEmail,
    packages,
    totals: reportTotals(report.areas, packages),
    deliveries: deliveries.map(deliveryView),
    clock: submissionClock(submission.createdAt, submission.status),
  };
}

/** 422 for a recommended package that is not one of the site's. */
function checkPackages(body: ReportSave, packages: readonly ReportPackage[]): void {
  const unknown = Object.entries(body.areas).filter(
    ([, area]) => area.packageSlug !== null && !packages.some((p) => p.slug === area.packageSlug),
  );
  if (unknown.length > 0) {
    throw invalidFields(
      Object.fromEntries(unknown.map(([id]) => [`areas.${id}.packageSlug`, 'Choose one of the packages'])),
    );
  }
}

/** 409 `stale_revision`: someone saved since this editor loaded the report. */
const staleRevision = () =>
  new ApiError(
    409,
    'stale_revision',
    'Someone else saved this report since you opened it. Reload to see their changes; your last edits were not saved.',
  );

/** Saves the whole draft over `body.revision`, and records the save in the audit log (same transaction). */
export async function saveReport(
  db: Db,
  actor: AuditActor,
  submissionId: string | undefined,
  body: ReportSave,
): Promise<ReportSaved> {
  if (!isUuid(submissionId)) throw notFound('report');
  const packages = await loadReportPackages();
  checkPackages(body, packages);
  const saved = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ revision: auditReports.revision })
      .from(auditReports)
      .where(eq(auditReports.submissionId, submissionId))
      .for('update');
    if (!current) throw notFound('report');
    if (current.revision !== body.revision) throw staleRevision();
    const [row] = await tx
      .update(auditReports)
      .set({
        revision: current.revision + 1,
        summary: body.summary,
        areas: body.areas,
        updatedById: actor.id,
        updatedByEmail: actor.email,
        updatedAt: new Date(),
      })
      .where(eq(auditReports.submissionId, submissionId))
      .returning();
    await recordAudit(tx, actor, 'report.save', { type: 'submission', id: submissionId }, { revision: row!.revision });
    return row!;
  });
  return {
    revision: saved.revision,
    updatedAt: saved.updatedAt,
    updatedBy: actor.email,
    totals: reportTotals(saved.areas, packages),
  };
}
