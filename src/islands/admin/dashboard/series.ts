/**
 * The dashboard's numbers, from the API's reply to what each chart draws and each table (and its CSV) lists. Pure:
 * the charts and the tables are drawn from the same series, so what a screen reader or a spreadsheet gets is what
 * the chart shows. Hours are rounded to a tenth, shares to a whole percent; a figure with nothing to measure
 * (no lead answered, no report opened) is null, never 0.
 */
import type { DashboardReply, DashboardTotals, FunnelStep } from '../../../features/dashboard/contract.ts';
import { sourceLabel } from '../../../lib/lead-source.ts';
import { formLabel } from '../shared/lead-format.ts';
import type { Cell } from './csv.ts';

/** The first response the agency promises, in hours; audits are promised within 72. */
export const PROMISE_HOURS = 24;
export const AUDIT_PROMISE_HOURS = 72;
/** Sources drawn in a colour of their own; the rest share one band ("Other sources"), the table keeps them all. */
export const MAX_DRAWN_SOURCES = 7;

/** The wizard's step titles (src/lib/forms/intake-steps.ts, held equal by a test), then the intake sent. */
export const funnelLabel = {
  company: 'Company Profile',
  marketing: 'Marketing Presence',
  bd: 'Business Development Setup',
  goals: 'Goals & Pain Points',
  documents: 'Document Uploads (optional)',
  submitted: 'Intake sent',
} as const satisfies Record<FunnelStep, string>;

export interface Table {
  columns: string[];
  rows: Cell[][];
}

/** A band of a stacked bar chart: its name and one value per week. */
export interface Band {
  label: string;
  values: number[];
}

/** A line over the weeks; null where the week has nothing to measure (the line breaks there). */
export interface Line {
  label: string;
  values: (number | null)[];
}

export const round1 = (value: number | null): number | null => (value === null ? null : Math.round(value * 10) / 10);
/** `part` of `whole` in whole percent; null when there is no whole. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((100 * part) / whole) : null;

/** Leads per week by source, the sources most leads first ("Not recorded" last). */
export function leadsBySource(reply: DashboardReply): { table: Table; bands: Band[] } {
  const sources = [...reply.leadsBySource]
    .sort((a, b) => Number(a.source === null) - Number(b.source === null) || b.count - a.count)
    .map((s) => s.source);
  const count = (week: DashboardReply['leadsPerWeek'][number], source: string | null) =>
    week.bySource.find((s) => s.source === source)?.count ?? 0;
  const table: Table = {
    columns: ['Week starting', ...sources.map(sourceLabel), 'Total'],
    rows: reply.leadsPerWeek.map((w) => [w.week, ...sources.map((s) => count(w, s)), w.total]),
  };
  const drawn = sources.length > MAX_DRAWN_SOURCES + 1 ? sources.slice(0, MAX_DRAWN_SOURCES) : sources;
  const bands: Band[] = drawn.map((s) => ({
    label: sourceLabel(s),
    values: reply.leadsPerWeek.map((w) => count(w, s)),
  }));
  if (drawn.length < sources.length) {
    const rest = sources.slice(drawn.length);
    bands.push({
      label: 'Other sources',
      values: reply.leadsPerWeek.map((w) => rest.reduce((sum, s) => sum + count(w, s), 0)),
    });
  }
  return { table, bands };
}

/** Leads per week by the form of their first request, in the contract's order of forms. */
export function leadsByForm(reply: DashboardReply): { table: Table; bands: Band[] } {
  const forms = Object.keys(formLabel) as (keyof typeof formLabel)[];
  const count = (week: DashboardReply['leadsPerWeek'][number], form: string) =>
    week.byForm.find((f) => f.form === form)?.count ?? 0;
  return {
    table: {
      columns: ['Week starting', ...forms.map((f) => formLabel[f]), 'Total'],
      rows: reply.leadsPerWeek.map((w) => [w.week, ...forms.map((f) => count(w, f)), w.total]),
    },
    bands: forms.map((f) => ({ label: formLabel[f], values: reply.leadsPerWeek.map((w) => count(w, f)) })),
  };
}

/** The first response per week: median and 90th percentile against the promise, and how many kept it. */
export function responseTimes(reply: DashboardReply): { table: Table; lines: Line[] } {
  const weeks = reply.responseTimes;
  return {
    table: {
      columns: [
        'Week starting',
        'Leads',
        'Answered',
        'Due (answered or past due)',
        `Within ${PROMISE_HOURS} h`,
        `Within ${PROMISE_HOURS} h (%)`,
        'Median (hours)',
        '90th percentile (hours)',
      ],
      rows: weeks.map((w) => [
        w.week,
        w.leads,
        w.answered,
        w.promiseDue,
        w.withinPromise,
        percent(w.withinPromise, w.promiseDue),
        round1(w.medianHours),
        round1(w.p90Hours),
      ]),
    },
    lines: [
      { label: 'Median', values: weeks.map((w) => round1(w.medianHours)) },
      { label: '90th percentile', values: weeks.map((w) => round1(w.p90Hours)) },
    ],
  };
}

/** Audit requests per week by when their report went out. */
export function auditDelivery(reply: DashboardReply): { table: Table; bands: Band[] } {
  const weeks = reply.auditDelivery;
  return {
    table: {
      columns: [
        'Week starting',
        'Requested',
        `Within ${AUDIT_PROMISE_HOURS} h`,
        'Later',
        'Not delivered',
        `Within ${AUDIT_PROMISE_HOURS} h (%)`,
      ],
      rows: weeks.map((w) => [
        w.week,
        w.requested,
        w.within72h,
        w.later,
        w.notDelivered,
        percent(w.within72h, w.requested),
      ]),
    },
    bands: [
      { label: `Within ${AUDIT_PROMISE_HOURS} h`, values: weeks.map((w) => w.within72h) },
      { label: 'Later', values: weeks.map((w) => w.later) },
      { label: 'Not delivered', values: weeks.map((w) => w.notDelivered) },
    ],
  };
}

/** Reports delivered per week, opened or not, and how soon they were opened. */
export function reportOpens(reply: DashboardReply): { table: Table; bands: Band[] } {
  const weeks = reply.reportOpens;
  return {
    table: {
      columns: ['Week starting', 'Delivered', 'Opened', 'Open rate (%)', 'Median hours to open'],
      rows: weeks.map((w) => [
        w.week,
        w.delivered,
        w.opened,
        percent(w.opened, w.delivered),
        round1(w.medianHoursToOpen),
      ]),
    },
    bands: [
      { label: 'Opened', values: weeks.map((w) => w.opened) },
      { label: 'Not opened', values: weeks.map((w) => w.delivered - w.opened) },
    ],
  };
}

/** The intake's steps reached, in the wizard's order, each also as a share of the first step. */
export function funnel(reply: DashboardReply): { table: Table; steps: { label: string; count: number }[] } {
  const first = reply.funnel[0]?.count ?? 0;
  const steps = reply.funnel.map((s) => ({ label: funnelLabel[s.step], count: s.count }));
  return {
    table: {
      columns: ['Step', 'Reached', 'Of the first step (%)'],
      rows: reply.funnel.map((s) => [funnelLabel[s.step], s.count, percent(s.count, first)]),
    },
    steps,
  };
}

export const topLandingPages = (reply: DashboardReply): Table => ({
  columns: ['Landing page', 'Leads'],
  rows: reply.topLandingPages.map((p) => [p.path, p.count]),
});

export const topCampaigns = (reply: DashboardReply): Table => ({
  columns: ['Campaign', 'Source', 'Leads'],
  rows: reply.topCampaigns.map((c) => [c.campaign, sourceLabel(c.source), c.count]),
});

/** The files asked for per resource (docs/decisions/0041-resource-downloads.md), most first. */
export const downloadsByResource = (reply: DashboardReply): Table => ({
  columns: ['Resource', 'Asked for', 'Opened', 'Then asked for an audit', 'Then wrote'],
  rows: reply.downloads.byResource.map((r) => [r.title, r.requested, r.opened, r.thenAudit, r.thenWrote]),
});

/** The files asked for by the source of the lead that asked. */
export const downloadsBySource = (reply: DashboardReply): Table => ({
  columns: ['Source', 'Asked for', 'Opened'],
  rows: reply.downloads.bySource.map((r) => [sourceLabel(r.source), r.requested, r.opened]),
});

/** A headline card: its name, its figure in words, and what the figure is measured against. */
export interface Card {
  label: string;
  value: string;
  detail: string;
}

const hours = (value: number | null) => (value === null ? '—' : `${round1(value)} h`);
const share = (part: number, whole: number) => {
  const p = percent(part, whole);
  return p === null ? '—' : `${p}%`;
};

/** The headline figures of the period. */
export function cards(t: DashboardTotals): Card[] {
  return [
    { label: 'Leads', value: String(t.leads), detail: `${t.answered} answered` },
    {
      label: `Answered within ${PROMISE_HOURS} h`,
      value: share(t.withinPromise, t.promiseDue),
      detail: `${t.withinPromise} of ${t.promiseDue} leads answered or past their due time, against the ${PROMISE_HOURS}-hour promise (a lead still inside its time is not counted yet)`,
    },
    {
      label: 'Median first response',
      value: hours(t.medianResponseHours),
      detail: `90th percentile ${hours(t.p90ResponseHours)}; promise ${PROMISE_HOURS} h`,
    },
    {
      label: `Audits within ${AUDIT_PROMISE_HOURS} h`,
      value: share(t.auditsWithin72h, t.auditsRequested),
      detail: `${t.auditsWithin72h} of ${t.auditsRequested} audit requests delivered in time`,
    },
    {
      label: 'Report open rate',
      value: share(t.reportsOpened, t.reportsDelivered),
      detail: `${t.reportsOpened} of ${t.reportsDelivered} reports opened`,
    },
    {
      label: 'Median time to first opening',
      value: hours(t.medianHoursToOpen),
      detail: 'from a report’s delivery to its first opening',
    },
    {
      label: 'Calls booked',
      value: String(t.callsBooked),
      detail: `${t.callsHeld} held, ${t.callsNoShow} no-shows, ${t.callsCancelled} cancelled`,
    },
  ];
}
