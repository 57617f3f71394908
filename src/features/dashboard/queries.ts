/**
 * The dashboard's figures, each one SQL statement over indexed columns (docs/decisions/0032-attribution-and-dashboard.md).
 * A period is agency days: from `from` 00:00 to the end of `to` in America/New_York, half-open, so a day of 23 or
 * 25 hours is whole. A moment's week is `date_trunc('week', ts AT TIME ZONE 'America/New_York')`, the Monday that
 * starts its agency week. Each per-week statement groups by `grouping sets ((week), ())`: the weeks that have rows,
 * and the period's own row, a total or a median over the whole period, never a sum or median of weekly figures.
 * The weeks without rows are the reply's zeros (dashboard.ts lists every week the period touches); a statement
 * does not join a generated list of weeks, which would make the database sort every row to merge them.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditReportDeliveries as d,
  auditSubmissions as s,
  bookings as b,
  contactMessages as m,
  downloadRequests as dr,
  inboundMessages as im,
  intakeFunnelDays,
  leads as l,
  visitDays as v,
} from '../../db/schema.ts';
import { AUDIT_DUE_HOURS } from '../../lib/audit-report.ts';
import { AGENCY_TIME_ZONE, TOP_LIMIT, type ResourceDownloads } from './contract.ts';
import type { DashboardPeriod } from './period.ts';

// Our own constant, written into the SQL as a literal: the same expression in every statement.
const zone = sql.raw(`'${AGENCY_TIME_ZONE}'`);

/** The first moment of the period: `from` 00:00 in the agency's time zone. */
const start = (p: DashboardPeriod) => sql`((${p.from}::date)::timestamp at time zone ${zone})`;
/** The moment after the period: the day after `to`, 00:00 in the agency's time zone. */
const end = (p: DashboardPeriod) => sql`((${p.to}::date + 1)::timestamp at time zone ${zone})`;
/** Whether `column` falls in the period (a range the column's index answers). */
const inPeriod = (column: SQLWrapper, p: DashboardPeriod) => sql`${column} >= ${start(p)} and ${column} < ${end(p)}`;
/** The Monday of the agency week of a moment. */
const weekOf = (column: SQLWrapper) => sql`date_trunc('week', ${column} at time zone ${zone})::date`;
/** Hours between two moments, a float: a numeric (`extract`) sorts several times slower in the percentiles. */
const hours = (from: SQLWrapper, to: SQLWrapper) => sql`date_part('epoch', ${to} - ${from}) / 3600`;
/** A percentile of `value`, in hours rounded to 0.1 (null when no row has one). */
const percentile = (q: number, value: SQL) =>
  sql`round((percentile_cont(${sql.raw(String(q))}) within group (order by ${value}))::numeric, 1)::float8`;
/** The period's leads, spam aside. */
const periodLeads = (p: DashboardPeriod) => sql`${l.isSpam} = false and ${inPeriod(l.firstRequestAt, p)}`;

/** The rows of a statement, whichever driver answered. */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Which grouping set a row is of: 0 is one week's, 1 the whole period's. */
type Grouped<T> = T & { week: string | null; g: number };

export interface LeadCountRow {
  week: string | null;
  source: string | null;
  form: string | null;
  count: number;
  /** `grouping(week, source, form)`: the bits of the columns aggregated away (week 4, source 2, form 1). */
  g: number;
}

/**
 * The period's leads counted by week and source, week and form, source, form, week, and in all. Counted once
 * per (week, source, form) in one hashed pass over the leads, then summed into the grouping sets over those few
 * hundred rows (grouping sets straight over the leads would sort them by text once per set). Sorted most first,
 * then by source (none last) and form, so each list comes out in the reply's order.
 */
export const leadCounts = (db: Db, p: DashboardPeriod) =>
  rows<LeadCountRow>(
    db,
    sql`with q as (
      select ${weekOf(l.firstRequestAt)} as week, ${l.source} as source, ${l.firstForm} as form, count(*) as n
      from ${l} where ${periodLeads(p)} group by 1, 2, 3)
    select week::text as week, source, form, sum(n)::int as count, grouping(week, source, form)::int as g
    from q group by grouping sets ((week, source), (week, form), (source), (form), (week), ())
    order by g, count desc, source asc nulls last, form asc nulls last`,
  );

export type ResponseRow = Grouped<{
  leads: number;
  answered: number;
  promiseDue: number;
  withinPromise: number;
  medianHours: number | null;
  p90Hours: number | null;
}>;

/**
 * The first response to the period's leads, by week of the first request and in all: answered, answered by
 * `lead_response_due` (migration 0007: 24 hours, a weekend request by the end of Monday), and the median and
 * 90th percentile of the hours to it. An unanswered lead is counted, not timed. The promise's figure counts only
 * the leads it has fallen due for at `now` (`promiseDue`): answered, or still waiting past their due time. A lead
 * still inside its time, or one that only downloaded a file (nothing waits on us, no clock ran), is on neither
 * side of it. Weeks without a lead are absent (the reply gives them zeros).
 */
export const responseTimes = (db: Db, p: DashboardPeriod, now: Date) =>
  rows<ResponseRow>(
    db,
    sql`with q as (
      select ${weekOf(l.firstRequestAt)} as week, ${hours(l.firstRequestAt, l.firstResponseAt)} as hours,
        ${l.firstResponseAt} <= lead_response_due(${l.firstRequestAt}) as within,
        (${l.firstResponseAt} is not null or (${l.awaitingSince} is not null
          and lead_response_due(${l.firstRequestAt}) <= ${now.toISOString()}::timestamptz)) as due
      from ${l} where ${periodLeads(p)})
    select week::text as week, count(*)::int as leads, count(hours)::int as answered,
      (count(*) filter (where due))::int as "promiseDue",
      (count(*) filter (where within))::int as "withinPromise",
      ${percentile(0.5, sql`hours`)} as "medianHours", ${percentile(0.9, sql`hours`)} as "p90Hours",
      grouping(week)::int as g
    from q group by grouping sets ((week), ()) order by g, week`,
  );

export type AuditRow = Grouped<{ requested: number; within72h: number; later: number; notDelivered: number }>;

/**
 * The audit requests of the period (spam aside), by week and in all, against the 72-hour promise: the first
 * delivered version's `delivered_at`. No version is delivered before its request, so only the deliveries from
 * the period's start on are read (their `delivered_at` index). Weeks without a request are absent.
 */
export const auditDelivery = (db: Db, p: DashboardPeriod) =>
  rows<AuditRow>(
    db,
    sql`with first as (
      select ${d.submissionId} as id, min(${d.deliveredAt}) as delivered from ${d}
      where ${d.deliveredAt} >= ${start(p)} group by 1
    ), q as (
      select ${weekOf(s.createdAt)} as week, ${s.createdAt} + make_interval(hours => ${sql.raw(String(AUDIT_DUE_HOURS))}) as due,
        first.delivered
      from ${s} left join first on first.id = ${s.id}
      where ${s.isSpam} = false and ${inPeriod(s.createdAt, p)})
    select week::text as week, count(*)::int as requested,
      (count(*) filter (where delivered <= due))::int as "within72h",
      (count(*) filter (where delivered > due))::int as later,
      (count(*) filter (where delivered is null))::int as "notDelivered",
      grouping(week)::int as g
    from q group by grouping sets ((week), ()) order by g, week`,
  );

export type ReportRow = Grouped<{ delivered: number; opened: number; medianHoursToOpen: number | null }>;

/**
 * The reports first delivered in the period (a submission's earliest delivered version falls in it; spam aside),
 * by week of that delivery and in all: opened when any version was, and the median hours from the first delivery
 * to the first opening of any version. The versions from the period's start on are grouped by submission (their
 * `delivered_at` index); a submission with a version before the start was first delivered earlier.
 */
export const reportOpens = (db: Db, p: DashboardPeriod) =>
  rows<ReportRow>(
    db,
    sql`with r as (
      select ${d.submissionId} as id, min(${d.deliveredAt}) as delivered, min(${d.firstOpenedAt}) as opened
      from ${d} where ${d.deliveredAt} >= ${start(p)} group by 1 having min(${d.deliveredAt}) < ${end(p)}
    ), q as (
      select ${weekOf(sql`r.delivered`)} as week, r.opened, ${hours(sql`r.delivered`, sql`r.opened`)} as hours
      from r join ${s} on ${s.id} = r.id and ${s.isSpam} = false
      where not exists (select from ${d} where ${d.submissionId} = r.id and ${d.deliveredAt} < ${start(p)}))
    select week::text as week, count(*)::int as delivered, count(opened)::int as opened,
      ${percentile(0.5, sql`hours`)} as "medianHoursToOpen", grouping(week)::int as g
    from q group by grouping sets ((week), ()) order by g, week`,
  );

/** The intake funnel's counters summed over the period's days, by step (steps never reached are absent). */
export const funnelCounts = (db: Db, p: DashboardPeriod) =>
  rows<{ step: string; count: number }>(
    db,
    sql`select ${intakeFunnelDays.step} as step, sum(${intakeFunnelDays.count})::int as count from ${intakeFunnelDays}
    where ${intakeFunnelDays.day} between ${p.from}::date and ${p.to}::date group by ${intakeFunnelDays.step}`,
  );

/** The visits that began in the period's days (docs/decisions/0046), by source, campaign and landing path. */
export const visitCounts = (db: Db, p: DashboardPeriod) =>
  rows<{ source: string; campaign: string; landingPath: string; count: number }>(
    db,
    sql`select ${v.source} as source, ${v.campaign} as campaign, ${v.landingPath} as "landingPath",
      sum(${v.count})::int as count from ${v} where ${v.day} between ${p.from}::date and ${p.to}::date group by 1, 2, 3`,
  );

/** The period's leads by their source, and their first touch's campaign and landing path (null: none kept). */
export const leadTouchCounts = (db: Db, p: DashboardPeriod) =>
  rows<{ source: string | null; campaign: string | null; landingPath: string | null; count: number }>(
    db,
    sql`select ${l.source} as source, ${l.attribution}->>'utmCampaign' as campaign,
      ${l.attribution}->>'landingPath' as "landingPath", count(*)::int as count
    from ${l} where ${periodLeads(p)} group by 1, 2, 3`,
  );

/** The first pages of the period's leads' visits, most leads first (then by path), TOP_LIMIT of them. */
export const topLandingPages = (db: Db, p: DashboardPeriod) =>
  rows<{ path: string; count: number }>(
    db,
    sql`select ${l.attribution}->>'landingPath' as path, count(*)::int as count from ${l}
    where ${periodLeads(p)} and ${l.attribution}->>'landingPath' is not null
    group by 1 order by count desc, path limit ${TOP_LIMIT}`,
  );

/** The campaigns (`utm_campaign`) of the period's leads with their source, most leads first, TOP_LIMIT of them. */
export const topCampaigns = (db: Db, p: DashboardPeriod) =>
  rows<{ campaign: string; source: string | null; count: number }>(
    db,
    sql`select ${l.attribution}->>'utmCampaign' as campaign, ${l.source} as source, count(*)::int as count from ${l}
    where ${periodLeads(p)} and ${l.attribution}->>'utmCampaign' is not null
    group by 1, 2 order by count desc, campaign, source nulls last limit ${TOP_LIMIT}`,
  );

/**
 * The files asked for in the period (docs/decisions/0041-resource-downloads.md; spam aside), per resource, most
 * asked first: the requests, those whose mailed link was opened, and how many of the leads that asked later (after
 * that request) asked for an audit, or wrote (a contact message, or a mail from their own address).
 */
export const downloadsByResource = (db: Db, p: DashboardPeriod) =>
  rows<ResourceDownloads>(
    db,
    sql`select ${dr.resource} as resource, max(${dr.resourceTitle}) as title, count(*)::int as requested,
      count(${dr.firstOpenedAt})::int as opened,
      (count(distinct ${dr.leadId}) filter (where exists (select from ${s} where ${s.leadId} = ${dr.leadId}
        and ${s.isSpam} = false and ${s.createdAt} > ${dr.createdAt})))::int as "thenAudit",
      (count(distinct ${dr.leadId}) filter (where exists (select from ${m} where ${m.leadId} = ${dr.leadId}
        and ${m.isSpam} = false and ${m.createdAt} > ${dr.createdAt}) or exists (select from ${im}
        where ${im.leadId} = ${dr.leadId} and ${im.status} = 'attached' and ${im.receivedAt} > ${dr.createdAt})))::int as "thenWrote"
    from ${dr} where ${dr.isSpam} = false and ${inPeriod(dr.createdAt, p)}
    group by 1 order by requested desc, resource`,
  );

/** The period's download requests (spam aside) by their lead's source, most first (none last). */
export const downloadsBySource = (db: Db, p: DashboardPeriod) =>
  rows<{ source: string | null; requested: number; opened: number }>(
    db,
    sql`select ${l.source} as source, count(*)::int as requested, count(${dr.firstOpenedAt})::int as opened
    from ${dr} join ${l} on ${l.id} = ${dr.leadId} where ${dr.isSpam} = false and ${inPeriod(dr.createdAt, p)}
    group by 1 order by requested desc, source asc nulls last`,
  );

export interface CallRow {
  /** The call's own first touch's source fields, or null to take the lead's source. */
  utmSource: string | null;
  referrer: string | null;
  ownTouch: boolean;
  leadSource: string | null;
  campaign: string | null;
  landingPath: string | null;
  booked: number;
  held: number;
  noShow: number;
  cancelled: number;
}

/**
 * The calls booked in the period (docs/decisions/0046-bookings-from-the-schedulers.md; spam leads aside) by the first
 * touch they came with (the call's own, else its lead's), each with how it stands: held (Cal.com's end of meeting,
 * or still booked and over), no-show, cancelled. dashboard.ts derives the source and sums them up.
 */
export const callCounts = (db: Db, p: DashboardPeriod) =>
  rows<CallRow>(
    db,
    sql`select ${b.attribution}->>'utmSource' as "utmSource", ${b.attribution}->>'referrer' as referrer,
      ${b.attribution} is not null as "ownTouch", ${l.source} as "leadSource",
      coalesce(${b.attribution}, ${l.attribution})->>'utmCampaign' as campaign,
      coalesce(${b.attribution}, ${l.attribution})->>'landingPath' as "landingPath",
      count(*)::int as booked,
      (count(*) filter (where ${b.status} = 'held' or (${b.status} = 'booked' and ${b.endsAt} < now())))::int as held,
      (count(*) filter (where ${b.status} = 'no_show'))::int as "noShow",
      (count(*) filter (where ${b.status} = 'cancelled'))::int as cancelled
    from ${b} join ${l} on ${l.id} = ${b.leadId} where ${l.isSpam} = false and ${inPeriod(b.bookedAt, p)}
    group by 1, 2, 3, 4, 5, 6`,
  );
