/**
 * The dashboard's series (src/islands/admin/dashboard/series.ts) and period (period.ts): what each chart draws and
 * each table lists, from one reply; the presets' days in New York.
 */
import { describe, expect, it } from 'vitest';
import { funnelSteps } from '../../../src/features/dashboard/contract.ts';
import { intakeSteps } from '../../../src/lib/forms/intake-steps.ts';
import { agencyToday, mondayOf, periodRange } from '../../../src/islands/admin/shared/period.ts';
import * as series from '../../../src/islands/admin/dashboard/series.ts';
import * as calls from '../../../src/islands/admin/dashboard/call-series.ts';
import { dashboardReply } from '../../fixtures/dashboard.ts';

const reply = dashboardReply();

describe('the dashboard series', () => {
  it('lists leads per week by source, most leads first and "Not recorded" last, with every week', () => {
    const { table, bands } = series.leadsBySource(reply);
    expect(table.columns).toEqual(['Week starting', 'LinkedIn', 'Google', 'Not recorded', 'Total']);
    expect(table.rows).toEqual([
      ['2026-11-02', 3, 0, 1, 4],
      ['2026-11-09', 0, 0, 0, 0],
      ['2026-11-16', 1, 2, 0, 3],
    ]);
    expect(bands.map((b) => [b.label, b.values])).toEqual([
      ['LinkedIn', [3, 0, 1]],
      ['Google', [0, 0, 2]],
      ['Not recorded', [1, 0, 0]],
    ]);
  });

  it('draws the sources past the seventh as one band, while the table keeps each', () => {
    const many = dashboardReply();
    const sources = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
    many.leadsBySource = sources.map((source, i) => ({ source, count: 20 - i }));
    many.leadsPerWeek = many.weeks.map((week) => ({
      week,
      total: 9,
      bySource: sources.map((source) => ({ source, count: 1 })),
      byForm: [],
    }));
    const { table, bands } = series.leadsBySource(many);
    expect(table.columns).toHaveLength(sources.length + 2);
    expect(bands.map((b) => b.label)).toEqual([...sources.slice(0, 7), 'Other sources']);
    expect(bands.at(-1)!.values).toEqual([2, 2, 2]);
  });

  it('lists leads per week by form, every form a column', () => {
    const { table, bands } = series.leadsByForm(reply);
    expect(table.columns).toEqual([
      'Week starting',
      'Contact form',
      'Short audit form',
      'Intake',
      'Download',
      'Booked call',
      'Total',
    ]);
    expect(table.rows[0]).toEqual(['2026-11-02', 2, 0, 2, 0, 0, 4]);
    expect(bands.map((b) => b.values)).toEqual([
      [2, 0, 2],
      [0, 0, 0],
      [2, 0, 1],
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it('rounds response hours to a tenth and leaves a week with no answer unmeasured', () => {
    const { table, lines } = series.responseTimes(reply);
    expect(table.rows[0]).toEqual(['2026-11-02', 4, 4, 4, 3, 75, 4.4, 30]);
    expect(table.rows[1]).toEqual(['2026-11-09', 0, 0, 0, 0, null, null, null]);
    expect(lines).toEqual([
      { label: 'Median', values: [4.4, null, 6.1] },
      { label: '90th percentile', values: [30, null, 9] },
    ]);
  });

  it('splits audits and reports into their bands, with their shares', () => {
    const audits = series.auditDelivery(reply);
    expect(audits.table.rows[0]).toEqual(['2026-11-02', 2, 1, 1, 0, 50]);
    expect(audits.bands.map((b) => b.values[0])).toEqual([1, 1, 0]);
    const reports = series.reportOpens(reply);
    expect(reports.table.rows[1]).toEqual(['2026-11-09', 2, 1, 50, 3]);
    expect(reports.bands.map((b) => b.values)).toEqual([
      [0, 1, 0],
      [0, 1, 0],
    ]);
  });

  it('names the funnel steps as the wizard titles them, with each step’s share of the first', () => {
    const { table } = series.funnel(reply);
    for (const step of intakeSteps) expect(series.funnelLabel[step.id]).toBe(step.title);
    expect(Object.keys(series.funnelLabel)).toEqual([...funnelSteps]);
    expect(table.rows.map((r) => r[2])).toEqual([100, 55, 38, 30, 25, 8]);
    expect(table.rows.at(-1)).toEqual(['Intake sent', 3, 8]);
  });

  it('lists top pages and campaigns, naming a campaign’s source', () => {
    expect(series.topLandingPages(reply).rows).toEqual([
      ['/services/bd-support', 4],
      ['/', 3],
    ]);
    expect(series.topCampaigns(reply).rows).toEqual([['=cphi,2026', 'LinkedIn', 3]]);
  });

  it('tables the files asked for by resource and by source, as the reply counts them', () => {
    expect(series.downloadsByResource(reply)).toEqual({
      columns: ['Resource', 'Asked for', 'Opened', 'Then asked for an audit', 'Then wrote'],
      rows: [
        ['CRO Marketing Toolkit', 2, 1, 1, 0],
        ['RFP Readiness Checklist', 1, 1, 0, 1],
      ],
    });
    expect(series.downloadsBySource(reply).rows).toEqual([
      ['LinkedIn', 2, 1],
      ['Not recorded', 1, 1],
    ]);
  });

  it('lists the calls by source, campaign and landing page (decision 46)', () => {
    expect(calls.callsBy(reply, 'bySource')).toEqual({
      columns: ['Source', 'Booked', 'Held', 'No-show', 'Cancelled'],
      rows: [
        ['LinkedIn', 2, 1, 0, 0],
        ['Not recorded', 1, 0, 1, 0],
      ],
    });
    expect(calls.callsBy(reply, 'byCampaign').rows).toEqual([['cro-q1', 2, 1, 0, 0]]);
    expect(calls.callsBy(reply, 'byLandingPage').columns[0]).toBe('Landing page');
  });

  it('draws and tables the funnel from visit to call held, whole and per source, campaign and landing page', () => {
    const whole = calls.visitsToCalls(reply);
    expect(whole.table).toEqual({
      columns: ['Step', 'Count', 'Of the visits (%)'],
      rows: [
        ['Visits', 350, 100],
        ['Leads (a request or a booking)', 7, 2],
        ['Calls booked', 3, 1],
        ['Calls held', 1, 0],
      ],
    });
    expect(whole.steps.map((s) => s.count)).toEqual([350, 7, 3, 1]);
    expect(calls.visitFunnelBy(reply, 'bySource')).toEqual({
      columns: ['Source', 'Visits', 'Leads', 'Leads per 100 visits', 'Calls booked', 'Calls held'],
      rows: [
        ['LinkedIn', 200, 4, 2, 2, 1],
        ['Direct', 150, 2, 1, 0, 0],
        ['Not recorded', 0, 1, null, 1, 0], // leads from before attribution: no visit to set them against
      ],
    });
    expect(calls.visitFunnelBy(reply, 'byCampaign').rows).toEqual([['cro-q1', 120, 3, 3, 2, 1]]);
    expect(calls.visitFunnelBy(reply, 'byLandingPage')).toMatchObject({
      columns: ['Landing page', 'Visits', 'Leads', 'Leads per 100 visits', 'Calls booked', 'Calls held'],
      rows: [
        ['/services/cro', 90, 2, 2, 1, 0],
        ['/about', 0, 1, null, 0, 0],
      ],
    });
  });

  it('sums the period up in cards, with a dash where nothing was measured', () => {
    const cards = series.cards(reply.totals);
    expect(cards.map((c) => [c.label, c.value])).toEqual([
      ['Leads', '7'],
      ['Answered within 24 h', '71%'],
      ['Median first response', '5.3 h'],
      ['Audits within 72 h', '67%'],
      ['Report open rate', '50%'],
      ['Median time to first opening', '3 h'],
      ['Calls booked', '3'],
    ]);
    expect(cards.at(-1)!.detail).toBe('1 held, 1 no-shows, 0 cancelled');
    const none = series.cards({
      ...reply.totals,
      leads: 0,
      promiseDue: 0,
      withinPromise: 0,
      medianResponseHours: null,
    });
    expect(none[1]!.value).toBe('—');
    expect(none[2]!.value).toBe('—');
  });
});

describe('the dashboard period', () => {
  it('takes the day in New York, not the browser’s', () => {
    // 03:00 UTC on a Tuesday is still Monday evening in New York.
    expect(agencyToday(new Date('2026-11-17T03:00:00Z'))).toBe('2026-11-16');
  });

  it('starts a preset on the Monday that makes it that many weeks, ending today', () => {
    expect(mondayOf('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(periodRange({ weeks: 4 }, '2026-11-19')).toEqual({ from: '2026-10-26', to: '2026-11-19' });
    expect(periodRange({ weeks: 52 }, '2026-03-02')).toEqual({ from: '2025-03-10', to: '2026-03-02' });
    expect(periodRange({ from: '2026-01-01', to: '2026-02-01' })).toEqual({ from: '2026-01-01', to: '2026-02-01' });
  });
});
