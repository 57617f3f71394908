/** The Dashboard's revenue cards and tables (and so their CSVs), from a reply. */
import { describe, expect, it } from 'vitest';
import { dashboardReply } from '../../fixtures/dashboard.ts';
import * as series from '../../../src/islands/admin/dashboard/revenue-series.ts';

const { revenue } = dashboardReply();

describe('the revenue series', () => {
  it('cards: open pipeline with its forecast, won, win rate, median days', () => {
    expect(series.revenueCards(revenue)).toEqual([
      { label: 'Open pipeline', value: '$40,000', detail: 'weighted forecast $20,500' },
      { label: 'Won', value: '$27,500', detail: '2 deals won' },
      { label: 'Win rate', value: '67%', detail: '2 won, 1 lost in the period' },
      { label: 'Median days to won', value: '21.5 days', detail: 'from the first touch to won' },
    ]);
  });

  it('the open pipeline’s table has each stage, its probability and weighted value, and a total', () => {
    expect(series.openPipeline(revenue).table).toEqual({
      columns: ['Stage', 'Deals', 'Value (USD)', 'Win probability (%)', 'Weighted (USD)'],
      rows: [
        ['New', 4, 0, 10, 0],
        ['Qualified', 1, 10000, 25, 2500],
        ['Call booked', 0, 0, 40, 0],
        ['Proposal sent', 2, 30000, 60, 18000],
        ['Total', 7, 40000, null, 20500],
      ],
    });
  });

  it('won value by source and resource names the deals without one', () => {
    expect(series.wonBySource(revenue).table.rows).toEqual([
      ['LinkedIn', 1, 20000],
      ['Not recorded', 1, 7500],
    ]);
    expect(series.wonByResource(revenue).table.rows).toEqual([['None downloaded', 2, 27500]]);
    expect(series.wonByCampaign(revenue).bars).toEqual([
      { label: 'q4-cro', count: 20000 },
      { label: 'No campaign', count: 7500 },
    ]);
  });
});
