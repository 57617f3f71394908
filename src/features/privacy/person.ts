/**
 * Everything stored about one person (docs/privacy.md), found from their lead: the lead, its contact messages
 * and audit requests (with their consent records), the files they asked for, the calls they booked and what the
 * scheduler said of them, the requests' documents, pending uploads, reports and
 * delivered versions, the lead's timeline events (its pipeline stages among them) and its closed deal, every mail
 * written to them or about them, their submit
 * keys and the staff action log's rows about any of these. Export reads it; erasure deletes it.
 */
import { eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  auditLog,
  auditReportDeliveries,
  auditReports,
  auditSubmissions,
  bookingEvents,
  bookings,
  closedDeals,
  contactMessages,
  downloadRequests,
  idempotencyKeys,
  inboundMessages,
  leadDocuments,
  leadEvents,
  leads,
  mailOutbox,
  pendingUploads,
  uploadedDocuments,
  webhookEvents,
  type AuditSubmission,
  type ContactMessage,
  type Lead,
} from '../../db/schema.ts';
import { searchDigest } from '../../server/action-log.ts';
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

/**
 * The texts that name the person as staff would search or write them (lower case, three characters or more):
 * their addresses, names, companies and phone numbers.
 */
export function personTexts(lead: Lead, messages: ContactMessage[], submissions: AuditSubmission[]): string[] {
  const texts = [
    lead.email,
    lead.name,
    lead.company,
    lead.phone,
    ...messages.flatMap((m) => [m.email, m.name, m.company]),
    ...submissions.flatMap((s) => [s.contactEmail, s.contactName, s.contactPhone, s.companyName]),
  ];
  return [...new Set(texts.map((t) => t.trim().toLowerCase()).filter((t) => t.length >= 3))];
}

/**
 * Conditions that find a row whose JSON `column` names the person: one of their texts in clear (rows written
 * before searches were kept as digests), or the digest of a search for one of them or any of their words
 * (`searchDigest`: a search for "Ada Quill", "ada" or "quillon" is about Ada).
 */
function namedIn(column: typeof auditLog.detail, texts: readonly string[]): SQL[] {
  // An address is found as a whole address (addressPattern), never inside a longer one; its words are its local part's.
  const plain = texts.filter((t) => !t.includes('@'));
  const words = [...plain, ...texts.filter((t) => t.includes('@')).map((t) => t.split('@')[0]!)]
    .flatMap((t) => t.split(/[\s.,;:()/+_-]+/))
    .filter((w) => w.length >= 3);
  const digests = [...new Set([...texts, ...words])].map(searchDigest);
  return [
    ...plain.map((t) => sql`strpos(lower(${column}::text), ${t}) > 0`),
    ...digests.map((d) => sql`strpos(${column}::text, ${`"${d}"`}) > 0`),
  ];
}

/** Every row that names the person, by table, as stored (the columns that hold a secret's hash left out). */
export async function personRows(db: Db | Tx, lead: Lead) {
  const [messages, submissions, events, inbound, mailedDocuments, deliveryEvents, downloads, calls, callEvents, deals] =
    await Promise.all([
      db.select().from(contactMessages).where(eq(contactMessages.leadId, lead.id)),
      db.select().from(auditSubmissions).where(eq(auditSubmissions.leadId, lead.id)),
      db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)),
      // The mails they sent back (docs/decisions/0040-mail-replies-and-delivery.md), their attachments and the
      // provider's events about mail to them.
      db.select().from(inboundMessages).where(eq(inboundMessages.leadId, lead.id)),
      db.select().from(leadDocuments).where(eq(leadDocuments.leadId, lead.id)),
      db.select().from(webhookEvents).where(eq(webhookEvents.leadId, lead.id)),
      // The files they asked for (docs/decisions/0041-resource-downloads.md), their links' hashes left out.
      db
        .select({ ...getTableColumns(downloadRequests), tokenHash: sql<null>`null` })
        .from(downloadRequests)
        .where(eq(downloadRequests.leadId, lead.id)),
      // The calls they booked and every event the scheduler sent about them (docs/decisions/0046).
      db.select().from(bookings).where(eq(bookings.leadId, lead.id)),
      db.select().from(bookingEvents).where(eq(bookingEvents.leadId, lead.id)),
      // Their deal once won or lost (docs/decisions/0047-pipeline.md); an erasure leaves it, unnamed.
      db.select().from(closedDeals).where(eq(closedDeals.leadId, lead.id)),
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
    ...downloads.map((d) => d.id),
    ...deliveries.map((d) => d.id),
    ...events.map((e) => e.id),
    ...calls.map((c) => c.id),
  ];
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(
      or(
        eq(mailOutbox.leadId, lead.id),
        inArray(sql`split_part(${mailOutbox.idempotencyKey}, ':', 2)`, causes),
        // A staff digest that names several leads, each with its link (the stale deals, the weekly summary's deals).
        sql`strpos(${mailOutbox.textBody}, ${`?lead=${lead.id}`}) > 0`,
      ),
    );
  const targets = [
    ...causes,
    ...documents.map((d) => d.id),
    ...mailedDocuments.map((d) => d.id),
    ...mails.map((m) => m.id),
  ];
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
          ...namedIn(auditLog.detail, personTexts(lead, messages, submissions)),
        ),
      ),
  ]);
  return {
    lead,
    messages,
    submissions,
    documents,
    uploads,
    reports,
    deliveries,
    events,
    mails,
    keys,
    actionLog,
    inbound,
    mailedDocuments,
    deliveryEvents,
    downloads: downloads.map(({ tokenHash: _link, ...download }) => download),
    bookings: calls,
    bookingEvents: callEvents,
    closedDeals: deals,
  };
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
