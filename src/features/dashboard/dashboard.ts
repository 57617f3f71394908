/**
 * `GET /api/admin/dashboard`: the figures of a period (queries.ts, one statement each, sent at once: a pool
 * runs them side by side, PGlite's one connection one after another) put in the contract's shape. Every
 * per-week list has one entry per week the period touches, oldest first, zeros included.
 */
import type { Db } from '../../db/client.ts';
import {
  AGENCY_TIME_ZONE,
  funnelSteps,
  leadForms,
  type AuditWeek,
  type CallCount,
  type DashboardReply,
  type DashboardTotals,
  type FormCount,
  type LeadForm,
  type LeadsWeek,
  type ReportWeek,
  type ResponseWeek,
  type SourceCount,
} from './contract.ts';
import { addDays, mondayOf, type DashboardPeriod } from './period.ts';
import { leadSource } from '../../lib/lead-source.ts';
import {
  auditDelivery,
  callCounts,
  downloadsByResource,
  downloadsBySource,
  funnelCounts,
  leadCounts,
  leadTouchCounts,
  reportOpens,
  responseTimes,
  topCampaigns,
  topLandingPages,
  visitCounts,
  type CallRow,
  type LeadCountRow,
} from './queries.ts';
import { TOP_LIMIT } from './contract.ts';
import { visitFunnel } from './visit-funnel.ts';

/** The calls summed by `keyOf` (a source, a campaign, a landing page), most booked first, then by key. */
function callsBy(rows: CallRow[], keyOf: (row: CallRow) => string | null, skipNull = false): CallCount[] {
  const sums = new Map<string | null, CallCount>();
  for (const row of rows) {
    const key = keyOf(row);
    if (skipNull && key === null) continue;
    const sum = sums.get(key) ?? { key, booked: 0, held: 0, noShow: 0, cancelled: 0 };
    sum.booked += row.booked;
    sum.held += row.held;
    sum.noShow += row.noShow;
    sum.cancelled += row.cancelled;
    sums.set(key, sum);
  }
  return [...sums.values()].sort((a, b) => b.booked - a.booked || String(a.key).localeCompare(String(b.key)));
}

/** A call's source: of its own first touch (lead-source.ts), else its lead's. */
const callSource = (row: CallRow): string | null =>
  row.ownTouch
    ? leadSource({ utmSource: row.utmSource ?? undefined, referrer: row.referrer ?? undefined })
    : row.leadSource;

/** The Mondays of the weeks the period touches, oldest first: the week of `from` to the week of `to`. */
export function periodWeeks(period: DashboardPeriod): string[] {
  const weeks: string[] = [];
  for (let week = mondayOf(period.from); week <= period.to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

// The grouping bits of leadCounts' rows (`grouping(week, source, form)`): the grouping set each row is of.
const WEEK_SOURCE = 0b001;
const WEEK_FORM = 0b010;
const WEEK = 0b011;
const SOURCE = 0b101;
const FORM = 0b110;
const ALL = 0b111;

/** One count per form, in the forms' order, zeros included (a lead without a recorded first form is in none). */
const byForm = (rows: LeadCountRow[]): FormCount[] =>
  leadForms.map((form: LeadForm) => ({ form, count: rows.find((r) => r.form === form)?.count ?? 0 }));
/** The sources present, already most first (the statement's order). */
const bySource = (rows: LeadCountRow[]): SourceCount[] => rows.map(({ source, count }) => ({ source, count }));

/** Rows of one grouping set, by week (or all of them for a set without the week). */
function groupOf(rows: LeadCountRow[], g: number): Map<string | null, LeadCountRow[]> {
  const map = new Map<string | null, LeadCountRow[]>();
  for (const row of rows.filter((r) => r.g === g)) map.set(row.week, [...(map.get(row.week) ?? []), row]);
  return map;
}

/** A per-week list from the statement's week rows, and its period row (`g = 1`). */
function split<T extends { week: string | null; g: number }>(rows: T[]): { byWeek: Map<string, T>; all: T } {
  const all = rows.find((r) => r.g === 1);
  if (!all) throw new Error('A dashboard statement answered no row for the whole period.');
  return { byWeek: new Map(rows.filter((r) => r.g === 0).map((r) => [r.week!, r])), all };
}

/**
 * Every figure of `period` but the revenue, which the pipeline feature computes (the function adds it: a feature
 * reaches another only through its contract).
 */
export async function getDashboard(
  db: Db,
  period: DashboardPeriod,
  now = new Date(),
): Promise<Omit<DashboardReply, 'revenue'>> {
  const [
    counts,
    responses,
    audits,
    reports,
    funnel,
    landing,
    campaigns,
    byResource,
    bySourceDl,
    calls,
    visits,
    touches,
  ] = await Promise.all([
    leadCounts(db, period),
    responseTimes(db, period, now),
    auditDelivery(db, period),
    reportOpens(db, period),
    funnelCounts(db, period),
    topLandingPages(db, period),
    topCampaigns(db, period),
    downloadsByResource(db, period),
    downloadsBySource(db, period),
    callCounts(db, period),
    visitCounts(db, period),
    leadTouchCounts(db, period),
  ]);
  const weeks = periodWeeks(period);
  const weekSources = groupOf(counts, WEEK_SOURCE);
  const weekForms = groupOf(counts, WEEK_FORM);
  const weekTotals = groupOf(counts, WEEK);
  const response = split(responses);
  const audit = split(audits);
  const report = split(reports);

  const leadsPerWeek: LeadsWeek[] = weeks.map((week) => ({
    week,
    total: weekTotals.get(week)?.[0]?.count ?? 0,
    bySource: bySource(weekSources.get(week) ?? []),
    byForm: byForm(weekForms.get(week) ?? []),
  }));
  const responseTimesList: ResponseWeek[] = weeks.map((week) => {
    const row = response.byWeek.get(week);
    return {
      week,
      leads: row?.leads ?? 0,
      answered: row?.answered ?? 0,
      promiseDue: row?.promiseDue ?? 0,
      withinPromise: row?.withinPromise ?? 0,
      medianHours: row?.medianHours ?? null,
      p90Hours: row?.p90Hours ?? null,
    };
  });
  const auditDeliveryList: AuditWeek[] = weeks.map((week) => {
    const row = audit.byWeek.get(week);
    return {
      week,
      requested: row?.requested ?? 0,
      within72h: row?.within72h ?? 0,
      later: row?.later ?? 0,
      notDelivered: row?.notDelivered ?? 0,
    };
  });
  const reportOpensList: ReportWeek[] = weeks.map((week) => {
    const row = report.byWeek.get(week);
    return {
      week,
      delivered: row?.delivered ?? 0,
      opened: row?.opened ?? 0,
      medianHoursToOpen: row?.medianHoursToOpen ?? null,
    };
  });
  const totals: DashboardTotals = {
    leads: counts.find((r) => r.g === ALL)?.count ?? 0,
    answered: response.all.answered,
    promiseDue: response.all.promiseDue,
    withinPromise: response.all.withinPromise,
    medianResponseHours: response.all.medianHours,
    p90ResponseHours: response.all.p90Hours,
    auditsRequested: audit.all.requested,
    auditsWithin72h: audit.all.within72h,
    reportsDelivered: report.all.delivered,
    reportsOpened: report.all.opened,
    medianHoursToOpen: report.all.medianHoursToOpen,
    downloadsRequested: byResource.reduce((sum, r) => sum + r.requested, 0),
    downloadsOpened: byResource.reduce((sum, r) => sum + r.opened, 0),
    topDownload: byResource[0] ? { title: byResource[0].title, requested: byResource[0].requested } : null,
    callsBooked: calls.reduce((sum, r) => sum + r.booked, 0),
    callsHeld: calls.reduce((sum, r) => sum + r.held, 0),
    callsNoShow: calls.reduce((sum, r) => sum + r.noShow, 0),
    callsCancelled: calls.reduce((sum, r) => sum + r.cancelled, 0),
  };
  return {
    from: period.from,
    to: period.to,
    timeZone: AGENCY_TIME_ZONE,
    weeks,
    totals,
    leadsBySource: bySource(counts.filter((r) => r.g === SOURCE)),
    leadsByForm: byForm(counts.filter((r) => r.g === FORM)),
    leadsPerWeek,
    responseTimes: responseTimesList,
    auditDelivery: auditDeliveryList,
    reportOpens: reportOpensList,
    funnel: funnelSteps.map((step) => ({ step, count: funnel.find((r) => r.step === step)?.count ?? 0 })),
    topLandingPages: landing,
    topCampaigns: campaigns,
    downloads: { byResource, bySource: bySourceDl },
    calls: {
      bySource: callsBy(calls, callSource),
      byCampaign: callsBy(calls, (r) => r.campaign, true).slice(0, TOP_LIMIT),
      byLandingPage: callsBy(calls, (r) => r.landingPath, true).slice(0, TOP_LIMIT),
    },
    visitFunnel: visitFunnel(
      visits,
      touches,
      calls.map((row) => ({ ...row, source: callSource(row) })),
    ),
  };
}
