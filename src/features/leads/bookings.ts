/**
 * Calls booked at a scheduler, on the lead of the invitee's address (docs/decisions/0046-bookings-from-the-schedulers.md).
 *
 * Each event is stored once by its provider id (`booking_events`), then the call it belongs to is derived again
 * from every stored event of that call: the call's keys are the provider ids its reschedules linked (Calendly's
 * old and new invitee, Cal.com's `rescheduleUid`), so a reschedule's two halves, a cancellation before its booking
 * or an event delivered five times all end in the same single `bookings` row, whatever the order. What changed
 * between the call as stored before and as derived now decides what else happens, once:
 *
 * - a new call answers the lead's open request (the call is the answer) and starts no wait of its own;
 * - a call cancelled or missed (no-show) puts the lead back as waiting on us, with a due time;
 * - the owner (or the staff inbox) is told of a new call, a cancellation and a no-show, by mail and Slack.
 *
 * Events of one invitee are taken one at a time (an advisory lock on the address), so two deliveries at once
 * cannot make two calls.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { bookingEvents, bookings, leads, type Booking, type BookingStatus, type Lead } from '../../db/schema.ts';
import { leadSource } from '../../lib/lead-source.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { enqueueSlack, slackWebhookUrl } from '../../server/mail/slack.ts';
import { attachToLead, leadKey } from './lead-link.ts';
import { ownerAddress } from './mail-event-parts.ts';
import { bookingNoticeMail, bookingSlackPost, type NoticeKind } from './booking-notices.ts';
import type { SchedulerEvent } from './scheduler-events.ts';
import { deriveCall, type ChainEvent } from './booking-derive.ts';

export type BookingOutcome = 'stored' | 'duplicate' | 'ignored';

/** Every stored event linked to `keys` through reschedules, and their keys. */
async function chainOf(tx: Tx, keys: string[]): Promise<ChainEvent[]> {
  const known = new Set(keys);
  let events: ChainEvent[] = [];
  for (let round = 0; round < 10; round++) {
    const list = [...known];
    events = await tx
      .select({
        id: bookingEvents.id,
        kind: bookingEvents.kind,
        key: bookingEvents.key,
        linked: bookingEvents.linked,
        at: bookingEvents.at,
        facts: bookingEvents.facts,
      })
      .from(bookingEvents)
      .where(
        and(
          sql`${bookingEvents.kind} <> 'ignored'`,
          or(inArray(bookingEvents.key, list), inArray(bookingEvents.linked, list)),
        ),
      );
    const size = known.size;
    for (const e of events) {
      known.add(e.key);
      if (e.linked) known.add(e.linked);
    }
    if (known.size === size) break;
  }
  return events;
}

const ENDED: readonly BookingStatus[] = ['cancelled', 'no_show'];

/**
 * Stores one verified scheduler event received `now` and brings its call and lead up to date. Resolves
 * `duplicate` when the event's id is stored already (nothing else happens), `ignored` for an event the site does
 * not act on (stored, so health shows the webhook works).
 */
/** What a newly booked call does beyond the lead, in the booking's transaction (the pipeline's stage). */
export type BookedHook = (tx: Tx, leadId: string, at: Date) => Promise<unknown>;

export async function receiveBookingEvent(
  db: Db,
  event: SchedulerEvent,
  now = new Date(),
  onBooked?: BookedHook,
): Promise<BookingOutcome> {
  return db.transaction(async (tx) => {
    // One invitee's events one at a time: the address when the event names it, else the call's key.
    const lockKey = event.facts.email ? `booking:${leadKey(event.facts.email)}` : `booking:${event.key}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
    const [fresh] = await tx
      .insert(bookingEvents)
      .values({
        id: event.id,
        provider: event.provider,
        kind: event.kind,
        key: event.key,
        linked: event.linked,
        at: event.at,
        receivedAt: now,
        facts: event.facts,
      })
      .onConflictDoNothing()
      .returning({ id: bookingEvents.id });
    if (!fresh) return 'duplicate';
    if (event.kind === 'ignored') return 'ignored';

    const chain = await chainOf(tx, event.linked ? [event.key, event.linked] : [event.key]);
    const derived = deriveCall(chain);
    const found = await tx
      .select()
      .from(bookings)
      .where(
        sql`${bookings.keys} && ${sql`array[${sql.join(
          derived.keys.map((k) => sql`${k}`),
          sql`, `,
        )}]::text[]`}`,
      )
      .orderBy(bookings.createdAt, bookings.id)
      .for('update');
    const [kept, ...merged] = found;
    if (merged.length)
      await tx.delete(bookings).where(
        inArray(
          bookings.id,
          merged.map((b) => b.id),
        ),
      );

    const email = derived.facts.email;
    let lead: Lead | undefined;
    if (kept) {
      [lead] = await tx.select().from(leads).where(eq(leads.id, kept.leadId)).for('update');
    } else {
      // A call heard of only through an event without an address (a no-show alone): kept until its booking comes.
      if (!email) return 'stored';
      const id = await attachToLead(
        tx,
        { email, name: derived.facts.name ?? '', company: '', phone: '' },
        derived.bookedAt,
        false,
        { form: 'booking', attribution: derived.facts.attribution },
      );
      [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    }
    if (!lead) return 'stored';

    const values = {
      provider: event.provider,
      keys: derived.keys,
      leadId: lead.id,
      status: derived.status,
      eventType: derived.facts.eventType ?? '',
      startsAt: derived.facts.startsAt ? new Date(derived.facts.startsAt) : null,
      endsAt: derived.facts.endsAt ? new Date(derived.facts.endsAt) : null,
      timeZone: derived.facts.timeZone ?? '',
      inviteeName: derived.facts.name ?? '',
      inviteeEmail: derived.facts.email ?? '',
      answers: derived.facts.answers ?? [],
      location: derived.facts.location ?? '',
      host: derived.facts.host ?? '',
      cancelReason: derived.cancelReason,
      attribution: derived.facts.attribution ?? null,
      bookedAt: derived.bookedAt,
      updatedAt: now,
    };
    const [booking] = kept
      ? await tx.update(bookings).set(values).where(eq(bookings.id, kept.id)).returning()
      : await tx.insert(bookings).values(values).returning();
    await tx
      .update(bookingEvents)
      .set({ bookingId: booking!.id, leadId: lead.id })
      .where(
        inArray(
          bookingEvents.id,
          chain.map((e) => e.id),
        ),
      );

    await followUp(tx, lead, kept?.status ?? null, booking!, now);
    // A call new to the site moves the lead's deal on (the pipeline's stageOnBooking, passed in by the function).
    if (!kept && booking!.status === 'booked' && onBooked) await onBooked(tx, lead.id, booking!.bookedAt);
    return 'stored';
  });
}

/** What a change of the call's status does to its lead: the response clock, the lead's first touch, the notices. */
async function followUp(tx: Tx, lead: Lead, before: BookingStatus | null, booking: Booking, now: Date): Promise<void> {
  const after = booking.status;
  const isNew = before === null;
  const ends = ENDED.includes(after) && (isNew || !ENDED.includes(before));
  let waiting = lead.awaitingSince !== null;
  const set: PgUpdateSetSource<typeof leads> = {
    updatedAt: now,
    lastActivityAt: sql`greatest(${leads.lastActivityAt}, ${now.toISOString()}::timestamptz)`,
  };
  if (isNew && waiting) {
    // The call answers the open request: the wait and its alerts end, the response is stamped.
    Object.assign(set, {
      firstResponseAt: lead.firstResponseAt ?? now,
      lastResponseAt: now,
      awaitingSince: null,
      responseDueAt: null,
      dueSoonAlertedAt: null,
      overdueAlertedAt: null,
    });
    waiting = false;
  }
  if (ends && !waiting) {
    // Cancelled or missed: the lead waits on us again, due as a new request would be.
    Object.assign(set, {
      awaitingSince: now,
      responseDueAt: sql`lead_response_due(${now.toISOString()}::timestamptz)`,
      dueSoonAlertedAt: null,
      overdueAlertedAt: null,
    });
  }
  const hadNoTouch = !lead.attribution || Object.keys(lead.attribution).length === 0;
  // Whichever event brought it: a reschedule's new half may come before the booking that carried the campaign.
  if (booking.attribution && hadNoTouch && !lead.isSpam) {
    Object.assign(set, { attribution: booking.attribution, source: leadSource(booking.attribution) });
  }
  await tx.update(leads).set(set).where(eq(leads.id, lead.id));

  const notices: NoticeKind[] = [];
  if (isNew) notices.push('booked');
  if (ends) notices.push(after === 'no_show' ? 'no_show' : 'cancelled');
  if (!notices.length) return;
  const to = await ownerAddress(tx, lead);
  for (const kind of notices) {
    await enqueueMail(tx, `booking-${kind}:${booking.id}`, [bookingNoticeMail(to, lead, booking, kind)], now);
    if (slackWebhookUrl())
      await enqueueSlack(tx, `booking-${kind}:${booking.id}`, [bookingSlackPost(lead, booking, kind)]);
  }
}

/** The stored events of a lead's calls, oldest first (its timeline). */
export const leadBookingEvents = (db: Db | Tx, leadId: string) =>
  db.select().from(bookingEvents).where(eq(bookingEvents.leadId, leadId)).orderBy(bookingEvents.at, bookingEvents.id);
