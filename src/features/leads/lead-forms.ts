/**
 * Which forms a lead's requests came from, and where its booked calls stand, as SQL correlated with an outer
 * query's `leads` row.
 */
import { and, eq, exists, gte, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditSubmissions, bookings, contactMessages, downloadRequests, leads } from '../../db/schema.ts';
import type { CallFilter, LeadForm } from './contract.ts';

const l = leads;
const m = contactMessages;
const s = auditSubmissions;

/** Whether the lead has an audit request from `source` (the short form or the intake). */
const hasAuditFrom = (db: Db, source: (typeof s.source.enumValues)[number]) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(s)
      .where(and(eq(s.leadId, l.id), eq(s.source, source))),
  );

/** Whether the lead has a request from each form: correlated with the outer query's lead. */
export const hasForm: Record<LeadForm, (db: Db) => SQL> = {
  message: (db) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(m)
        .where(eq(m.leadId, l.id)),
    ),
  contact_page: (db) => hasAuditFrom(db, 'contact_page'),
  intake: (db) => hasAuditFrom(db, 'intake'),
  download: (db) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(downloadRequests)
        .where(eq(downloadRequests.leadId, l.id)),
    ),
  booking: (db) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(bookings)
        .where(eq(bookings.leadId, l.id)),
    ),
};

/** A lead that asked for files and nothing else (docs/decisions/0041-resource-downloads.md). */
export const downloadsOnly = (db: Db): SQL =>
  and(
    hasForm.download(db),
    not(hasForm.message(db)),
    not(hasForm.contact_page(db)),
    not(hasForm.intake(db)),
    not(hasForm.booking(db)),
  )!;

/** A call on the calendar from `now` on (docs/decisions/0046-bookings-from-the-schedulers.md). */
const upcoming = (now: Date) =>
  and(
    eq(bookings.leadId, l.id),
    eq(bookings.status, 'booked'),
    or(isNull(bookings.startsAt), gte(bookings.startsAt, now)),
  );

/**
 * The Leads list's call filters: `booked`, a call on the calendar; `missed`, a call cancelled or missed (no-show)
 * and none booked since.
 */
export function callWhere(db: Db, call: CallFilter, now: Date): SQL {
  const next = exists(
    db
      .select({ one: sql`1` })
      .from(bookings)
      .where(upcoming(now)),
  );
  if (call === 'booked') return next;
  const ended = exists(
    db
      .select({ one: sql`1` })
      .from(bookings)
      .where(and(eq(bookings.leadId, l.id), inArray(bookings.status, ['cancelled', 'no_show']))),
  );
  return and(ended, not(next))!;
}

/** The lead's next booked call (its start and event type), or null: the list's columns. */
export const nextCallColumns = (db: Db, now: Date) => ({
  nextCallAt: sql<Date | string | null>`(${db
    .select({ at: bookings.startsAt })
    .from(bookings)
    .where(upcoming(now))
    .orderBy(bookings.startsAt)
    .limit(1)})`,
  nextCallType: sql<string | null>`(${db
    .select({ type: bookings.eventType })
    .from(bookings)
    .where(upcoming(now))
    .orderBy(bookings.startsAt)
    .limit(1)})`,
  lastCallStatus: sql<string | null>`(${db
    .select({ status: bookings.status })
    .from(bookings)
    .where(eq(bookings.leadId, l.id))
    .orderBy(sql`${bookings.bookedAt} desc`)
    .limit(1)})`,
});

/**
 * The CSV's call details (docs/decisions/0046-bookings-from-the-schedulers.md): the state, event type and host of the
 * lead's call, the next one on the calendar when there is one, else the one booked last.
 */
export const callDetailColumns = (db: Db, now: Date) => {
  const ofTheCall = (column: typeof bookings.status | typeof bookings.eventType | typeof bookings.host) =>
    sql<string | null>`(${db
      .select({ value: column })
      .from(bookings)
      .where(eq(bookings.leadId, l.id))
      .orderBy(
        sql`(${upcoming(now)}) desc`,
        sql`case when ${upcoming(now)} then ${bookings.startsAt} end`,
        sql`${bookings.bookedAt} desc`,
      )
      .limit(1)})`;
  return {
    callState: ofTheCall(bookings.status),
    callType: ofTheCall(bookings.eventType),
    callHost: ofTheCall(bookings.host),
  };
};
