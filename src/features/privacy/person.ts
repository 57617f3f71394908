/**
 * Everything stored about one person (docs/privacy.md), found from their lead: the lead, its contact messages
 * and audit requests (with their consent records), the requests' documents, pending uploads, reports and
 * delivered versions, the lead's timeline events, every mail written to them or about them, their submit
 * keys and the staff action log's rows about any of these. Export reads it; erasure deletes it.
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  auditLog,
  auditReportDeliveries,
  auditReports,
  auditSubmissions,
  contactMessages,
  idempotencyKeys,
  leadEvents,
  leads,
  mailOutbox,
  pendingUploads,
  uploadedDocuments,
  type Lead,
} from '../../db/schema.ts';
import { isUuid } from '../../server/ids.ts';
import { notFound } from '../../server/errors.ts';

/**
 * A regular expression that finds `address` as a whole address in text: not inside a longer one
 * (`ada@helix.example` is not in `ada@helix.example.org` or `nada@helix.example`).
 */
export function addressPattern(address: string): string {
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(^|[^a-z0-9._%+-])${escaped}($|[^a-z0-9.-]|\\.(?![a-z0-9]))`;
}

/** Every row that names the person, by table, as stored (the columns that hold a secret's hash left out). */
export async function personRows(db: Db | Tx, lead: Lead) {
  const [messages, submissions, events] = await Promise.all([
    db.select().from(contactMessages).where(eq(contactMessages.leadId, lead.id)),
    db.select().from(auditSubmissions).where(eq(auditSubmissions.leadId, lead.id)),
    db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)),
  ]);
  const submissionIds = submissions.map((s) => s.id);
  const [documents, uploads, reports, deliveries] = submissionIds.length
    ? await Promise.all([
        db.select().from(uploadedDocuments).where(inArray(uploadedDocuments.auditSubmissionId, submissionIds)),
        db.select().from(pendingUploads).where(inArray(pendingUploads.auditSubmissionId, submissionIds)),
        db.select().from(auditReports).where(inArray(auditReports.submissionId, submissionIds)),
        db
          .select({
            id: auditReportDeliveries.id,
            submissionId: auditReportDeliveries.submissionId,
            version: auditReportDeliveries.version,
            content: auditReportDeliveries.content,
            expiresAt: auditReportDeliveries.expiresAt,
            revokedAt: auditReportDeliveries.revokedAt,
            firstOpenedAt: auditReportDeliveries.firstOpenedAt,
            deliveredByEmail: auditReportDeliveries.deliveredByEmail,
            deliveredAt: auditReportDeliveries.deliveredAt,
          })
          .from(auditReportDeliveries)
          .where(inArray(auditReportDeliveries.submissionId, submissionIds)),
      ])
    : [[], [], [], []];
  // Every id a mail's key, a submit key or an action log row may point at.
  const causes = [
    lead.id,
    ...messages.map((m) => m.id),
    ...submissionIds,
    ...deliveries.map((d) => d.id),
    ...events.map((e) => e.id),
  ];
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(or(eq(mailOutbox.leadId, lead.id), inArray(sql`split_part(${mailOutbox.idempotencyKey}, ':', 2)`, causes)));
  const targets = [...causes, ...documents.map((d) => d.id), ...mails.map((m) => m.id)];
  const [keys, actionLog] = await Promise.all([
    db
      .select({
        scope: idempotencyKeys.scope,
        resourceId: idempotencyKeys.resourceId,
        createdAt: idempotencyKeys.createdAt,
      })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.resourceId, causes)),
    db
      .select()
      .from(auditLog)
      .where(
        or(
          inArray(auditLog.targetId, targets),
          sql`lower(${auditLog.detail}::text) ~ ${addressPattern(lead.emailKey)}`,
        ),
      ),
  ]);
  return { lead, messages, submissions, documents, uploads, reports, deliveries, events, mails, keys, actionLog };
}

export type PersonRows = Awaited<ReturnType<typeof personRows>>;

/** The lead of `id`, locked for the erasure's transaction when `lock`; a 404 when there is none. */
export async function findLead(db: Db | Tx, id: string | undefined, lock = false): Promise<Lead> {
  if (!isUuid(id)) throw notFound('lead');
  const query = db.select().from(leads).where(eq(leads.id, id));
  const [lead] = lock ? await query.for('update') : await query;
  if (!lead) throw notFound('lead');
  return lead;
}
