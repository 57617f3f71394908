/**
 * The privacy feature's contract, browser-safe (docs/privacy.md): what an erasure asks and answers, the
 * client flag, and the figures the privacy policy promises, held to its wording by a test.
 */
import * as z from 'zod/mini';

/** Months without activity after which a lead (not a client) is erased: the policy's "24 months". */
export const RETENTION_MONTHS_DEFAULT = 24;
/** Days after which a mail's body is emptied (its subject, address and status stay). */
export const MAIL_BODY_DAYS = 30;
/** Days within which the agency answers an access, export, correction or deletion request. */
export const REQUEST_ANSWER_DAYS = 30;

/** `POST /api/admin/leads/:id/erase`: the lead's email address, typed again to confirm. */
export const eraseSchema = z.object({
  confirm: z.string().check(z.trim(), z.minLength(1, 'Type the lead’s email address to confirm'), z.maxLength(320)),
});

/** `PUT /api/admin/leads/:id/client`: whether the lead became a client (kept past the retention period). */
export const clientSchema = z.object({ isClient: z.boolean() });

/** What an erasure removed, by kind; `blobsPending` documents or parts still queued for deletion (retried daily). */
export interface ErasureCounts {
  messages: number;
  submissions: number;
  /** The files they asked for, with their links (docs/decisions/0041-resource-downloads.md). */
  downloads: number;
  documents: number;
  reports: number;
  deliveries: number;
  events: number;
  mails: number;
  idempotencyKeys: number;
  /** The mails they sent back, the documents attached to them, the provider's delivery events about them. */
  inboundMails: number;
  mailedDocuments: number;
  deliveryEvents: number;
  /** The calls they booked (docs/decisions/0046), with the scheduler's events about them. */
  bookings: number;
  actionLogRows: number;
}

export interface ErasureResult {
  leadId: string;
  counts: ErasureCounts;
  blobsPending: number;
}
