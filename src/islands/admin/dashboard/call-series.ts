/**
 * The Dashboard's calls and its funnel from visit to call held (docs/decisions/0046-bookings-from-the-schedulers.md),
 * from the API's reply to each table (and its CSV) and the funnel's bars; pure, as series.ts.
 */
import type { DashboardReply } from '../../../features/dashboard/contract.ts';
import { sourceLabel } from '../../../lib/lead-source.ts';
import { percent, type Table } from './series.ts';

/** The groupings of the calls and the funnel: each table's first column, and how a row's key is named in it. */
export type Grouping = 'bySource' | 'byCampaign' | 'byLandingPage';
const keyColumn = { bySource: 'Source', byCampaign: 'Campaign', byLandingPage: 'Landing page' } as const;
const keyCell = (by: Grouping, key: string | null) => (by === 'bySource' ? sourceLabel(key) : (key ?? ''));

/** The calls booked (docs/decisions/0046) by source, campaign or landing page, with how they stand. */
export const callsBy = (reply: DashboardReply, by: Grouping): Table => ({
  columns: [keyColumn[by], 'Booked', 'Held', 'No-show', 'Cancelled'],
  rows: reply.calls[by].map((r) => [keyCell(by, r.key), r.booked, r.held, r.noShow, r.cancelled]),
});

/** From visit to call held (decision 46): the period's visits, leads (a request or a booking), calls booked and held. */
export function visitsToCalls(reply: DashboardReply): { table: Table; steps: { label: string; count: number }[] } {
  const t = reply.visitFunnel.total;
  const steps = [
    { label: 'Visits', count: t.visits },
    { label: 'Leads (a request or a booking)', count: t.leads },
    { label: 'Calls booked', count: t.callsBooked },
    { label: 'Calls held', count: t.callsHeld },
  ];
  return {
    table: {
      columns: ['Step', 'Count', 'Of the visits (%)'],
      rows: steps.map((s) => [s.label, s.count, percent(s.count, t.visits)]),
    },
    steps,
  };
}

/** The same funnel per source, campaign or landing page, most visits first. */
export const visitFunnelBy = (reply: DashboardReply, by: Grouping): Table => ({
  columns: [keyColumn[by], 'Visits', 'Leads', 'Leads per 100 visits', 'Calls booked', 'Calls held'],
  rows: reply.visitFunnel[by].map((r) => [
    keyCell(by, r.key),
    r.visits,
    r.leads,
    percent(r.leads, r.visits),
    r.callsBooked,
    r.callsHeld,
  ]),
});
