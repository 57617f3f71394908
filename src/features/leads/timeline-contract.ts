/**
 * A lead's timeline as the API gives it (`GET /api/admin/leads/:id`), browser-safe: one entry per thing that
 * happened, oldest first. Re-exported by the leads' contract (contract.ts), which functions and islands import.
 */
import type { LeadStage, LostReason, MessageStatus, SubmissionStatus } from '../../lib/statuses.ts';
import type { DownloadAsked, DownloadOpened } from '../../lib/forms/download.schema.ts';
import type { BookingHappened } from '../../lib/call-words.ts';

/** A staff member as a lead names them (its owner, a note's author). */
export interface StaffName {
  id: string;
  name: string;
  email: string;
}

interface Entry<K extends string> {
  kind: K;
  /** When it happened. */
  at: Date;
  /** The row it comes from (a request, an event, a mail, an audit-log row, a delivery). */
  id: string;
}

/** One entry of a lead's timeline, oldest first: everything that happened with the lead. */
export type TimelineEntry =
  | (Entry<'message'> & { message: string; status: MessageStatus; isSpam: boolean })
  | (Entry<'audit'> & {
      source: 'contact_page' | 'intake';
      companyName: string;
      status: SubmissionStatus;
      isSpam: boolean;
    })
  | (Entry<'status'> & {
      target: 'message' | 'submission';
      targetId: string;
      from: string;
      to: string;
      actorEmail: string;
      via: string | null;
    })
  | (Entry<'owner'> & {
      from: StaffName | null;
      to: StaffName | null;
      actorEmail: string;
      /** Handed over because `from` was removed from staff (docs/security.md). */
      removedFromStaff: boolean;
    })
  | (Entry<'note'> & { body: string; authorId: string; authorEmail: string; deletableUntil: Date })
  | (Entry<'reply'> & { subject: string; body: string; actorEmail: string; replyTo: string; mail: TimelineMail | null })
  | (Entry<'elsewhere'> & { body: string; actorEmail: string })
  | (Entry<'details'> & { changes: { field: string; from: string; to: string }[]; actorEmail: string })
  | (Entry<'stage'> & {
      from: LeadStage;
      to: LeadStage;
      /** The deal's value before and after (whole US dollars), its expected close date after. */
      fromValue: number | null;
      value: number | null;
      expectedCloseOn: string | null;
      lostReason: LostReason | null;
      lostNote: string;
      /** A staff member's address, or `booked call` when a booking moved it. */
      actorEmail: string;
    })
  | (Entry<'mail'> & TimelineMail)
  | (Entry<'report'> & { submissionId: string; version: number })
  | (Entry<'download'> & DownloadAsked)
  | (Entry<'download-opened'> & DownloadOpened)
  | (Entry<'booking'> & BookingHappened)
  | (Entry<'inbound'> & {
      /** `other_sender`: written from an address other than the lead's; it changed nothing of the lead. */
      status: 'attached' | 'other_sender';
      from: string;
      subject: string;
      /** The new text, the quoted history folded away; `fullText` is the whole mail. */
      newText: string;
      fullText: string;
      /** Whether the receiving server vouched for `from` (a DMARC pass); anything else is shown as unverified. */
      senderCheck: 'pass' | 'fail' | 'unknown';
      attachments: TimelineAttachment[];
    });

/** A mail to the lead and its delivery state. */
export interface TimelineMail {
  mailKind: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed' | 'capped' | 'suppressed';
  sentAt: Date | null;
  lastError: string | null;
  /** The provider's latest delivery event (delivered, delayed, bounced, complained, failed), its words and time. */
  delivery?: 'delivered' | 'delayed' | 'bounced' | 'complained' | 'failed' | null;
  deliveryDetail?: string | null;
  deliveryAt?: Date | null;
}

/** An attachment of a mail the lead sent: its stored document, or why it was not stored. */
export interface TimelineAttachment {
  name: string;
  size: number;
  documentId: string | null;
  hasMacros: boolean;
  problem: string | null;
}
