/**
 * Erasing one person (docs/privacy.md): in one transaction every row that names them goes (their lead and,
 * through it, their messages, requests, documents' rows, reports, deliveries and their links, timeline and
 * mails; their submit keys), their blobs are queued for deletion, and the staff action log keeps every row
 * about them with their details replaced by the lead's opaque id; the erasure itself is logged (`lead.erase`).
 * Then the blob queue is drained; what the store refuses is retried by the daily housekeeping.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  AUDIT_SYSTEM_KEYS,
  auditLog,
  blobDeletions,
  idempotencyKeys,
  leads,
  mailOutbox,
  type Lead,
} from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { invalidFields } from '../../server/errors.ts';
import { drainBlobDeletions, type PersonStores } from './blob-queue.ts';
import type { ErasureCounts, ErasureResult } from './contract.ts';
import { findLead, personRows, type PersonRows } from './person.ts';

/** What replaces a value that named the person. */
export const ERASED = '[erased]';

/** Action log detail keys whose values are the system's own words (statuses, roles, ids, counts), kept. */
const KEPT_KEYS = new Set<string>(AUDIT_SYSTEM_KEYS);

/** The texts that name the person: addresses, names, company, phone, document names (three characters or more). */
function needlesOf(rows: PersonRows): string[] {
  const { lead } = rows;
  const texts = [
    lead.email,
    lead.name,
    lead.company,
    lead.phone,
    ...rows.messages.flatMap((m) => [m.email, m.name, m.company]),
    ...rows.downloads.flatMap((d) => [d.email, d.name, d.company]),
    ...rows.submissions.flatMap((s) => [s.contactEmail, s.contactName, s.contactPhone, s.companyName]),
    ...rows.documents.map((d) => d.fileName),
    ...rows.mailedDocuments.map((d) => d.fileName),
    ...rows.mails.map((m) => m.to),
  ];
  return [...new Set(texts.map((t) => t.trim().toLowerCase()).filter((t) => t.length >= 3))];
}

/** An action log row's detail with the person taken out: kept keys stay unless they name them; other text goes. */
export function pseudonymised(detail: unknown, needles: readonly string[], key?: string): unknown {
  if (typeof detail === 'string') {
    const names = needles.some((n) => detail.toLowerCase().includes(n));
    return names || !key || !KEPT_KEYS.has(key) ? ERASED : detail;
  }
  if (Array.isArray(detail)) return detail.map((v) => pseudonymised(v, needles, key));
  if (detail && typeof detail === 'object') {
    return Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, pseudonymised(v, needles, k)]));
  }
  return detail;
}

function countsOf(rows: PersonRows): ErasureCounts {
  return {
    messages: rows.messages.length,
    submissions: rows.submissions.length,
    downloads: rows.downloads.length,
    bookings: rows.bookings.length,
    documents: rows.documents.length,
    reports: rows.reports.length,
    deliveries: rows.deliveries.length,
    events: rows.events.length,
    mails: rows.mails.length,
    idempotencyKeys: rows.keys.length,
    inboundMails: rows.inbound.length,
    mailedDocuments: rows.mailedDocuments.length,
    deliveryEvents: rows.deliveryEvents.length,
    actionLogRows: rows.actionLog.length,
  };
}

/** Deletes the person's rows and queues their blobs, inside `tx`; the counts of what went. */
async function eraseRows(tx: Tx, lead: Lead): Promise<ErasureCounts> {
  const rows = await personRows(tx, lead);
  const blobs = [
    ...rows.submissions.map((s) => ({ store: 'documents', key: `${s.id}/`, leadId: lead.id })),
    ...rows.uploads.map((u) => ({ store: 'parts', key: `${u.id}/`, leadId: lead.id })),
    // The documents the person mailed (docs/decisions/0040-mail-replies-and-delivery.md), under their lead's folder.
    ...(rows.mailedDocuments.length ? [{ store: 'documents', key: `inbound/${lead.id}/`, leadId: lead.id }] : []),
  ];
  if (blobs.length) await tx.insert(blobDeletions).values(blobs).onConflictDoNothing();
  const needles = needlesOf(rows);
  for (const row of rows.actionLog) {
    await tx
      .update(auditLog)
      .set({ detail: { ...(pseudonymised(row.detail, needles) as object), erasedLead: lead.id } })
      .where(eq(auditLog.id, row.id));
  }
  // The rows personRows found (and counted) are the rows deleted: no second list of their ids to keep in step.
  if (rows.keys.length) {
    await tx.delete(idempotencyKeys).where(
      inArray(
        idempotencyKeys.resourceId,
        rows.keys.map((k) => k.resourceId),
      ),
    );
  }
  if (rows.mails.length)
    await tx.delete(mailOutbox).where(
      inArray(
        mailOutbox.id,
        rows.mails.map((m) => m.id),
      ),
    );
  // The rest hangs off the lead (ON DELETE CASCADE): messages, requests, the files asked for (their links so
  // end), their documents' rows, upload tokens, pending uploads and parts, reports, deliveries (whose links so end), timeline events, the mails they sent
  // back and their documents' rows, the provider's events about mail to them, the calls they booked and the
  // scheduler's events about them. A closed deal stays, its lead_id set to null (ON DELETE SET NULL): unnamed, it
  // keeps the period's won totals true (docs/decisions/0047-pipeline.md).
  await tx.delete(leads).where(eq(leads.id, lead.id));
  return countsOf(rows);
}

export type ErasureReason = 'request' | 'retention';

/**
 * Erases the lead of `id`. A request's `confirm` must be the lead's email address (any case); the retention
 * sweep passes none. Resolves once the rows are gone and the blobs were tried; `blobsPending` says how many
 * are still queued for the housekeeping's retry.
 */
export async function eraseLead(
  db: Db,
  stores: PersonStores,
  actor: AuditActor,
  id: string | undefined,
  { confirm, reason = 'request' }: { confirm?: string; reason?: ErasureReason } = {},
): Promise<ErasureResult> {
  const { leadId, counts } = await db.transaction(async (tx) => {
    const lead = await findLead(tx, id, true);
    if (reason === 'request' && confirm?.trim().toLowerCase() !== lead.emailKey) {
      throw invalidFields({ confirm: 'Type the lead’s email address exactly as shown to confirm' });
    }
    const counts = await eraseRows(tx, lead);
    await recordAudit(
      tx,
      actor,
      'lead.erase',
      { type: 'lead', id: lead.id },
      { reason, ...counts, erasedLead: lead.id },
    );
    return { leadId: lead.id, counts };
  });
  const blobsPending = await drainBlobDeletions(db, stores, leadId);
  return { leadId, counts, blobsPending };
}
