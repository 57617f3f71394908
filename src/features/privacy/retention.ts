/**
 * What the daily housekeeping keeps to the privacy policy (docs/privacy.md): a lead with no activity for
 * RETENTION_MONTHS (24 by default) is erased, unless an admin marked it a client; the bodies of mails older
 * than 30 days are emptied (their subject, address and status stay, for the lead's timeline); mail received
 * that matched no lead and webhook events about staff mail go after 30 days; blobs an
 * erasure could not delete are tried again.
 */
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingEvents, inboundMessages, leads, mailOutbox, webhookEvents } from '../../db/schema.ts';
import type { AuditActor } from '../../server/action-log.ts';
import { MisconfiguredError, platformEnv, type Env } from '../../config/platform.ts';
import { drainBlobDeletions, type PersonStores } from './blob-queue.ts';
import { MAIL_BODY_DAYS, RETENTION_MONTHS_DEFAULT } from './contract.ts';
import { eraseLead } from './erase.ts';
import { loggable } from '../../server/loggable.ts';

/** The actor of the sweep's erasures in the action log. */
export const retentionSweep: AuditActor = { id: 'system', email: 'retention sweep' };

/**
 * RETENTION_MONTHS as a whole number of months from 1 to 24; unset is the policy's 24. Anything else is a
 * refusal: the sweep never guesses how long to keep people's data, and never keeps it longer than the privacy
 * policy says.
 */
export function retentionMonths(env: Env = platformEnv()): number {
  const raw = env.RETENTION_MONTHS?.trim();
  if (!raw) return RETENTION_MONTHS_DEFAULT;
  const months = Number(raw);
  if (!Number.isInteger(months) || months < 1 || months > RETENTION_MONTHS_DEFAULT) {
    const most = RETENTION_MONTHS_DEFAULT;
    throw new MisconfiguredError([
      {
        setting: 'RETENTION_MONTHS',
        problem: `is "${raw}", not a whole number of months from 1 to ${most} (the privacy policy promises at most ${most}: change it first to keep data longer)`,
      },
    ]);
  }
  return months;
}

/** The moment `months` calendar months before `now` (UTC): activity before it is past retention. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export interface RetentionRun {
  erasedLeads: number;
  emptiedMails: number;
  /** Mails of no lead deleted (purgeOldStaffMail). */
  purgedMails: number;
  blobsPending: number;
}

/** One run of the sweep at `now`. Leads are erased one transaction each, so one failure stops no other. */
export async function sweepRetention(
  db: Db,
  stores: PersonStores,
  now = new Date(),
  months = retentionMonths(),
): Promise<RetentionRun> {
  const cutoff = retentionCutoff(now, months);
  const due = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(lt(leads.lastActivityAt, cutoff), eq(leads.isClient, false), ne(leads.stage, 'won')))
    .limit(500);
  let erasedLeads = 0;
  for (const { id } of due) {
    try {
      await eraseLead(db, stores, retentionSweep, id, { reason: 'retention' });
      erasedLeads++;
    } catch (error) {
      console.error(`retention: could not erase lead ${id}:`, loggable(error));
    }
  }
  const emptiedMails = await emptyOldMailBodies(db, now);
  const purgedMails = await purgeOldStaffMail(db, now);
  await purgeUnattachedMailEvents(db, now);
  const blobsPending = await drainBlobDeletions(db, stores);
  return { erasedLeads, emptiedMails, purgedMails, blobsPending };
}

/** MAIL_BODY_DAYS before `now`: the line of both mail rules below. */
const mailCutoff = (now: Date) => new Date(now.getTime() - MAIL_BODY_DAYS * 24 * 3600_000);
/** When a mail was last touched: sent, else last tried, else queued. */
const lastMailEvent = sql`coalesce(${mailOutbox.sentAt}, ${mailOutbox.lastAttemptAt}, ${mailOutbox.createdAt})`;

/**
 * Deletes the mails of no lead (staff notifications, account and test mails) sent or capped more than 30 days
 * before `now`: nobody reads them again, and the outbox would otherwise grow with every submit for ever. A lead's
 * mails stay on its timeline (bodies emptied) until the lead goes; failed ones stay for the Mail tab.
 */
export async function purgeOldStaffMail(db: Db, now = new Date()): Promise<number> {
  const before = mailCutoff(now);
  const purged = await db
    .delete(mailOutbox)
    .where(and(isNull(mailOutbox.leadId), inArray(mailOutbox.status, ['sent', 'capped']), lt(lastMailEvent, before)))
    .returning({ id: mailOutbox.id });
  return purged.length;
}

/**
 * Deletes what the mail provider's webhook left that belongs to no lead (docs/decisions/0040-mail-replies-and-delivery.md),
 * 30 days after it came: mail kept aside for an admin (an unknown reply token) and events about staff mail; and
 * the schedulers' events that reached no lead (docs/decisions/0046: an event type the site ignores, a no-show
 * whose booking never came). What belongs to a lead goes with the lead (its erasure, or this sweep's). Resolves
 * with how many rows went.
 */
export async function purgeUnattachedMailEvents(db: Db, now = new Date()): Promise<number> {
  const before = mailCutoff(now);
  const [messages, events, calls] = await Promise.all([
    db
      .delete(inboundMessages)
      .where(and(isNull(inboundMessages.leadId), lt(inboundMessages.receivedAt, before)))
      .returning({ id: inboundMessages.id }),
    db
      .delete(webhookEvents)
      .where(and(isNull(webhookEvents.leadId), lt(webhookEvents.receivedAt, before)))
      .returning({ id: webhookEvents.id }),
    db
      .delete(bookingEvents)
      .where(and(isNull(bookingEvents.leadId), lt(bookingEvents.receivedAt, before)))
      .returning({ id: bookingEvents.id }),
  ]);
  return messages.length + events.length + calls.length;
}

/** Empties the bodies (and any sealed link) of mails sent, failed or capped more than 30 days before `now`. */
export async function emptyOldMailBodies(db: Db, now = new Date()): Promise<number> {
  const before = mailCutoff(now);
  const emptied = await db
    .update(mailOutbox)
    .set({ textBody: '', htmlBody: '', sealed: null })
    .where(
      and(
        ne(mailOutbox.status, 'pending'),
        lt(lastMailEvent, before),
        or(ne(mailOutbox.textBody, ''), ne(mailOutbox.htmlBody, ''), isNotNull(mailOutbox.sealed)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return emptied.length;
}
