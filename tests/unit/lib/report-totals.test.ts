import { describe, expect, it } from 'vitest';
import { emptyArea, reportAreaIds, type ReportArea, type ReportAreaId } from '../../../src/lib/audit-report.ts';
import { reportTotals } from '../../../src/lib/report-totals.ts';
import type { ReportPackage } from '../../../src/server/admin/reports.types.ts';

const packages: ReportPackage[] = [
  { slug: 'kit', title: 'LinkedIn Content Kit', price: 1200, period: 'per month', billing: 'monthly' },
  { slug: 'video', title: 'Branded Video', price: 3000, period: 'per video', billing: 'one-off' },
  { slug: 'custom', title: 'Custom Retainer', price: null, period: 'custom', billing: 'custom' },
];

const draft = (chosen: Partial<Record<ReportAreaId, string>>): Record<ReportAreaId, ReportArea> =>
  Object.fromEntries(reportAreaIds.map((id) => [id, { ...emptyArea(), packageSlug: chosen[id] ?? null }])) as Record<
    ReportAreaId,
    ReportArea
  >;

describe('reportTotals', () => {
  it('is nothing when no area recommends a package', () => {
    expect(reportTotals(draft({}), packages)).toEqual({ monthly: 0, oneOff: 0, onRequest: [] });
  });

  it('counts a package once per area that recommends it, monthly and one-off apart', () => {
    const totals = reportTotals(draft({ website: 'kit', linkedin: 'kit', events: 'video' }), packages);
    expect(totals).toEqual({ monthly: 2400, oneOff: 3000, onRequest: [] });
  });

  it('names an unpriced package once, not summed, and ignores a slug no longer offered', () => {
    const totals = reportTotals(draft({ crm: 'custom', outreach: 'custom', bdTools: 'gone' }), packages);
    expect(totals).toEqual({ monthly: 0, oneOff: 0, onRequest: ['Custom Retainer'] });
  });
});
