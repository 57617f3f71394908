/**
 * Leads for staff (docs/decisions/0030-leads.md): the Leads tab's paged list (newest activity first; search,
 * owner, state, form and spam filters) and its CSV, the overdue count of the portal's header, who may own a
 * lead, and one lead with its requests and its timeline.
 */
import { and, asc, desc, eq, ilike, isNotNull, isNull, lt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { leads, leadStates, userRoles, users, type Lead } from '../../db/schema.ts';
import type { ListPage } from '../../lib/list-page.ts';
import { toCsv } from '../../server/csv.ts';
import { invalidFields, notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { containsPattern, offsetOf, PAGE_SIZE, readListQuery } from '../../server/list-query.ts';
import { UTM_MAX } from '../../lib/attribution.ts';
import { downloadsOnly, hasForm } from './lead-forms.ts';
import {
  DOWNLOAD_ONLY,
  leadForms,
  UNRECORDED,
  type LeadForm,
  type LeadListItem,
  type LeadState,
  type StaffName,
} from './contract.ts';

export interface LeadQuery {
  q: string;
  spam: boolean;
  page: number;
  state: LeadState | null;
  /** A form the lead has a request from, or `download_only`: leads that only asked for files. */
  form: LeadForm | typeof DOWNLOAD_ONLY | null;
  /** A staff member's id, `unassigned`, or null for anyone's. */
  owner: string | null;
  /** A source (src/lib/lead-source.ts), `unrecorded` for leads from before attribution, or null for any. */
  source: string | null;
  /** A campaign (`utm_campaign` of the first touch), or null for any. */
  campaign: string | null;
  /** The moment open and overdue are told apart at. */
  now: Date;
  /** Only the leads that replied by mail since our last response and wait on us (`?replied=true`). */
  replied?: boolean;
}

/** A lead replied by mail since our last response, and waits on us (docs/decisions/0040-mail-replies-and-delivery.md). */
const repliedWaiting = (lead: Pick<Lead, 'lastInboundAt' | 'lastResponseAt' | 'awaitingSince'>): boolean =>
  !!lead.awaitingSince && !!lead.lastInboundAt && (!lead.lastResponseAt || lead.lastInboundAt > lead.lastResponseAt);

/**
 * The filters of `?q=&owner=&state=&replied=&form=&source=&campaign=&spam=&page=`; `owner=mine` is the signed-in staff
 * member, `source=unrecorded` the leads from before attribution. A value that cannot be one is a 422 naming the
 * parameter.
 */
export function leadsQuery(url: URL, viewerId: string, now = new Date()): LeadQuery {
  const base = readListQuery(url, [] as string[]);
  const get = (name: string) => (url.searchParams.get(name) ?? '').trim();
  const fields: Record<string, string> = {};
  const state = get('state');
  if (state && !(leadStates as readonly string[]).includes(state)) fields.state = `Use ${leadStates.join(', ')}`;
  const form = get('form');
  const forms: readonly string[] = [...leadForms, DOWNLOAD_ONLY];
  if (form && !forms.includes(form)) fields.form = `Use ${forms.join(', ')}`;
  const owner = get('owner');
  if (owner.length > 200) fields.owner = 'Use mine, unassigned or a staff member’s id';
  const source = get('source').toLowerCase();
  if (source.length > UTM_MAX) fields.source = `Keep the source under ${UTM_MAX} characters`;
  const campaign = get('campaign');
  if (campaign.length > UTM_MAX) fields.campaign = `Keep the campaign under ${UTM_MAX} characters`;
  const replied = get('replied');
  if (replied && replied !== 'true') fields.replied = 'Use true (the leads that replied and wait on us)';
  if (Object.keys(fields).length) throw invalidFields(fields, 'Some filters are not valid.');
  return {
    replied: replied === 'true',
    q: base.q,
    spam: base.spam,
    page: base.page,
    state: (state || null) as LeadState | null,
    form: (form || null) as LeadQuery['form'],
    owner: owner === 'mine' ? viewerId : owner || null,
    source: source || null,
    campaign: campaign || null,
    now,
  };
}

const l = leads;

/** The states, as conditions on a lead at `now`: waiting and not yet due, answered, waiting past due. */
const stateWhere = (state: LeadState, now: Date): SQL =>
  state === 'answered'
    ? isNull(l.awaitingSince)
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
  );
}

/** A lead's state at `now`. */
export const leadState = (lead: Pick<Lead, 'awaitingSince' | 'responseDueAt'>, now: Date): LeadState =>
  !lead.awaitingSince ? 'answered' : lead.responseDueAt && lead.responseDueAt < now ? 'overdue' : 'open';

const itemColumns = (db: Db) => ({
  lead: l,
  ownerName: users.name,
  ownerEmail: users.email,
  message: sql<boolean>`${hasForm.message(db)}`,
  contactPage: sql<boolean>`${hasForm.contact_page(db)}`,
  intake: sql<boolean>`${hasForm.intake(db)}`,
  download: sql<boolean>`${hasForm.download(db)}`,
});

type ItemRow = {
  lead: Lead;
  ownerName: string | null;
  ownerEmail: string | null;
  message: boolean;
  contactPage: boolean;
  intake: boolean;
  download: boolean;
};

function listItem(row: ItemRow, now: Date): LeadListItem {
  const { lead } = row;
  const forms: LeadForm[] = [];
  if (row.message) forms.push('message');
  if (row.contactPage) forms.push('contact_page');
  if (row.intake) forms.push('intake');
  if (row.download) forms.push('download');
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
    stage: lead.stage,
    stageEnteredAt: lead.stageEnteredAt,
    value: lead.dealValue,
    expectedCloseOn: lead.expectedCloseOn,
    lostReason: lead.lostReason,
    lostNote: lead.lostNote,
  };
}

const order = [desc(l.lastActivityAt), desc(l.id)];

/** Every lead that matches, with its forms and owner (the CSV, which needs every row anyway). */
const matching = (db: Db, query: LeadQuery) =>
  db
    .select(itemColumns(db))
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
      .select(itemColumns(db))
      .from(ids)
      .innerJoin(l, eq(l.id, ids.id))
      .leftJoin(users, eq(users.id, l.ownerId))
      .orderBy(...order),
    db.$count(l, where(db, query)),
  ]);
  return { items: rows.map((row) => listItem(row, query.now)), total, page: query.page, pageSize: PAGE_SIZE };
}

const csvColumns: [string, (lead: LeadListItem) => unknown][] = [
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
  ['client', (x) => x.isClient],
  ['source', (x) => x.source ?? UNRECORDED],
  ['landing_path', (x) => x.attribution?.landingPath ?? ''],
  ['referrer', (x) => x.attribution?.referrer ?? ''],
  ['utm_source', (x) => x.attribution?.utmSource ?? ''],
  ['utm_medium', (x) => x.attribution?.utmMedium ?? ''],
  ['utm_campaign', (x) => x.attribution?.utmCampaign ?? ''],
  ['utm_term', (x) => x.attribution?.utmTerm ?? ''],
  ['utm_content', (x) => x.attribution?.utmContent ?? ''],
  ['stage', (x) => x.stage],
  ['stage_entered_at', (x) => x.stageEnteredAt],
  ['value_usd', (x) => x.value ?? ''],
  ['expected_close_on', (x) => x.expectedCloseOn ?? ''],
  ['lost_reason', (x) => x.lostReason ?? ''],
  ['lost_note', (x) => x.lostNote],
];

/** Every lead that matches (all pages) as CSV, the columns of the list. */
export async function exportLeads(db: Db, query: LeadQuery): Promise<string> {
  const items = (await matching(db, query)).map((row) => listItem(row, query.now));
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
  const [row] = await db.select(itemColumns(db)).from(l).leftJoin(users, eq(users.id, l.ownerId)).where(eq(l.id, id));
  if (!row) throw notFound('lead');
  return listItem(row, now);
}
