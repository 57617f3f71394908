/**
 * Leads for staff (docs/decisions/0030-leads.md): the Leads tab's paged list (newest activity first; search,
 * owner, state, form and spam filters) and its CSV, the overdue count of the portal's header, who may own a
 * lead, and one lead with its requests and its timeline.
 */
import { and, asc, desc, eq, exists, ilike, inArray, isNotNull, isNull, lt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  auditReportDeliveries,
  auditSubmissions,
  contactMessages,
  leadEvents,
  leads,
  leadStates,
  mailOutbox,
  userRoles,
  users,
  type Lead,
} from '../../db/schema.ts';
import { submissionClock } from '../../lib/audit-report.ts';
import type { ListPage } from '../../lib/list-page.ts';
import { toCsv } from '../../server/csv.ts';
import { invalidFields, notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { containsPattern, pageOf, readListQuery } from '../../server/list-query.ts';
import {
  leadForms,
  NOTE_DELETE_MINUTES,
  type LeadDetail,
  type LeadForm,
  type LeadListItem,
  type LeadRequest,
  type LeadState,
  type StaffName,
  type TimelineEntry,
  type TimelineMail,
} from './contract.ts';

export interface LeadQuery {
  q: string;
  spam: boolean;
  page: number;
  state: LeadState | null;
  form: LeadForm | null;
  /** A staff member's id, `unassigned`, or null for anyone's. */
  owner: string | null;
  /** The moment open and overdue are told apart at. */
  now: Date;
}

/**
 * The filters of `?q=&owner=&state=&form=&spam=&page=`; `owner=mine` is the signed-in staff member. A value
 * that cannot be one is a 422 naming the parameter.
 */
export function leadsQuery(url: URL, viewerId: string, now = new Date()): LeadQuery {
  const base = readListQuery(url, [] as string[]);
  const get = (name: string) => (url.searchParams.get(name) ?? '').trim();
  const fields: Record<string, string> = {};
  const state = get('state');
  if (state && !(leadStates as readonly string[]).includes(state)) fields.state = `Use ${leadStates.join(', ')}`;
  const form = get('form');
  if (form && !(leadForms as readonly string[]).includes(form)) fields.form = `Use ${leadForms.join(', ')}`;
  const owner = get('owner');
  if (owner.length > 200) fields.owner = 'Use mine, unassigned or a staff member’s id';
  if (Object.keys(fields).length) throw invalidFields(fields, 'Some filters are not valid.');
  return {
    q: base.q,
    spam: base.spam,
    page: base.page,
    state: (state || null) as LeadState | null,
    form: (form || null) as LeadForm | null,
    owner: owner === 'mine' ? viewerId : owner || null,
    now,
  };
}

const l = leads;
const m = contactMessages;
const s = auditSubmissions;

const hasForm: Record<LeadForm, (db: Db) => SQL> = {
  message: (db) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(m)
        .where(eq(m.leadId, l.id)),
    ),
  contact_page: (db) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(s)
        .where(and(eq(s.leadId, l.id), eq(s.source, 'contact_page'))),
    ),
  intake: (db) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(s)
        .where(and(eq(s.leadId, l.id), eq(s.source, 'intake'))),
    ),
};

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
    query.form ? hasForm[query.form](db) : undefined,
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
});

type ItemRow = {
  lead: Lead;
  ownerName: string | null;
  ownerEmail: string | null;
  message: boolean;
  contactPage: boolean;
  intake: boolean;
};

function listItem(row: ItemRow, now: Date): LeadListItem {
  const { lead } = row;
  const forms: LeadForm[] = [];
  if (row.message) forms.push('message');
  if (row.contactPage) forms.push('contact_page');
  if (row.intake) forms.push('intake');
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
  };
}

const matching = (db: Db, query: LeadQuery) =>
  db
    .select(itemColumns(db))
    .from(l)
    .leftJoin(users, eq(users.id, l.ownerId))
    .where(where(db, query))
    .orderBy(desc(l.lastActivityAt), desc(l.id));

/** One page of the leads that match, newest activity first. */
export async function listLeads(db: Db, query: LeadQuery): Promise<ListPage<LeadListItem>> {
  const page = await pageOf(matching(db, query), db.$count(l, where(db, query)), query.page);
  return { ...page, items: page.items.map((row) => listItem(row, query.now)) };
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

/** Every account that holds a role, by name: who may own a lead. */
export async function leadStaff(db: Db): Promise<StaffName[]> {
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .orderBy(asc(users.name), asc(users.email));
}

const mailColumns = {
  id: mailOutbox.id,
  mailKind: mailOutbox.kind,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  sentAt: mailOutbox.sentAt,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
};

/** A mail row as the timeline shows it (from a join, so every column may be null). */
const shownMail = (row: {
  mailKind: string | null;
  subject: string | null;
  status: TimelineMail['status'] | null;
  sentAt: Date | null;
  lastError: string | null;
}): TimelineMail => ({
  mailKind: row.mailKind ?? '',
  subject: row.subject ?? '',
  status: row.status ?? 'pending',
  sentAt: row.sentAt,
  lastError: row.lastError,
});

const staffName = (id: unknown, name: unknown, email: unknown): StaffName | null =>
  typeof id === 'string'
    ? { id, name: typeof name === 'string' ? name : '', email: typeof email === 'string' ? email : '' }
    : null;

/** Order of entries at the same moment: a request before what followed from it. */
const kindOrder: Record<TimelineEntry['kind'], number> = {
  message: 0,
  audit: 0,
  mail: 1,
  status: 2,
  owner: 3,
  note: 4,
  reply: 5,
  elsewhere: 5,
  report: 6,
};

/** One lead as the list shows it (the answer of a change to it); 404 when there is none. */
export async function leadItem(db: Db, id: string | undefined, now = new Date()): Promise<LeadListItem> {
  if (!isUuid(id)) throw notFound('lead');
  const [row] = await db.select(itemColumns(db)).from(l).leftJoin(users, eq(users.id, l.ownerId)).where(eq(l.id, id));
  if (!row) throw notFound('lead');
  return listItem(row, now);
}

/** One lead: the lead, its requests newest first, and its whole timeline oldest first. */
export async function getLead(db: Db, id: string | undefined, now = new Date()): Promise<LeadDetail> {
  const lead = await leadItem(db, id, now);
  const leadId = lead.id;
  const [messages, submissions, events, mails] = await Promise.all([
    db.select().from(m).where(eq(m.leadId, leadId)).orderBy(desc(m.createdAt), desc(m.id)),
    db
      .select({
        id: s.id,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        status: s.status,
        source: s.source,
        companyName: s.companyName,
        contactName: s.contactName,
        contactEmail: s.contactEmail,
        serviceType: s.serviceType,
        isSpam: s.isSpam,
      })
      .from(s)
      .where(eq(s.leadId, leadId))
      .orderBy(desc(s.createdAt), desc(s.id)),
    db
      .select({ event: leadEvents, mail: mailColumns })
      .from(leadEvents)
      .leftJoin(mailOutbox, eq(mailOutbox.id, leadEvents.mailId))
      .where(eq(leadEvents.leadId, leadId))
      .orderBy(asc(leadEvents.at), asc(leadEvents.id)),
    db.select(mailColumns).from(mailOutbox).where(eq(mailOutbox.leadId, leadId)),
  ]);
  const requestIds = [...messages.map((x) => x.id), ...submissions.map((x) => x.id)];
  const submissionIds = submissions.map((x) => x.id);
  const [statuses, openings] = await Promise.all([
    requestIds.length
      ? db
          .select()
          .from(auditLog)
          .where(
            and(
              inArray(auditLog.targetId, requestIds),
              inArray(auditLog.action, ['submission.status', 'message.status']),
            ),
          )
      : [],
    submissionIds.length
      ? db
          .select({
            id: auditReportDeliveries.id,
            submissionId: auditReportDeliveries.submissionId,
            version: auditReportDeliveries.version,
            firstOpenedAt: auditReportDeliveries.firstOpenedAt,
          })
          .from(auditReportDeliveries)
          .where(
            and(
              inArray(auditReportDeliveries.submissionId, submissionIds),
              isNotNull(auditReportDeliveries.firstOpenedAt),
            ),
          )
      : [],
  ]);

  const requests: LeadRequest[] = [
    ...messages.map((x) => ({ kind: 'message' as const, ...x })),
    ...submissions.map((x) => ({ kind: 'audit' as const, ...x, ...submissionClock(x.createdAt, x.status, now) })),
  ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

  const replyMails = new Set(events.map((e) => e.event.mailId).filter(Boolean));
  const timeline: TimelineEntry[] = [
    ...messages.map((x): TimelineEntry => ({
      kind: 'message',
      at: x.createdAt,
      id: x.id,
      message: x.message,
      status: x.status,
      isSpam: x.isSpam,
    })),
    ...submissions.map((x): TimelineEntry => ({
      kind: 'audit',
      at: x.createdAt,
      id: x.id,
      source: x.source,
      companyName: x.companyName,
      status: x.status,
      isSpam: x.isSpam,
    })),
    ...statuses.map((x): TimelineEntry => ({
      kind: 'status',
      at: x.at,
      id: x.id,
      target: x.targetType === 'message' ? 'message' : 'submission',
      targetId: x.targetId,
      from: String(x.detail.from ?? ''),
      to: String(x.detail.to ?? ''),
      actorEmail: x.actorEmail,
      via: typeof x.detail.via === 'string' ? x.detail.via : null,
    })),
    ...events.map(({ event: e, mail }): TimelineEntry => {
      const base = { at: e.at, id: e.id };
      switch (e.kind) {
        case 'note':
          return {
            kind: 'note',
            ...base,
            body: e.body,
            authorId: e.actorId,
            authorEmail: e.actorEmail,
            deletableUntil: new Date(e.at.getTime() + NOTE_DELETE_MINUTES * 60_000),
          };
        case 'owner':
          return {
            kind: 'owner',
            ...base,
            from: staffName(e.detail.from, e.detail.fromName, e.detail.fromEmail),
            to: staffName(e.detail.to, e.detail.toName, e.detail.toEmail),
            actorEmail: e.actorEmail,
          };
        case 'reply':
          return {
            kind: 'reply',
            ...base,
            subject: e.subject,
            body: e.body,
            actorEmail: e.actorEmail,
            replyTo: String(e.detail.replyTo ?? ''),
            mail: mail?.id ? shownMail(mail) : null,
          };
        case 'elsewhere':
          return { kind: 'elsewhere', ...base, body: e.body, actorEmail: e.actorEmail };
      }
    }),
    ...mails
      .filter((x) => !replyMails.has(x.id))
      .map((x): TimelineEntry => ({ kind: 'mail', at: x.createdAt, id: x.id, ...shownMail(x) })),
    ...openings.map((x): TimelineEntry => ({
      kind: 'report',
      at: x.firstOpenedAt!,
      id: x.id,
      submissionId: x.submissionId,
      version: x.version,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || kindOrder[a.kind] - kindOrder[b.kind]);

  return { lead, requests, timeline };
}
