/**
 * Leads for staff (docs/decisions/0030-leads.md): the Leads tab's paged list (newest activity first; search,
 * owner, state, form and spam filters) and its CSV, the overdue count of the portal's header, who may own a
 * lead, and one lead with its requests and its timeline.
 */
import { and, asc, desc, eq, ilike, isNotNull, isNull, lt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { leads, userRoles, users, type Lead } from '../../db/schema.ts';
import type { ListPage } from '../../lib/list-page.ts';
import { readsAsClient } from '../../lib/statuses.ts';
import { toCsv } from '../../server/csv.ts';
import { notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { containsPattern, offsetOf, PAGE_SIZE } from '../../server/list-query.ts';
import { callDetailColumns, callWhere, downloadsOnly, hasForm, nextCallColumns } from './lead-forms.ts';
import {
  DOWNLOAD_ONLY,
  UNRECORDED,
  type LeadForm,
  type LeadListItem,
  type LeadState,
  type StaffName,
} from './contract.ts';
import type { LeadQuery } from './leads-query.ts';

export { leadsQuery, type LeadQuery } from './leads-query.ts';

/** A lead replied by mail since our last response, and waits on us (docs/decisions/0040-mail-replies-and-delivery.md). */
const repliedWaiting = (lead: Pick<Lead, 'lastInboundAt' | 'lastResponseAt' | 'awaitingSince'>): boolean =>
  !!lead.awaitingSince && !!lead.lastInboundAt && (!lead.lastResponseAt || lead.lastInboundAt > lead.lastResponseAt);

const l = leads;

/**
 * The states, as conditions on a lead at `now`: waiting and not yet due, answered (nothing waits, and a response
 * was given), waiting past due, and none (nothing waits and nobody ever answered: only downloads).
 */
const stateWhere = (state: LeadState, now: Date): SQL =>
  state === 'answered'
    ? and(isNull(l.awaitingSince), isNotNull(l.firstResponseAt))!
    : state === 'none'
      ? and(isNull(l.awaitingSince), isNull(l.firstResponseAt))!
      : and(isNotNull(l.awaitingSince), state === 'overdue' ? lt(l.responseDueAt, now) : gte(l.responseDueAt, now))!;

function where(db: Db, query: LeadQuery): SQL | undefined {
  const pattern = containsPattern(query.q);
  return and(
    eq(l.isSpam, query.spam),
    query.q ? or(ilike(l.name, pattern), ilike(l.email, pattern), ilike(l.company, pattern)) : undefined,
    query.owner === 'unassigned' ? isNull(l.ownerId) : query.owner ? eq(l.ownerId, query.owner) : undefined,
    query.state ? stateWhere(query.state, query.now) : undefined,
    query.replied
      ? and(
          isNotNull(l.awaitingSince),
          isNotNull(l.lastInboundAt),
          or(isNull(l.lastResponseAt), sql`${l.lastInboundAt} > ${l.lastResponseAt}`),
        )
      : undefined,
    query.form === DOWNLOAD_ONLY ? downloadsOnly(db) : query.form ? hasForm[query.form](db) : undefined,
    query.source === UNRECORDED ? isNull(l.source) : query.source ? eq(l.source, query.source) : undefined,
    query.campaign ? sql`${l.attribution}->>'utmCampaign' = ${query.campaign}` : undefined,
    query.call ? callWhere(db, query.call, query.now) : undefined,
    query.stage ? eq(l.stage, query.stage) : undefined,
  );
}

/** A lead's state at `now` (see stateWhere). */
export const leadState = (
  lead: Pick<Lead, 'awaitingSince' | 'responseDueAt' | 'firstResponseAt'>,
  now: Date,
): LeadState =>
  !lead.awaitingSince
    ? lead.firstResponseAt
      ? 'answered'
      : 'none'
    : lead.responseDueAt && lead.responseDueAt < now
      ? 'overdue'
      : 'open';

const itemColumns = (db: Db, now: Date) => ({
  ...nextCallColumns(db, now),
  lead: l,
  ownerName: users.name,
  ownerEmail: users.email,
  message: sql<boolean>`${hasForm.message(db)}`,
  contactPage: sql<boolean>`${hasForm.contact_page(db)}`,
  intake: sql<boolean>`${hasForm.intake(db)}`,
  download: sql<boolean>`${hasForm.download(db)}`,
  booking: sql<boolean>`${hasForm.booking(db)}`,
});

type ItemRow = {
  lead: Lead;
  ownerName: string | null;
  ownerEmail: string | null;
  message: boolean;
  contactPage: boolean;
  intake: boolean;
  download: boolean;
  booking: boolean;
  nextCallAt: Date | string | null;
  nextCallType: string | null;
  lastCallStatus: string | null;
};

function listItem(row: ItemRow, now: Date): LeadListItem {
  const { lead } = row;
  const forms: LeadForm[] = [];
  if (row.message) forms.push('message');
  if (row.contactPage) forms.push('contact_page');
  if (row.intake) forms.push('intake');
  if (row.download) forms.push('download');
  if (row.booking) forms.push('booking');
  return {
    id: lead.id,
    email: lead.email,
    name: lead.name,
    company: lead.company,
    phone: lead.phone,
    requestCount: lead.requestCount,
    forms,
    ownerId: lead.ownerId,
    owner: lead.ownerId ? { id: lead.ownerId, name: row.ownerName ?? '', email: row.ownerEmail ?? '' } : null,
    state: leadState(lead, now),
    isSpam: lead.isSpam,
    firstRequestAt: lead.firstRequestAt,
    lastActivityAt: lead.lastActivityAt,
    awaitingSince: lead.awaitingSince,
    responseDueAt: lead.responseDueAt,
    firstResponseAt: lead.firstResponseAt,
    lastResponseAt: lead.lastResponseAt,
    isClient: lead.isClient,
    repliedWaiting: repliedWaiting(lead),
    undeliverableReason: lead.undeliverableAt ? (lead.undeliverableReason ?? 'bounced') : null,
    complained: lead.complainedAt !== null,
    source: lead.source,
    attribution: lead.source === null ? null : (lead.attribution ?? {}),
    nextCall: row.nextCallAt ? { startsAt: new Date(row.nextCallAt), eventType: row.nextCallType ?? '' } : null,
    lastCall: (row.lastCallStatus as LeadListItem['lastCall']) ?? null,
    stage: lead.stage,
    stageEnteredAt: lead.stageEnteredAt,
    value: lead.dealValue,
    expectedCloseOn: lead.expectedCloseOn,
    lostReason: lead.lostReason,
    lostNote: lead.lostNote,
  };
}

const order = [desc(l.lastActivityAt), desc(l.id)];

/** Every lead that matches, with its forms, owner and call (the CSV, which needs every row anyway). */
const matching = (db: Db, query: LeadQuery) =>
  db
    .select({ ...itemColumns(db, query.now), ...callDetailColumns(db, query.now) })
    .from(l)
    .leftJoin(users, eq(users.id, l.ownerId))
    .where(where(db, query))
    .orderBy(...order);

/**
 * One page of the leads that match, newest activity first. The page's 50 ids are cut first, so the forms of
 * only those 50 are looked up (by each request table's `lead_id` index), not of every lead that matches.
 */
export async function listLeads(db: Db, query: LeadQuery): Promise<ListPage<LeadListItem>> {
  const ids = db
    .select({ id: l.id })
    .from(l)
    .where(where(db, query))
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset(offsetOf(query.page))
    .as('page_ids');
  const [rows, total] = await Promise.all([
    db
      .select(itemColumns(db, query.now))
      .from(ids)
      .innerJoin(l, eq(l.id, ids.id))
      .leftJoin(users, eq(users.id, l.ownerId))
      .orderBy(...order),
    db.$count(l, where(db, query)),
  ]);
  return { items: rows.map((row) => listItem(row, query.now)), total, page: query.page, pageSize: PAGE_SIZE };
}

/** A lead as the CSV has it: the list's item, and the state, event type and host of its call (next, else latest). */
type CsvLead = LeadListItem & { callState: string | null; callType: string | null; callHost: string | null };

const csvColumns: [string, (lead: CsvLead) => unknown][] = [
  ['id', (x) => x.id],
  ['email', (x) => x.email],
  ['name', (x) => x.name],
  ['company', (x) => x.company],
  ['phone', (x) => x.phone],
  ['request_count', (x) => x.requestCount],
  ['forms', (x) => x.forms],
  ['owner_email', (x) => x.owner?.email ?? ''],
  ['state', (x) => x.state],
  ['spam', (x) => x.isSpam],
  ['first_request_at', (x) => x.firstRequestAt],
  ['last_activity_at', (x) => x.lastActivityAt],
  ['awaiting_since', (x) => x.awaitingSince],
  ['response_due_at', (x) => x.responseDueAt],
  ['first_response_at', (x) => x.firstResponseAt],
  ['last_response_at', (x) => x.lastResponseAt],
  // A won deal or an admin's mark, as the portal shows it.
  ['client', (x) => readsAsClient(x)],
  ['source', (x) => x.source ?? UNRECORDED],
  ['landing_path', (x) => x.attribution?.landingPath ?? ''],
  ['referrer', (x) => x.attribution?.referrer ?? ''],
  ['utm_source', (x) => x.attribution?.utmSource ?? ''],
  ['utm_medium', (x) => x.attribution?.utmMedium ?? ''],
  ['utm_campaign', (x) => x.attribution?.utmCampaign ?? ''],
  ['utm_term', (x) => x.attribution?.utmTerm ?? ''],
  ['utm_content', (x) => x.attribution?.utmContent ?? ''],
  // The calls booked at a scheduler (docs/decisions/0046): the next one's start, and the state (booked, held,
  // cancelled, no_show), event type and host of the next call, else of the one booked last.
  ['next_call_at', (x) => x.nextCall?.startsAt ?? ''],
  ['call_state', (x) => x.callState ?? ''],
  ['call_event_type', (x) => x.callType ?? ''],
  ['call_host', (x) => x.callHost ?? ''],
  ['stage', (x) => x.stage],
  ['stage_entered_at', (x) => x.stageEnteredAt],
  ['value_usd', (x) => x.value ?? ''],
  ['expected_close_on', (x) => x.expectedCloseOn ?? ''],
  ['lost_reason', (x) => x.lostReason ?? ''],
  ['lost_note', (x) => x.lostNote],
];

/** Every lead that matches (all pages) as CSV, the columns of the list and its call's details. */
export async function exportLeads(db: Db, query: LeadQuery): Promise<string> {
  const items = (await matching(db, query)).map((row): CsvLead => ({
    ...listItem(row, query.now),
    callState: row.callState,
    callType: row.callType,
    callHost: row.callHost,
  }));
  return toCsv(
    csvColumns.map(([name]) => name),
    items.map((item) => csvColumns.map(([, value]) => value(item))),
  );
}

/** How many leads (spam aside) wait past their response time now: for the portal's header. */
export async function overdueLeads(db: Db, now = new Date()): Promise<{ response: number }> {
  return {
    response: await db.$count(l, and(eq(l.isSpam, false), isNotNull(l.awaitingSince), lt(l.responseDueAt, now))),
  };
}

/** The accounts that hold a role (each once): who may own a lead. */
export const staffWithRole = (db: Db | Tx) =>
  db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id));

/** Every account that holds a role, by name: who may own a lead. */
export async function leadStaff(db: Db): Promise<StaffName[]> {
  return staffWithRole(db).orderBy(asc(users.name), asc(users.email));
}

/** One lead as the list shows it (the answer of a change to it); 404 when there is none. */
export async function leadItem(db: Db, id: string | undefined, now = new Date()): Promise<LeadListItem> {
  if (!isUuid(id)) throw notFound('lead');
  const [row] = await db
    .select(itemColumns(db, now))
    .from(l)
    .leftJoin(users, eq(users.id, l.ownerId))
    .where(eq(l.id, id));
  if (!row) throw notFound('lead');
  return listItem(row, now);
}
