/**
 * Resend's webhook (docs/decisions/0040-mail-replies-and-delivery.md): every event verified with the SDK
 * (`resend.webhooks.verify`: Svix signature and timestamp tolerance) and stored once by its Svix id.
 * `email.received` brings a lead's reply back onto its timeline; the delivery events (`email.delivered`,
 * `email.delivery_delayed`, `email.bounced`, `email.complained`, `email.failed`) update the outbox row of the
 * mail they are about, and the lead it was written to.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import EmailReplyParser from 'email-reply-parser';
import { Resend } from 'resend';
import { replyDomain } from '../../config/platform.ts';
import { site } from '../../config/site.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  inboundMessages,
  leadDocuments,
  leads,
  mailOutbox,
  users,
  webhookEvents,
  type InboundAttachmentNote,
  type Lead,
} from '../../db/schema.ts';
import { ApiError } from '../../server/errors.ts';
import { enqueueMail, replyTokenOf } from '../../server/mail/outbox.ts';
import { enqueueSlack, slackEscape, slackWebhookUrl } from '../../server/mail/slack.ts';
import { tableMail, type Mail } from '../../server/mail/templates.ts';
import { oneLine } from '../../lib/one-line.ts';
import { MAX_FILE_BYTES, type AttachmentCheck, type FetchedAttachment } from '../uploads/contract.ts';
import { leadUrl } from './alert-mail.ts';

/** The largest event body read (Resend's events are a few KB: the received mail's body is fetched apart). */
export const MAX_EVENT_BYTES = 256 * 1024;

/** The Svix headers of a Resend webhook request. */
export interface SvixHeaders {
  id: string;
  timestamp: string;
  signature: string;
}

/** An event as the SDK hands it back once verified. */
export interface ResendEvent {
  type: string;
  created_at?: string;
  data: Record<string, unknown>;
}

/** The Svix headers of `request`, or null when one is missing. */
export function svixHeaders(request: Request): SvixHeaders | null {
  const id = request.headers.get('svix-id');
  const timestamp = request.headers.get('svix-timestamp');
  const signature = request.headers.get('svix-signature');
  return id && timestamp && signature ? { id, timestamp, signature } : null;
}

/** The SDK's client; without an API key it can still verify (it never calls Resend for that). */
export const resendClient = (apiKey: string | undefined): Resend => new Resend(apiKey || 're_verify_only');

/**
 * The event `payload` carries, verified with `secret` through the SDK (signature, and a timestamp within
 * Svix's five minutes of now); a 401 `invalid_signature` otherwise.
 */
export function verifyEvent(resend: Resend, payload: string, headers: SvixHeaders, secret: string): ResendEvent {
  try {
    const event = resend.webhooks.verify({ payload, headers, webhookSecret: secret }) as unknown as ResendEvent;
    if (!event || typeof event.type !== 'string' || typeof event.data !== 'object' || !event.data) throw new Error();
    return event;
  } catch {
    throw new ApiError(401, 'invalid_signature', 'The webhook signature is missing, wrong or too old.');
  }
}

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

/** Where documents are written and deleted (the uploads feature's documents store, passed in by the function). */
export interface DocumentStore {
  write(key: string, bytes: Uint8Array, file: { fileName: string; fileType: string }): Promise<void>;
  remove(key: string): Promise<void>;
}

/** What the endpoint needs beyond the database: the SDK's client, the documents' store, the clock. */
export interface WebhookDeps {
  resend: Resend;
  documents: DocumentStore;
  /** The intake's checks on a file (the uploads feature's `checkAttachment`). */
  checkFile: (file: FetchedAttachment) => AttachmentCheck;
  now?: Date;
  download?: typeof fetch;
}

/** The first lines of a text, for a notice (at most 300 characters). */
const firstLines = (text: string): string => {
  const lines = text.trim().split(/\n/).slice(0, 4).join('\n');
  return lines.length > 300 ? `${lines.slice(0, 299)}…` : lines;
};

/** Who is told about a lead: its owner, or the staff inbox. */
async function ownerAddress(tx: Tx, lead: Lead): Promise<string> {
  if (!lead.ownerId) return site.staffInbox;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, lead.ownerId));
  return owner?.email ?? site.staffInbox;
}

/** The notice of a lead's reply to its owner: the text's first lines and the link. */
export function inboundNoticeMail(to: string, lead: Lead, subject: string, text: string): Mail {
  return tableMail(
    {
      kind: 'lead.inbound',
      to,
      subject: oneLine(`${lead.name || lead.email} replied: ${subject || '(no subject)'}`),
    },
    'A lead wrote back',
    `${lead.name || lead.email} answered by mail. The reply is on the lead's timeline, and the response clock runs again.`,
    [
      ['From', lead.email],
      ['Subject', subject],
      ['They wrote', firstLines(text)],
      ['Open the lead', leadUrl(lead.id)],
    ],
  );
}

/** The notice to a lead's owner that its address bounced or complained. */
function deliveryNoticeMail(to: string, lead: Lead, what: 'bounced' | 'complained', reason: string): Mail {
  const heading = what === 'bounced' ? 'A lead’s address cannot be delivered to' : 'A lead marked our mail as spam';
  const intro =
    what === 'bounced'
      ? `Mail to ${lead.email} bounced for good: the address is marked undeliverable. Check it with the lead another way.`
      : `${lead.email} marked a mail from us as spam. No more mail goes to this address, but a reply a staff member confirms.`;
  return tableMail(
    { kind: `lead.${what}`, to, subject: oneLine(`${heading}: ${lead.name || lead.email}`) },
    heading,
    intro,
    [
      ['Lead', lead.name || lead.email],
      ['Reason', reason],
      ['Open the lead', leadUrl(lead.id)],
    ],
  );
}

export type WebhookOutcome = 'stored' | 'duplicate' | 'ignored';

/** Whether the event of Svix id `id` is stored already. */
const seen = async (db: Db, id: string) =>
  (await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, id))).length > 0;

/** Handles one verified event, once by its Svix id `id`. */
export async function handleEvent(db: Db, id: string, event: ResendEvent, deps: WebhookDeps): Promise<WebhookOutcome> {
  if (await seen(db, id)) return 'duplicate';
  if (event.type === 'email.received') return received(db, id, event, deps);
  if (DELIVERY[event.type]) return delivery(db, id, event, deps.now ?? new Date());
  // Another event (opened, clicked…): recorded, so health shows the webhook works, and nothing else.
  const [row] = await db
    .insert(webhookEvents)
    .values({ id, type: event.type.slice(0, 60) })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return row ? 'ignored' : 'duplicate';
}

const DELIVERY: Record<string, (typeof mailOutbox.$inferSelect)['delivery']> = {
  'email.delivered': 'delivered',
  'email.delivery_delayed': 'delayed',
  'email.bounced': 'bounced',
  'email.complained': 'complained',
  'email.failed': 'failed',
};
/** Deliveries a later `delivered` or `delayed` does not overwrite (events may arrive out of order). */
const FINAL = ['bounced', 'complained', 'failed'];

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

async function delivery(db: Db, id: string, event: ResendEvent, now: Date): Promise<WebhookOutcome> {
  const state = DELIVERY[event.type]!;
  const data = event.data;
  const bounce = (data.bounce ?? {}) as Record<string, unknown>;
  const hard = state === 'bounced' && str(bounce.type).toLowerCase() === 'permanent';
  const reason =
    state === 'bounced'
      ? [str(bounce.type), str(bounce.subType), str(bounce.message)].filter(Boolean).join(': ')
      : state === 'failed'
        ? str((data.failed as Record<string, unknown> | undefined)?.reason)
        : '';
  const emailId = str(data.email_id);
  return db.transaction(async (tx) => {
    const [mail] = emailId
      ? await tx.select().from(mailOutbox).where(eq(mailOutbox.providerId, emailId)).for('update')
      : [];
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({
        id,
        type: event.type,
        leadId: mail?.leadId ?? null,
        mailId: mail?.id ?? null,
        detail: { delivery: state, ...(reason && { reason: reason.slice(0, 500) }), ...(hard && { hard }) },
      })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!fresh) return 'duplicate';
    if (!mail) return 'ignored';
    if (!(FINAL.includes(mail.delivery ?? '') && !FINAL.includes(state))) {
      await tx
        .update(mailOutbox)
        .set({ delivery: state, deliveryDetail: reason.slice(0, 500) || null, deliveryAt: now })
        .where(eq(mailOutbox.id, mail.id));
    }
    if (!mail.leadId || !(hard || state === 'complained')) return 'stored';
    const [lead] = await tx.select().from(leads).where(eq(leads.id, mail.leadId)).for('update');
    if (!lead) return 'stored';
    const what = hard ? ('bounced' as const) : ('complained' as const);
    if (what === 'bounced' ? lead.undeliverableAt : lead.complainedAt) return 'stored'; // told once
    await tx
      .update(leads)
      .set(
        what === 'bounced'
          ? { undeliverableAt: now, undeliverableReason: reason.slice(0, 500) || 'bounced', updatedAt: now }
          : { complainedAt: now, updatedAt: now },
      )
      .where(eq(leads.id, lead.id));
    const to = await ownerAddress(tx, lead);
    await enqueueMail(tx, `lead-${what}:${lead.id}:${id}`, [deliveryNoticeMail(to, lead, what, reason || what)], now);
    return 'stored';
  });
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

async function received(db: Db, id: string, event: ResendEvent, deps: WebhookDeps): Promise<WebhookOutcome> {
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
