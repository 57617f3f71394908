/**
 * The dashboard's contract, browser-safe (docs/decisions/0032-attribution-and-dashboard.md): the period query of
 * `GET /api/admin/dashboard?from=YYYY-MM-DD&to=YYYY-MM-DD` and its reply, which the Dashboard tab draws and the
 * weekly summary mail sums up. Every figure is computed in SQL; weeks start on Monday in the agency's time zone.
 */
import type { AGENCY_TIME_ZONE } from '../../lib/agency-days.ts';
import type { FunnelStep, LeadForm } from '../../lib/statuses.ts';
import type { RevenueFigures } from '../pipeline/contract.ts';

export { funnelSteps, type FunnelStep, leadForms, type LeadForm } from '../../lib/statuses.ts';

/** The agency's time zone: days and weeks of the dashboard are its days and weeks. */
export { AGENCY_TIME_ZONE } from '../../lib/agency-days.ts';
/** The presets of the period picker, in weeks; the default is the first. */
export const DASHBOARD_PERIOD_WEEKS = [4, 12, 52] as const;
/** The longest period the dashboard answers, in days (a little over two years). */
export const DASHBOARD_MAX_DAYS = 800;
/** How many landing pages and campaigns the top lists name. */
export const TOP_LIMIT = 10;

/** A Monday in the agency's time zone, `YYYY-MM-DD`: the week it starts. */
export type WeekStart = string;

export interface SourceCount {
  /** As src/lib/lead-source.ts derives it; null for leads from before attribution ("Not recorded"). */
  source: string | null;
  count: number;
}

export interface FormCount {
  form: LeadForm;
  count: number;
}

/** The leads first seen in one week (spam aside), by source and by the form of their first request. */
export interface LeadsWeek {
  week: WeekStart;
  total: number;
  bySource: SourceCount[];
  byForm: FormCount[];
}

/**
 * The first response to the leads first seen in one week: hours from the first request to the first response
 * (a reply from the portal or answered elsewhere), and how many were answered within the promise (24 hours; a
 * weekend request by the end of Monday: `lead_response_due`). Unanswered leads are counted, not timed.
 */
export interface ResponseWeek {
  week: WeekStart;
  leads: number;
  answered: number;
  /**
   * The leads the promise has fallen due for: answered, or still waiting past their due time. The share within
   * the promise is of these: a lead still inside its time (or one that only downloaded a file) counts on neither side.
   */
  promiseDue: number;
  withinPromise: number;
  /** Null when no lead of the week was answered. */
  medianHours: number | null;
  p90Hours: number | null;
}

/** The audit requests of one week (spam aside) and when their first report was delivered. */
export interface AuditWeek {
  week: WeekStart;
  requested: number;
  /** First delivered within 72 hours of the request. */
  within72h: number;
  /** Delivered, but later than 72 hours. */
  later: number;
  /** Not delivered (yet). */
  notDelivered: number;
}

/** The reports delivered in one week (a submission's first delivered version) and their opening. */
export interface ReportWeek {
  week: WeekStart;
  delivered: number;
  opened: number;
  /** Median hours from delivery to first opening, of those opened; null when none was. */
  medianHoursToOpen: number | null;
}

/** The headline figures of the period: what the weekly summary mail says and the tab's cards show. */
export interface DashboardTotals {
  leads: number;
  answered: number;
  /** The leads answered or past their due time: what `withinPromise` is a share of (see ResponseWeek). */
  promiseDue: number;
  withinPromise: number;
  medianResponseHours: number | null;
  p90ResponseHours: number | null;
  auditsRequested: number;
  auditsWithin72h: number;
  reportsDelivered: number;
  reportsOpened: number;
  medianHoursToOpen: number | null;
  /** Files asked for through the download form, and of those, the ones whose mailed link was opened. */
  downloadsRequested: number;
  downloadsOpened: number;
  /** The file asked for most (the first by name on a tie), or null when none was. */
  topDownload: { title: string; requested: number } | null;
  /** Calls booked at the scheduler in the period (docs/decisions/0046), and how they stand now. */
  callsBooked: number;
  callsHeld: number;
  callsNoShow: number;
  callsCancelled: number;
}

/**
 * The calls booked in the period under one source, campaign or landing page (the call's own first touch, else its
 * lead's): booked, held (Cal.com's end of meeting, or a call still booked whose end has passed), no-show, cancelled.
 */
export interface CallCount {
  /** The source (lead-source.ts; null: not recorded), the campaign or the landing path. */
  key: string | null;
  booked: number;
  held: number;
  noShow: number;
  cancelled: number;
}

/**
 * From visit to call held (docs/decisions/0046-bookings-from-the-schedulers.md) under one source, campaign or landing
 * page, or over the whole period: the visits that began in its days (counted by the site, no visitor kept), the
 * period's leads (a request or a booking), and the calls booked in it and held. Each step keys its own first touch
 * (a lead's, a call's own else its lead's), so a row is a set of counts side by side, not one visitor followed.
 */
export interface VisitFunnelRow {
  /** The source (lead-source.ts; null: leads from before attribution), the campaign or the landing path; null in the total. */
  key: string | null;
  visits: number;
  leads: number;
  callsBooked: number;
  callsHeld: number;
}

/**
 * One resource's downloads in the period (docs/decisions/0041-resource-downloads.md): requests, links opened, and
 * the leads that later asked for an audit or wrote.
 */
export interface ResourceDownloads {
  resource: string;
  title: string;
  requested: number;
  opened: number;
  thenAudit: number;
  thenWrote: number;
}

/** The period's downloads by the source of the lead that asked. */
export interface SourceDownloads {
  source: string | null;
  requested: number;
  opened: number;
}

/** `GET /api/admin/dashboard`: the figures of the days `from` to `to` (both included, agency time zone). */
export interface DashboardReply {
  from: string;
  to: string;
  timeZone: typeof AGENCY_TIME_ZONE;
  /** Every week the period touches, oldest first: each list below has one entry per week, zeros included. */
  weeks: WeekStart[];
  totals: DashboardTotals;
  leadsBySource: SourceCount[];
  leadsByForm: FormCount[];
  leadsPerWeek: LeadsWeek[];
  responseTimes: ResponseWeek[];
  auditDelivery: AuditWeek[];
  reportOpens: ReportWeek[];
  /** Each step of the intake reached and the intake sent, summed over the period, in the wizard's order. */
  funnel: { step: FunnelStep; count: number }[];
  /** The first pages of the visits that brought leads, most leads first. */
  topLandingPages: { path: string; count: number }[];
  /** The campaigns (`utm_campaign`) that brought leads, with their source, most leads first. */
  topCampaigns: { campaign: string; source: string | null; count: number }[];
  /** The files asked for, per resource (most first) and per source. */
  downloads: { byResource: ResourceDownloads[]; bySource: SourceDownloads[] };
  /** The calls booked, per source, campaign and landing page, most booked first (TOP_LIMIT campaigns and pages). */
  calls: { bySource: CallCount[]; byCampaign: CallCount[]; byLandingPage: CallCount[] };
  /**
   * Visits → leads → calls held, over the period and per source, campaign and landing page (most visits first;
   * TOP_LIMIT campaigns and pages).
   */
  visitFunnel: {
    total: VisitFunnelRow;
    bySource: VisitFunnelRow[];
    byCampaign: VisitFunnelRow[];
    byLandingPage: VisitFunnelRow[];
  };
  /** The pipeline's value and the period's won and lost deals by first touch (docs/decisions/0047-pipeline.md). */
  revenue: RevenueFigures;
}
