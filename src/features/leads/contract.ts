/**
 * The leads' contract, browser-safe: the public forms' request schemas (kept in src/lib/forms, which the forms'
 * islands share) and replies, the answers' labelled sections, the admin lists' replies. Functions and islands import them.
 */
import type { AuditSubmission } from '../../db/schema.ts';
import * as z from 'zod/mini';
import { messageStatuses, submissionStatuses, type MessageStatus } from '../../lib/statuses.ts';
import type { LeadStage, LeadState, LostReason } from '../../lib/statuses.ts';
import type { Attribution } from '../../lib/attribution.ts';
import type { SubmissionClock } from '../../lib/audit-report.ts';
import type { AnswerSection } from './audit-answers.ts';

export { auditRequestSchema, type AuditRequest } from '../../lib/forms/audit.schema.ts';
export { contactSchema, type ContactInput } from '../../lib/forms/contact.schema.ts';
export { answerOf, answerSections, type AnswerSection } from './audit-answers.ts';

/** The body of `PATCH /api/admin/submissions/:id`. */
export const submissionStatusSchema = z.object({
  status: z.enum(submissionStatuses, 'Choose pending, reviewed or completed'),
});

/** The body of `PATCH /api/admin/messages/:id`. */
export const messageStatusSchema = z.object({
  status: z.enum(messageStatuses, 'Choose unread, read or replied'),
});

/** The 201 reply of a public form (`/api/contact`, `/api/audits`, `/api/downloads`): the stored record's id. */
export interface PublicFormReply {
  id: string;
}

/** The 201 reply of `/api/audits`. */
export interface AuditReply extends PublicFormReply {
  /** Only for an intake that is not spam: lets the browser attach its documents to this submission. */
  uploadToken?: string;
  uploadTokenExpiresAt?: string;
}

/** A message as the list shows it, every field of it (the list shows its text). */
export interface MessageListItem {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  subscribe: boolean;
  consentVersion: string;
  consentedAt: Date;
  status: MessageStatus;
  isSpam: boolean;
  spamReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

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
  /** Whether it holds macros (a VBA project): staff are warned before they download it. */
  hasMacros: boolean;
  createdAt: Date;
}

/**
 * A submission's own record as the portal shows it (its answers are in the detail's `sections`), field by field:
 * a column added to the table reaches no reply until it is added here.
 */
export type SubmissionRecord = Pick<
  AuditSubmission,
  | 'id'
  | 'source'
  | 'status'
  | 'companyName'
  | 'contactName'
  | 'contactEmail'
  | 'isSpam'
  | 'spamReason'
  | 'createdAt'
  | 'updatedAt'
>;

/** The reply of `PATCH /api/admin/submissions/:id`. */
export interface SubmissionStatusReply {
  submission: SubmissionRecord;
}

/** One submission opened: its record, its answers grouped by intake step, its documents. */
export interface SubmissionDetail {
  submission: SubmissionRecord;
  sections: AnswerSection[];
  documents: SubmissionDocument[];
}

// ---- Leads (docs/decisions/0030-leads.md): `/api/admin/leads` ----

export { leadStates, type LeadState } from '../../lib/statuses.ts';

/** The forms a lead's requests came from, for the list's `form` filter: the contact form, the short audit form, the intake. */
export { callFilters, DOWNLOAD_ONLY, leadForms, type CallFilter, type LeadForm } from '../../lib/statuses.ts';
import type { LeadForm } from '../../lib/statuses.ts';

/** Longest note and answered-elsewhere note, and reply, in characters. */
export const NOTE_MAX = 5_000;
export const REPLY_MAX = 10_000;
export const SUBJECT_MAX = 200;
/** How long after writing it the author may delete a note. */
export const NOTE_DELETE_MINUTES = 15;

const trimmedText = (max: number, empty: string, long: string) =>
  z.string().check(z.trim(), z.minLength(1, empty), z.maxLength(max, long));

/** The body of `PUT /api/admin/leads/:id/owner`: a staff member's id (one who holds a role), or null for nobody. */
export const leadOwnerSchema = z.object({
  ownerId: z.nullable(
    z.string().check(z.minLength(1, 'Choose a staff member'), z.maxLength(200, 'Choose a staff member')),
  ),
});

/** The body of `POST /api/admin/leads/:id/notes`. */
export const leadNoteSchema = z.object({
  body: trimmedText(NOTE_MAX, 'Write the note', `Keep the note under ${NOTE_MAX.toLocaleString('en-US')} characters`),
});

/** The body of `POST /api/admin/leads/:id/replies`: plain text, sent through the outbox. */
export const leadReplySchema = z.object({
  subject: trimmedText(SUBJECT_MAX, 'Write a subject', `Keep the subject under ${SUBJECT_MAX} characters`),
  body: trimmedText(
    REPLY_MAX,
    'Write the reply',
    `Keep the reply under ${REPLY_MAX.toLocaleString('en-US')} characters`,
  ),
  /** Sent even though the address bounced or complained: the staff member confirmed the warning. */
  confirm: z.optional(z.boolean()),
});

/** The body of `POST /api/admin/leads/:id/answered-elsewhere`: how the lead was answered (a call, a staff mailbox). */
export const answeredElsewhereSchema = z.object({
  note: trimmedText(
    NOTE_MAX,
    'Say how the lead was answered',
    `Keep the note under ${NOTE_MAX.toLocaleString('en-US')} characters`,
  ),
});

/** A lead as the list shows it (and the CSV exports it). Dates are the wire's ISO strings in the portal (`Json<>`). */
export interface LeadListItem {
  id: string;
  email: string;
  name: string;
  company: string;
  phone: string;
  /** How many requests (messages and audit requests) the lead has made. */
  requestCount: number;
  /** The forms its requests came from. */
  forms: LeadForm[];
  ownerId: string | null;
  owner: StaffName | null;
  state: LeadState;
  isSpam: boolean;
  firstRequestAt: Date;
  lastActivityAt: Date;
  /** The first request not yet answered; null when nothing waits. */
  awaitingSince: Date | null;
  /** When the current wait's response is due (null when nothing waits). */
  responseDueAt: Date | null;
  /** The first response ever (a reply from the portal or answered elsewhere). */
  firstResponseAt: Date | null;
  lastResponseAt: Date | null;
  /** Marked by an admin as a client: kept past the retention period (docs/privacy.md). */
  isClient: boolean;
  /** The lead wrote back by mail since our last response, and waits on us ("replied, waiting on us"). */
  repliedWaiting: boolean;
  /** A hard bounce: the address is undeliverable, with the provider's reason; null otherwise. */
  undeliverableReason: string | null;
  /** The person marked our mail as spam: nothing more goes out but a reply a staff member confirms. */
  complained: boolean;
  /** Where it came from (decision 32): its first touch's source (lead-source.ts) and that first touch, or null. */
  source: string | null;
  attribution: Attribution | null;
  /** The next call on the calendar, and the state of the latest call booked (docs/decisions/0046). */
  nextCall: { startsAt: Date; eventType: string } | null;
  lastCall: 'booked' | 'cancelled' | 'no_show' | 'held' | null;
  /** The deal (docs/decisions/0047-pipeline.md): its stage and since when, value in whole US dollars, expected close. */
  stage: LeadStage;
  stageEnteredAt: Date;
  value: number | null;
  expectedCloseOn: string | null;
  lostReason: LostReason | null;
  lostNote: string;
}

export { UNRECORDED } from '../../lib/lead-source.ts';

/** One request of a lead, newest first on the lead page: a contact message (whole) or an audit request (its list row). */
export type LeadRequest = ({ kind: 'message' } & MessageListItem) | ({ kind: 'audit' } & SubmissionListItem);

export type { StaffName, TimelineAttachment, TimelineEntry, TimelineMail } from './timeline-contract.ts';
import type { StaffName, TimelineEntry } from './timeline-contract.ts';

/** `GET /api/admin/leads/:id`: the lead, its requests (newest first) and its timeline (oldest first). */
export interface LeadDetail {
  lead: LeadListItem;
  requests: LeadRequest[];
  timeline: TimelineEntry[];
  /**
   * Where the lead's answer to a reply from the portal goes, from the server's settings: the lead's own
   * `reply+…` address when replies are set up (MAIL_REPLY_DOMAIN; the answer comes back onto the timeline),
   * else its owner's address or the staff inbox.
   */
  replyTo: { address: string; toTimeline: boolean };
}

/**
 * `GET /api/admin/leads/revision` (live.ts): a hash of what the Leads list and the leads' pages are drawn from, also
 * the reply's ETag (304 when unchanged), and how many leads (spam aside) wait on us, for the tab's title.
 */
export interface LeadsRevision {
  revision: string;
  waiting: number;
}

/** `GET /api/admin/leads/overdue`: how many leads wait past their response time now (spam aside). */
export interface LeadsOverdue {
  response: number;
}

/** `GET /api/admin/leads/staff`: who may own a lead (every account that holds a role). */
export interface LeadStaffReply {
  items: StaffName[];
}
