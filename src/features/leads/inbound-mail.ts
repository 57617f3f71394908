/**
 * A mail received on the reply domain (docs/decisions/0040-mail-replies-and-delivery.md): fetched through the
 * SDK's Receiving API, matched to its lead by the reply token of the address it was written to before anything is
 * downloaded, its new text parted from the quoted history in linear time (reply-text.ts), its attachments (a
 * bounded number) through the intake's checks; on its lead's timeline, marked when from another address or not
 * vouched for by the receiving server, or kept aside for an admin with its attachments' names only.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Resend } from 'resend';
import { replyDomain } from '../../config/platform.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  inboundMessages,
  leadDocuments,
  leads,
  webhookEvents,
  type InboundAttachmentNote,
  type Lead,
  type SenderCheck,
} from '../../db/schema.ts';
import { oneLine } from '../../lib/one-line.ts';
import { cleanFileName } from '../../server/download.ts';
import { ApiError } from '../../server/errors.ts';
import { enqueueMail, replyTokenOf } from '../../server/mail/outbox.ts';
import { enqueueSlack, slackEscape, slackWebhookUrl } from '../../server/mail/slack.ts';
import { MAX_FILE_BYTES, MAX_FILE_NAME_LENGTH, type FetchedAttachment } from '../uploads/contract.ts';
import { leadUrl } from './alert-mail.ts';
import { htmlToText, newTextOf, storedText } from './reply-text.ts';
import {
  firstLines,
  inboundNoticeMail,
  ownerAddress,
  str,
  type ResendEvent,
  type WebhookDeps,
  type WebhookOutcome,
} from './mail-event-parts.ts';

/** `ada@x.com` from `Ada Quill <Ada@X.com>` (lower case), or the trimmed text when it holds no brackets. */
export function addressOf(value: string): string {
  const match = /<([^<>]+)>/.exec(value);
  return (match ? match[1]! : value).trim().toLowerCase();
}

export { newTextOf } from './reply-text.ts';

/** Attachments of one mail that are downloaded and checked; the rest are listed by name only. */
export const MAX_ATTACHMENTS_PER_MAIL = 10;

/** Documents one lead may have sent by mail in all; past it, a mail's attachments are listed by name only. */
export const MAX_MAILED_DOCUMENTS_PER_LEAD = 50;

/** A mailed file's name as uploads keep theirs: no folders, no control or bidi characters, at most 255 characters (its extension kept). */
export function inboundFileName(name: string | null | undefined): string {
  const clean = cleanFileName(name ?? '') || 'attachment';
  if (clean.length <= MAX_FILE_NAME_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return `${clean.slice(0, MAX_FILE_NAME_LENGTH - extension.length - 1)}…${extension}`;
}

/**
 * Whether the receiving server vouched for the sender's address: a DMARC pass in the mail's
 * Authentication-Results header, for the From address's domain where the header names one. Resend's Receiving
 * API gives no SPF, DKIM or DMARC verdict of its own, only the mail's headers (docs/security.md).
 */
export function senderCheckOf(headers: Record<string, string> | null | undefined, from: string): SenderCheck {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'authentication-results');
  const value = (entry?.[1] ?? '').slice(0, 4000).toLowerCase();
  if (!value) return 'unknown';
  const dmarc = /\bdmarc=(\w+)/.exec(value)?.[1];
  if (dmarc !== 'pass') return dmarc ? 'fail' : 'unknown';
  const vouched = /\bheader\.from=([a-z0-9.-]+)/.exec(value)?.[1];
  const domain = addressOf(from).split('@')[1] ?? '';
  return !vouched || vouched === domain ? 'pass' : 'fail';
}

/** A received mail as the Receiving API gives it, its attachments not yet downloaded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** Its text part, or its HTML part's text, whole (bounded where it is parsed and stored). */
  text: string;
  senderCheck: SenderCheck;
  attachments: { id: string; name: string; size: number }[];
}

/** Fetches a received mail through the SDK's Receiving API (RESEND_BASE_URL): its text and its attachments' names. */
export async function fetchReceived(resend: Resend, emailId: string): Promise<ReceivedMail> {
  const { data, error } = await resend.emails.receiving.get(emailId);
  if (error || !data) throw new Error(`Resend answered ${error?.statusCode ?? 'nothing'} for the received mail`);
  return {
    from: data.from,
    to: [...(data.received_for ?? []), ...(data.to ?? [])],
    subject: data.subject ?? '',
    text: data.text ?? htmlToText(data.html ?? ''),
    senderCheck: senderCheckOf(data.headers, data.from),
    attachments: (data.attachments ?? []).map((a) => ({ id: a.id, name: inboundFileName(a.filename), size: a.size })),
  };
}

/** Downloads one attachment of a received mail (none past MAX_FILE_BYTES: its bytes are then null). */
async function downloadAttachment(
  resend: Resend,
  emailId: string,
  attachment: ReceivedMail['attachments'][number],
  download = fetch,
): Promise<FetchedAttachment> {
  const { name, size } = attachment;
  if (size > MAX_FILE_BYTES) return { name, size, bytes: null };
  const got = await resend.emails.receiving.attachments.get({ emailId, id: attachment.id });
  if (got.error || !got.data)
    throw new Error(`Resend answered ${got.error?.statusCode ?? 'nothing'} for an attachment`);
  const response = await download(got.data.download_url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`The attachment's download answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { name, size: bytes.length, bytes: bytes.length > MAX_FILE_BYTES ? null : bytes };
}

/** The lead a received mail was written to (by its reply token on the reply domain), or null. */
async function leadOfAddresses(db: Db | Tx, addresses: readonly string[]): Promise<Lead | null> {
  const domain = replyDomain();
  if (!domain) return null;
  const tokens = addresses.map((a) => replyTokenOf(addressOf(a), domain)).filter((t): t is string => !!t);
  if (!tokens.length) return null;
  const [lead] = await db.select().from(leads).where(inArray(leads.replyToken, tokens)).limit(1);
  return lead ?? null;
}

/**
 * A mailed document's key in the documents store: `inbound/<leadId>/<written at, ms>-<id>.<type>`. The time in
 * the key lets the hourly cleanup remove a blob whose row never came (sweepStrayInboundDocuments).
 */
export const inboundDocumentKey = (leadId: string, documentId: string, fileType: string, at: Date) =>
  `inbound/${leadId}/${at.getTime()}-${documentId}.${fileType}`;

/**
 * Checks and writes a matched mail's attachments (at most MAX_ATTACHMENTS_PER_MAIL, and none past the lead's
 * MAX_MAILED_DOCUMENTS_PER_LEAD): the notes for its row and the documents' rows. An unmatched mail downloads
 * nothing: its attachments are listed by name.
 */
async function storeAttachments(
  db: Db,
  deps: WebhookDeps,
  emailId: string,
  mail: ReceivedMail,
  lead: Lead | null,
  messageId: string,
  now: Date,
) {
  const notes: InboundAttachmentNote[] = [];
  const documents: (typeof leadDocuments.$inferInsert)[] = [];
  const listed = (a: { name: string; size: number }, problem: string) =>
    notes.push({ name: a.name, size: a.size, documentId: null, hasMacros: false, problem });
  if (!lead) {
    for (const a of mail.attachments) listed(a, 'not stored: the mail matched no lead');
    return { notes, documents };
  }
  const [held] = await db.select({ n: count() }).from(leadDocuments).where(eq(leadDocuments.leadId, lead.id));
  let room = Math.min(MAX_ATTACHMENTS_PER_MAIL, MAX_MAILED_DOCUMENTS_PER_LEAD - (held?.n ?? 0));
  for (const attachment of mail.attachments) {
    if (room <= 0) {
      listed(
        attachment,
        (held?.n ?? 0) + documents.length >= MAX_MAILED_DOCUMENTS_PER_LEAD
          ? `this lead has sent ${MAX_MAILED_DOCUMENTS_PER_LEAD} documents by mail already`
          : `only the first ${MAX_ATTACHMENTS_PER_MAIL} attachments of a mail are kept`,
      );
      continue;
    }
    const file = await downloadAttachment(deps.resend, emailId, attachment, deps.download);
    const check = deps.checkFile(file);
    if (check.problem) {
      listed(file, check.problem);
      continue;
    }
    room--;
    const documentId = randomUUID();
    const key = inboundDocumentKey(lead.id, documentId, check.fileType, now);
    await deps.documents.write(key, file.bytes!, { fileName: file.name, fileType: check.fileType });
    documents.push({
      id: documentId,
      leadId: lead.id,
      inboundMessageId: messageId,
      fileName: file.name,
      filePath: key,
      fileSize: file.bytes!.length,
      fileType: check.fileType,
      hasMacros: check.macros,
    });
    notes.push({ name: file.name, size: file.bytes!.length, documentId, hasMacros: check.macros, problem: null });
  }
  return { notes, documents };
}

export async function received(db: Db, id: string, event: ResendEvent, deps: WebhookDeps): Promise<WebhookOutcome> {
  const now = deps.now ?? new Date();
  const emailId = str(event.data.email_id);
  if (!emailId)
    throw new ApiError(422, 'invalid_fields', 'The event names no received mail.', { email_id: 'is missing' });
  const mail = await fetchReceived(deps.resend, emailId);
  const eventTo = Array.isArray(event.data.to) ? event.data.to.map(String) : [];
  // Matched before anything is downloaded: a mail to no lead costs no download.
  const lead = await leadOfAddresses(db, [...mail.to, ...eventTo]);
  const from = addressOf(mail.from);
  const status = !lead ? 'unmatched' : from === lead.emailKey ? 'attached' : 'other_sender';
  const messageId = randomUUID();
  const fullText = storedText(mail.text).text;
  const newText = newTextOf(mail.text);
  // Attachments are checked and written before the transaction (the store is no database); a blob whose row
  // never comes (a crash, a time-out) is removed here when the transaction fails, else by the hourly cleanup.
  const { notes, documents } = await storeAttachments(db, deps, emailId, mail, lead, messageId, now);
  const removeBlobs = () => Promise.all(documents.map((d) => deps.documents.remove(d.filePath)));
  const outcome = await db
    .transaction(async (tx) => {
      const [fresh] = await tx
        .insert(webhookEvents)
        .values({ id, type: event.type, leadId: lead?.id ?? null, detail: { emailId, status } })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      if (!fresh) return 'duplicate' as const;
      const [message] = await tx
        .insert(inboundMessages)
        .values({
          id: messageId,
          providerId: emailId,
          leadId: lead?.id ?? null,
          status,
          fromAddress: mail.from.slice(0, 320),
          toAddress: [...mail.to, ...eventTo].join(', ').slice(0, 1000),
          subject: oneLine(mail.subject).slice(0, 500),
          newText,
          fullText,
          senderCheck: mail.senderCheck,
          attachments: notes,
          receivedAt: now,
        })
        .onConflictDoNothing({ target: inboundMessages.providerId })
        .returning({ id: inboundMessages.id });
      if (!message) return 'duplicate' as const; // the same mail under another event id
      if (documents.length) await tx.insert(leadDocuments).values(documents);
      if (!lead || status !== 'attached') return 'stored' as const;
      const [locked] = await tx.select().from(leads).where(eq(leads.id, lead.id)).for('update');
      const waiting = locked?.awaitingSince != null;
      await tx
        .update(leads)
        .set({
          lastInboundAt: now,
          lastActivityAt: sql`greatest(${leads.lastActivityAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
          // A new wait on the response clock, unless one is open (it keeps its due time).
          ...(!waiting && {
            awaitingSince: now,
            responseDueAt: sql`lead_response_due(${now.toISOString()}::timestamptz)`,
            dueSoonAlertedAt: null,
            overdueAlertedAt: null,
          }),
        })
        .where(eq(leads.id, lead.id));
      const to = await ownerAddress(tx, lead);
      await enqueueMail(tx, `lead-inbound:${messageId}`, [inboundNoticeMail(to, lead, mail.subject, newText)], now);
      if (slackWebhookUrl())
        await enqueueSlack(tx, `lead-inbound:${messageId}`, [
          {
            kind: 'slack.lead-inbound',
            subject: `${lead.name || lead.email} replied`,
            text: `*${slackEscape(lead.name || lead.email)}* replied: ${slackEscape(oneLine(mail.subject))}\n>${slackEscape(firstLines(newText)).replace(/\n/g, '\n>')}\n<${leadUrl(lead.id)}|Open the lead>`,
          },
        ]);
      return 'stored' as const;
    })
    .catch(async (error: unknown) => {
      await removeBlobs().catch(() => undefined);
      throw error;
    });
  if (outcome === 'duplicate') await removeBlobs();
  return outcome;
}
/** The mails kept aside (an unknown or forged reply token): for an admin, newest first, never on a lead. */
export async function unmatchedMail(db: Db, limit = 100) {
  return db
    .select({
      id: inboundMessages.id,
      from: inboundMessages.fromAddress,
      to: inboundMessages.toAddress,
      subject: inboundMessages.subject,
      newText: inboundMessages.newText,
      attachments: inboundMessages.attachments,
      receivedAt: inboundMessages.receivedAt,
    })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.status, 'unmatched')))
    .orderBy(sql`${inboundMessages.receivedAt} desc`)
    .limit(limit);
}
