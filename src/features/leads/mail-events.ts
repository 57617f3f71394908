/**
 * Resend's webhook (docs/decisions/0040-mail-replies-and-delivery.md): every event verified with the SDK
 * (`resend.webhooks.verify`: Svix signature and timestamp tolerance) and stored once by its Svix id.
 * `email.received` brings a lead's reply back onto its timeline (inbound-mail.ts); the delivery events
 * (`email.delivered`, `email.delivery_delayed`, `email.bounced`, `email.complained`, `email.failed`) update the
 * outbox row of the mail they are about, and the lead it was written to.
 */
import { eq } from 'drizzle-orm';
import { Resend } from 'resend';
import type { Db } from '../../db/client.ts';
import { leads, mailOutbox, webhookEvents } from '../../db/schema.ts';
import { ApiError } from '../../server/errors.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { received } from './inbound-mail.ts';
import {
  deliveryNoticeMail,
  ownerAddress,
  str,
  type ResendEvent,
  type WebhookDeps,
  type WebhookOutcome,
} from './mail-event-parts.ts';

export { unmatchedMail } from './inbound-mail.ts';
export type { ResendEvent, WebhookDeps, WebhookOutcome } from './mail-event-parts.ts';

/** The largest event body read (Resend's events are a few KB: the received mail's body is fetched apart). */
export const MAX_EVENT_BYTES = 256 * 1024;

/** The Svix headers of a Resend webhook request. */
export interface SvixHeaders {
  id: string;
  timestamp: string;
  signature: string;
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
