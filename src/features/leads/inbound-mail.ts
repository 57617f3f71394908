/**
 * A mail received on the reply domain (docs/decisions/0040-mail-replies-and-delivery.md): fetched in full through
 * the SDK's Receiving API, matched to its lead by the reply token of the address it was written to, its new text
 * parted from the quoted history (email-reply-parser), its attachments through the intake's checks; on its lead's
 * timeline, marked when from another address, or kept aside for an admin.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import EmailReplyParser from 'email-reply-parser';
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
} from '../../db/schema.ts';
import { oneLine } from '../../lib/one-line.ts';
import { ApiError } from '../../server/errors.ts';
import { enqueueMail, replyTokenOf } from '../../server/mail/outbox.ts';
import { enqueueSlack, slackEscape, slackWebhookUrl } from '../../server/mail/slack.ts';
import { MAX_FILE_BYTES, type FetchedAttachment } from '../uploads/contract.ts';
import { leadUrl } from './alert-mail.ts';
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

/** The new text of a reply, the quoted history folded away; the whole text when nothing is left. */
export function newTextOf(full: string): string {
  const visible = new EmailReplyParser().parseReply(full).trim();
  return visible || full.trim();
}

/** The text of a received mail: its text part, or its HTML part's text. */
const textOf = (text: string | null, html: string | null): string =>
  text ??
  (html ?? '')
    .replace(/<(br|\/p|\/div)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A received mail as the Receiving API gives it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  attachments: FetchedAttachment[];
}

/** Fetches a received mail in full and its attachments through the SDK's Receiving API (RESEND_BASE_URL). */
export async function fetchReceived(resend: Resend, emailId: string, download = fetch): Promise<ReceivedMail> {
  const { data, error } = await resend.emails.receiving.get(emailId);
  if (error || !data) throw new Error(`Resend answered ${error?.statusCode ?? 'nothing'} for the received mail`);
  const attachments: FetchedAttachment[] = [];
  for (const a of data.attachments ?? []) {
    const name = a.filename || 'attachment';
    if (a.size > MAX_FILE_BYTES) {
      attachments.push({ name, size: a.size, bytes: null });
      continue;
    }
    const got = await resend.emails.receiving.attachments.get({ emailId, id: a.id });
    if (got.error || !got.data)
      throw new Error(`Resend answered ${got.error?.statusCode ?? 'nothing'} for an attachment`);
    const response = await download(got.data.download_url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`The attachment's download answered ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    attachments.push({ name, size: bytes.length, bytes: bytes.length > MAX_FILE_BYTES ? null : bytes });
  }
  return {
    from: data.from,
    to: [...(data.received_for ?? []), ...(data.to ?? [])],
    subject: data.subject ?? '',
    text: textOf(data.text, data.html),
    attachments,
  };
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

export async function received(db: Db, id: string, event: ResendEvent, deps: WebhookDeps): Promise<WebhookOutcome> {
  const now = deps.now ?? new Date();
  const emailId = str(event.data.email_id);
  if (!emailId)
    throw new ApiError(422, 'invalid_fields', 'The event names no received mail.', { email_id: 'is missing' });
  const mail = await fetchReceived(deps.resend, emailId, deps.download);
  const eventTo = Array.isArray(event.data.to) ? event.data.to.map(String) : [];
  const lead = await leadOfAddresses(db, [...mail.to, ...eventTo]);
  const from = addressOf(mail.from);
  const status = !lead ? 'unmatched' : from === lead.emailKey ? 'attached' : 'other_sender';
  const messageId = randomUUID();
  // Attachments are checked and written before the transaction (the store is no database); a message kept
  // aside stores none: it belongs to nobody yet.
  const notes: InboundAttachmentNote[] = [];
  const documents: (typeof leadDocuments.$inferInsert)[] = [];
  for (const file of mail.attachments) {
    const check = deps.checkFile(file);
    if (!lead || check.problem) {
      notes.push({
        name: file.name,
        size: file.size,
        documentId: null,
        hasMacros: false,
        problem: check.problem ?? 'not stored: the mail matched no lead',
      });
      continue;
    }
    const documentId = randomUUID();
    const key = `inbound/${lead.id}/${documentId}.${check.fileType}`;
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
  const outcome = await db.transaction(async (tx) => {
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
        newText: newTextOf(mail.text),
        fullText: mail.text,
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
    const newText = newTextOf(mail.text);
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
  });
  if (outcome === 'duplicate') await Promise.all(documents.map((d) => deps.documents.remove(d.filePath)));
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
