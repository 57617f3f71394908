/**
 * The dashboard's figures, each one SQL statement over indexed columns (docs/decisions/0032-attribution-and-dashboard.md).
 * A period is agency days: from `from` 00:00 to the end of `to` in America/New_York, half-open, so a day of 23 or
 * 25 hours is whole. A moment's week is `date_trunc('week', ts AT TIME ZONE 'America/New_York')`, the Monday that
 * starts its agency week. The per-week statements left-join the period's weeks (`generate_series`), so every week
 * comes back, zeros included, and `grouping sets (week, ())` adds the period's own row: a total or a median over
 * the whole period, never a sum or median of weekly figures.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditReportDeliveries as d, auditSubmissions as s, intakeFunnelDays, leads as l } from '../../db/schema.ts';
import { AUDIT_DUE_HOURS } from '../../lib/audit-report.ts';
import { AGENCY_TIME_ZONE, TOP_LIMIT } from './contract.ts';
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
/** Every week the period touches, as a table `w(week)`. */
const weeks = (p: DashboardPeriod) =>
  sql`w as (select generate_series(date_trunc('week', ${p.from}::date::timestamp),
    date_trunc('week', ${p.to}::date::timestamp), interval '1 week')::date as week)`;
/** Hours between two moments. */
const hours = (from: SQLWrapper, to: SQLWrapper) => sql`extract(epoch from (${to} - ${from})) / 3600`;
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
 * The period's leads counted by week and source, week and form, source, form, week, and in all. Sorted
 * most first, then by source (none last) and form, so each list comes out in the reply's order.
 */
export const leadCounts = (db: Db, p: DashboardPeriod) =>
  rows<LeadCountRow>(
    db,
    sql`with q as (
      select ${weekOf(l.firstRequestAt)} as week, ${l.source} as source, ${l.firstForm} as form
      from ${l} where ${periodLeads(p)})
    select week::text as week, source, form, count(*)::int as count, grouping(week, source, form)::int as g
    from q group by grouping sets ((week, source), (week, form), (source), (form), (week), ())
    order by g, count desc, source asc nulls last, form asc nulls last`,
  );

export type ResponseRow = Grouped<{
  leads: number;
  answered: number;
  withinPromise: number;
  medianHours: number | null;
  p90Hours: number | null;
}>;

/**
 * The first response to the period's leads, by week of the first request and in all: answered, answered by
 * `lead_response_due` (migration 0007: 24 hours, a weekend request by the end of Monday), and the median and
 * 90th percentile of the hours to it. An unanswered lead is counted, not timed.
 */
export const responseTimes = (db: Db, p: DashboardPeriod) =>
  rows<ResponseRow>(
    db,
    sql`with ${weeks(p)}, q as (
      select ${weekOf(l.firstRequestAt)} as week, ${l.firstRequestAt} as requested, ${l.firstResponseAt} as responded,
        ${hours(l.firstRequestAt, l.firstResponseAt)} as hours
      from ${l} where ${periodLeads(p)})
    select w.week::text as week, count(q.week)::int as leads, count(q.responded)::int as answered,
      (count(*) filter (where q.responded <= lead_response_due(q.requested)))::int as "withinPromise",
      ${percentile(0.5, sql`q.hours`)} as "medianHours", ${percentile(0.9, sql`q.hours`)} as "p90Hours",
      grouping(w.week)::int as g
    from w left join q on q.week = w.week group by grouping sets ((w.week), ()) order by g, w.week`,
  );

export type AuditRow = Grouped<{ requested: number; within72h: number; later: number; notDelivered: number }>;

/**
 * The audit requests of the period (spam aside), by week and in all, against the 72-hour promise: the first
 * delivered version's `delivered_at` (the deliveries' (submission, version) index finds it).
 */
export const auditDelivery = (db: Db, p: DashboardPeriod) =>
  rows<AuditRow>(
    db,
    sql`with ${weeks(p)}, q as (
      select ${weekOf(s.createdAt)} as week, ${s.createdAt} + make_interval(hours => ${sql.raw(String(AUDIT_DUE_HOURS))}) as due,
        (select min(${d.deliveredAt}) from ${d} where ${d.submissionId} = ${s.id}) as delivered
      from ${s} where ${s.isSpam} = false and ${inPeriod(s.createdAt, p)})
    select w.week::text as week, count(q.week)::int as requested,
      (count(*) filter (where q.delivered <= q.due))::int as "within72h",
      (count(*) filter (where q.delivered > q.due))::int as later,
      (count(*) filter (where q.week is not null and q.delivered is null))::int as "notDelivered",
      grouping(w.week)::int as g
    from w left join q on q.week = w.week group by grouping sets ((w.week), ()) order by g, w.week`,
  );

export type ReportRow = Grouped<{ delivered: number; opened: number; medianHoursToOpen: number | null }>;

/**
 * The reports first delivered in the period (a submission's earliest delivered version falls in it; spam aside),
 * by week of that delivery and in all: opened when any version was, and the median hours from the first delivery
 * to the first opening of any version.
 */
export const reportOpens = (db: Db, p: DashboardPeriod) =>
  rows<ReportRow>(
    db,
    sql`with ${weeks(p)}, r as (
      select min(${d.deliveredAt}) as delivered, min(${d.firstOpenedAt}) as opened
      from ${d} join ${s} on ${s.id} = ${d.submissionId} and ${s.isSpam} = false
      where ${d.submissionId} in (select ${d.submissionId} from ${d} where ${inPeriod(d.deliveredAt, p)})
      group by ${d.submissionId} having min(${d.deliveredAt}) >= ${start(p)}
    ), q as (select ${weekOf(sql`r.delivered`)} as week, r.opened, ${hours(sql`r.delivered`, sql`r.opened`)} as hours from r)
    select w.week::text as week, count(q.week)::int as delivered, count(q.opened)::int as opened,
      ${percentile(0.5, sql`q.hours`)} as "medianHoursToOpen", grouping(w.week)::int as g
    from w left join q on q.week = w.week group by grouping sets ((w.week), ()) order by g, w.week`,
  );

/** The intake funnel's counters summed over the period's days, by step (steps never reached are absent). */
export const funnelCounts = (db: Db, p: DashboardPeriod) =>
  rows<{ step: string; count: number }>(
    db,
    sql`select ${intakeFunnelDays.step} as step, sum(${intakeFunnelDays.count})::int as count from ${intakeFunnelDays}
    where ${intakeFunnelDays.day} between ${p.from}::date and ${p.to}::date group by ${intakeFunnelDays.step}`,
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
