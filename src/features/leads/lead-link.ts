/**
 * Linking a request to its lead (docs/decisions/0030-leads.md), inside the request's own transaction: the lead
 * of the address (compared case-insensitively) is created or updated in one upsert, so two requests from one
 * person at once still make one lead. A request flagged as spam joins the lead but changes nothing of it: a bot
 * neither renames a real lead nor starts its clock.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { assignments, insertSelect, rowsOf } from '../../db/statement.ts';
import { leads, type LeadForm } from '../../db/schema.ts';
import type { Attribution } from '../../lib/attribution.ts';
import { leadSource } from '../../lib/lead-source.ts';

/** The key a lead is found by: the address trimmed and in lower case. */
export const leadKey = (email: string): string => email.trim().toLowerCase();

export interface LeadPerson {
  email: string;
  name: string;
  company: string;
  phone: string;
}

/** The request that links a person to their lead: its form and the first touch of the visit that sent it. */
export interface LeadOrigin {
  form: LeadForm;
  attribution: Attribution | undefined;
}

const l = leads;
const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/**
 * The upsert that makes or brings up to date the lead of `person` for a request received `at`, returning its
 * id: its name and address as given now, its company and phone unless left empty, one more request, the latest
 * activity, and (when it was not waiting) a new wait due at `lead_response_due(at)`. A new lead takes the
 * request's form and first touch as where it came from (its source by src/lib/lead-source.ts); so does a lead
 * that had only spam until now, since a bot's visit is no lead's origin. Any other lead keeps its first touch.
 * With `after` (an earlier CTE of the same statement) it writes only when that CTE returned a row.
 */
export function leadUpsert(person: LeadPerson, at: Date, spam: boolean, origin: LeadOrigin, after?: string): SQL {
  // A download request promises no answer (docs/decisions/0041-resource-downloads.md): it starts no wait, and a
  // lead already waiting keeps its wait (the update below keeps a wait it had).
  // Nor does a booked call (docs/decisions/0046-bookings-from-the-schedulers.md): the call is the answer.
  const waits = !spam && origin.form !== 'download' && origin.form !== 'booking';
  const firstTouch = (column: string, mine: SQL) =>
    sql`case when ${l.isSpam} then ${excluded(column)} else ${mine} end`;
  const genuine = {
    source: firstTouch('source', sql`${l.source}`),
    firstForm: firstTouch('first_form', sql`${l.firstForm}`),
    attribution: firstTouch('attribution', sql`${l.attribution}`),
    email: excluded('email'),
    name: excluded('name'),
    company: sql`coalesce(nullif(${excluded('company')}, ''), ${l.company})`,
    phone: sql`coalesce(nullif(${excluded('phone')}, ''), ${l.phone})`,
    isSpam: sql`false`,
    lastActivityAt: sql`greatest(${l.lastActivityAt}, ${excluded('last_activity_at')})`,
    // A lead already waiting keeps the wait (and the due time) of its first unanswered request.
    awaitingSince: sql`coalesce(${l.awaitingSince}, ${excluded('awaiting_since')})`,
    responseDueAt: sql`coalesce(${l.responseDueAt}, ${excluded('response_due_at')})`,
  };
  const row = insertSelect(
    l,
    {
      emailKey: leadKey(person.email),
      email: person.email.trim(),
      name: person.name,
      company: person.company,
      phone: person.phone,
      requestCount: 1,
      isSpam: spam,
      firstRequestAt: at,
      lastActivityAt: at,
      awaitingSince: waits ? at : null,
      responseDueAt: waits ? sql`lead_response_due(${at.toISOString()}::timestamptz)` : null,
      source: leadSource(origin.attribution),
      firstForm: origin.form,
      attribution: origin.attribution ?? {},
    },
    after,
  );
  const set = assignments(l, {
    requestCount: sql`${l.requestCount} + 1`,
    updatedAt: sql`now()`,
    ...(spam ? {} : genuine),
  });
  return sql`${row} on conflict (${sql.identifier(l.emailKey.name)}) do update set ${set} returning ${sql.identifier(l.id.name)}, ${sql.identifier(l.replyToken.name)}, ${sql.identifier(l.complainedAt.name)}`;
}

/** The id of the lead of `person`, made or brought up to date by a request received `at` (`leadUpsert`). */
export async function attachToLead(
  tx: Tx | Db,
  person: LeadPerson,
  at: Date,
  spam: boolean,
  origin: LeadOrigin,
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(tx.execute(leadUpsert(person, at, spam, origin)));
  return row!.id;
}
