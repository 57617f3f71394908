/** Which forms a lead's requests came from, as SQL conditions correlated with an outer query's `leads` row. */
import { and, eq, exists, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditSubmissions, bookings, contactMessages, downloadRequests, leads } from '../../db/schema.ts';
import type { LeadForm } from './contract.ts';

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
