/**
 * Delivering an audit report (docs/decisions/0027-audit-workbench.md): one transaction freezes the draft as
 * a numbered version with a new private link, completes the submission, queues the lead's mail and records
 * both in the audit log; either all of it happens or none. Revoking a link ends it at once.
 */
import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditReportDeliveries, auditReports, auditSubmissions } from '../../db/schema.ts';
import {
  REPORT_LINK_DAYS,
  reportAreaIds,
  reportAreas,
  type ReportArea,
  type ReportAreaId,
} from '../../lib/audit-report.ts';
import { reportTotals } from './totals.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { invalidFields, notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { reportDeliveredMail } from './mail.ts';
import { loadReportPackages } from './packages.ts';
import { newReportToken, reportLink } from './token.ts';
import { deliveryView } from './report.ts';
import type { DeliveredReport, ReportDelivered, ReportPackage } from './contract.ts';

const DAY = 86_400_000;

/** 422 naming every area still without a score: a lead never receives a half-scored audit. */
function checkScored(areas: Record<ReportAreaId, ReportArea>): void {
  const unscored = reportAreaIds.filter((id) => areas[id]?.score === null || areas[id] === undefined);
  if (unscored.length > 0) {
    throw invalidFields(
      Object.fromEntries(unscored.map((id) => [`areas.${id}.score`, 'Score this area before delivering'])),
      'Score every area before delivering the report.',
    );
  }
}

/** The draft as the lead will read it, frozen with its packages and totals. */
function frozen(
  draft: { summary: string; areas: Record<ReportAreaId, ReportArea> },
  lead: { companyName: string; contactName: string },
  packages: readonly ReportPackage[],
  version: number,
  at: Date,
): DeliveredReport {
  return {
    companyName: lead.companyName,
    contactName: lead.contactName,
    version,
    deliveredAt: at.toISOString(),
    summary: draft.summary,
    areas: reportAreas.map(({ id, title, group }) => {
      const area = draft.areas[id];
      return {
        id,
        title,
        group,
        score: area.score,
        findings: area.findings,
        recommendations: area.recommendations,
        package: packages.find((p) => p.slug === area.packageSlug) ?? null,
      };
    }),
    totals: reportTotals(draft.areas, packages),
  };
}

/** Delivers the report as it is saved now; `siteUrl` is the origin the lead's link points to. */
export async function deliverReport(
  db: Db,
  actor: AuditActor,
  submissionId: string | undefined,
  siteUrl: string,
  now = new Date(),
): Promise<ReportDelivered> {
  if (!isUuid(submissionId)) throw notFound('report');
  const packages = await loadReportPackages();
  const { token, hash } = newReportToken();
  const link = reportLink(siteUrl, token);
  const row = await db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(auditReports)
      .where(eq(auditReports.submissionId, submissionId))
      .for('update');
    if (!draft) throw notFound('report');
    checkScored(draft.areas);
    const [lead] = await tx.select().from(auditSubmissions).where(eq(auditSubmissions.id, submissionId)).for('update');
    const [{ last }] = (await tx
      .select({ last: max(auditReportDeliveries.version) })
      .from(auditReportDeliveries)
      .where(eq(auditReportDeliveries.submissionId, submissionId))) as [{ last: number | null }];
    const version = (last ?? 0) + 1;
    const [delivery] = await tx
      .insert(auditReportDeliveries)
      .values({
        submissionId,
        version,
        content: frozen(draft, lead!, packages, version, now),
        tokenHash: hash,
        expiresAt: new Date(now.getTime() + REPORT_LINK_DAYS * DAY),
        deliveredById: actor.id,
        deliveredByEmail: actor.email,
        deliveredAt: now,
      })
      .returning();
    const target = { type: 'submission', id: submissionId } as const;
    if (lead!.status !== 'completed') {
      await tx
        .update(auditSubmissions)
        .set({ status: 'completed', updatedAt: now })
        .where(eq(auditSubmissions.id, submissionId));
      await recordAudit(tx, actor, 'submission.status', target, {
        from: lead!.status,
        to: 'completed',
        via: 'delivery',
      });
    }
    await recordAudit(tx, actor, 'report.deliver', target, { version });
    await enqueueMail(tx, `report:${delivery!.id}`, [
      reportDeliveredMail({
        to: lead!.contactEmail,
        contactName: lead!.contactName,
        companyName: lead!.companyName,
        link,
      }),
    ]);
    return delivery!;
  });
  return { delivery: deliveryView(row), link };
}

/** Ends a delivered version's link: from now on it answers 404. Revoking twice changes nothing more. */
export async function revokeDelivery(
  db: Db,
  actor: AuditActor,
  submissionId: string | undefined,
  deliveryId: string | undefined,
): Promise<void> {
  if (!isUuid(submissionId) || !isUuid(deliveryId)) throw notFound('report link');
  await db.transaction(async (tx) => {
    const where = and(eq(auditReportDeliveries.id, deliveryId), eq(auditReportDeliveries.submissionId, submissionId));
    const [delivery] = await tx.select().from(auditReportDeliveries).where(where).for('update');
    if (!delivery) throw notFound('report link');
    if (delivery.revokedAt) return;
    await tx.update(auditReportDeliveries).set({ revokedAt: new Date() }).where(where);
    await recordAudit(
      tx,
      actor,
      'report.revoke',
      { type: 'submission', id: submissionId },
      { version: delivery.version },
    );
  });
}
