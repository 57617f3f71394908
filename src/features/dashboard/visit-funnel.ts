/**
 * From visit to call held (docs/decisions/0046-bookings-from-the-schedulers.md): the site's visit counts, the
 * period's leads and its calls, summed under each source, campaign and landing page. The visits name their source by
 * the leads' own rule (src/lib/lead-source.ts, applied as they are counted), so the three steps line up key by key.
 */
import { TOP_LIMIT, type VisitFunnelRow } from './contract.ts';
import type { CallRow, leadTouchCounts, visitCounts } from './queries.ts';

type VisitRow = Awaited<ReturnType<typeof visitCounts>>[number];
type LeadRow = Awaited<ReturnType<typeof leadTouchCounts>>[number];
/** A call's row with its source already derived (dashboard.ts's callSource). */
export type SourcedCall = CallRow & { source: string | null };

/** The three steps of one grouping, keyed by `keyOf` of each row ('' and null are no key, but in the source). */
function funnelBy(
  visits: VisitRow[],
  leads: LeadRow[],
  calls: SourcedCall[],
  keyOf: (row: { source: string | null; campaign: string | null; landingPath: string | null }) => string | null,
  skipNull: boolean,
): VisitFunnelRow[] {
  const sums = new Map<string | null, VisitFunnelRow>();
  const add = (key: string | null, figures: Partial<VisitFunnelRow>) => {
    if (skipNull && !key) return;
    const sum = sums.get(key) ?? { key, visits: 0, leads: 0, callsBooked: 0, callsHeld: 0 };
    sum.visits += figures.visits ?? 0;
    sum.leads += figures.leads ?? 0;
    sum.callsBooked += figures.callsBooked ?? 0;
    sum.callsHeld += figures.callsHeld ?? 0;
    sums.set(key, sum);
  };
  for (const row of visits) add(keyOf(row), { visits: row.count });
  for (const row of leads) add(keyOf(row), { leads: row.count });
  for (const row of calls) add(keyOf(row), { callsBooked: row.booked, callsHeld: row.held });
  return [...sums.values()].sort(
    (a, b) => b.visits - a.visits || b.leads - a.leads || String(a.key).localeCompare(String(b.key)),
  );
}

/** The period's funnel, whole and per source, campaign and landing page. */
export function visitFunnel(visits: VisitRow[], leads: LeadRow[], calls: SourcedCall[]) {
  const sum = (rows: { count?: number; booked?: number; held?: number }[], field: 'count' | 'booked' | 'held') =>
    rows.reduce((total, row) => total + (row[field] ?? 0), 0);
  return {
    total: {
      key: null,
      visits: sum(visits, 'count'),
      leads: sum(leads, 'count'),
      callsBooked: sum(calls, 'booked'),
      callsHeld: sum(calls, 'held'),
    },
    bySource: funnelBy(visits, leads, calls, (r) => r.source, false),
    byCampaign: funnelBy(visits, leads, calls, (r) => r.campaign, true).slice(0, TOP_LIMIT),
    byLandingPage: funnelBy(visits, leads, calls, (r) => r.landingPath, true).slice(0, TOP_LIMIT),
  };
}
