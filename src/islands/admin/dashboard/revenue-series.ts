/**
 * The Dashboard's revenue (docs/decisions/0047-pipeline.md), from the reply's `revenue` to its cards, bars and
 * tables (and their CSVs). Pure, like series.ts: the chart and the table are drawn from the same rows.
 */
import type { RevenueFigures, WonBy } from '../../../features/pipeline/contract.ts';
import { sourceLabel } from '../../../lib/lead-source.ts';
import { stageLabel, usd } from '../shared/pipeline-format.ts';
import type { Table } from './series.ts';

export interface RevenueCard {
  label: string;
  value: string;
  detail: string;
}

export function revenueCards(r: RevenueFigures): RevenueCard[] {
  return [
    { label: 'Open pipeline', value: usd(r.openValue), detail: `weighted forecast ${usd(r.forecast)}` },
    { label: 'Won', value: usd(r.wonValue), detail: `${r.wonCount} ${r.wonCount === 1 ? 'deal' : 'deals'} won` },
    {
      label: 'Win rate',
      value: r.winRate === null ? '—' : `${r.winRate}%`,
      detail: `${r.wonCount} won, ${r.lostCount} lost in the period`,
    },
    {
      label: 'Median days to won',
      value: r.medianDaysToWon === null ? '—' : `${r.medianDaysToWon} days`,
      detail: 'from the first touch to won',
    },
  ];
}

/** The open pipeline by stage: bars of value, a table with the count, probability and weighted value. */
export function openPipeline(r: RevenueFigures): { table: Table; bars: { label: string; count: number }[] } {
  return {
    bars: r.open.map((s) => ({ label: stageLabel(s.stage), count: s.value })),
    table: {
      columns: ['Stage', 'Deals', 'Value (USD)', 'Win probability (%)', 'Weighted (USD)'],
      rows: [
        ...r.open.map((s) => [stageLabel(s.stage), s.count, s.value, s.probability, s.weighted]),
        ['Total', r.open.reduce((n, s) => n + s.count, 0), r.openValue, null, r.forecast],
      ],
    },
  };
}

/** Won value per first-touch key, most first: `none` names the deals without one. */
export function wonBy(
  rows: WonBy[],
  column: string,
  none: string,
  label: (key: string) => string = (k) => k,
): { table: Table; bars: { label: string; count: number }[] } {
  const name = (key: string | null) => (key === null ? none : label(key));
  return {
    bars: rows.map((r) => ({ label: name(r.key), count: r.value })),
    table: {
      columns: [column, 'Deals won', 'Won value (USD)'],
      rows: rows.map((r) => [name(r.key), r.count, r.value]),
    },
  };
}

export const wonBySource = (r: RevenueFigures) =>
  wonBy(r.wonBySource, 'Source', sourceLabel(null), (k) => sourceLabel(k));
export const wonByCampaign = (r: RevenueFigures) => wonBy(r.wonByCampaign, 'Campaign', 'No campaign');
export const wonByLandingPage = (r: RevenueFigures) => wonBy(r.wonByLandingPage, 'Landing page', 'Not recorded');
export const wonByResource = (r: RevenueFigures) => wonBy(r.wonByResource, 'Resource downloaded', 'None downloaded');
