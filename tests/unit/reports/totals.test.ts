// The packages a report recommends and the budget they add up to (src/features/reports/totals.ts).
import { describe, expect, it } from 'vitest';
import { billingOf, reportPackages, reportTotals, type PackageEntry } from '../../../src/features/reports/totals.ts';

const entries: PackageEntry[] = [
  { id: 'retainer', data: { kind: 'retainer', title: 'Custom Retainer', order: 3 } },
  { id: 'kit', data: { kind: 'package', title: 'Content Kit', price: 450, period: 'per month', order: 1 } },
  { id: 'video', data: { kind: 'package', title: 'Video', price: 600, period: 'per video', order: 2 } },
];
const packages = reportPackages(entries);

describe('report packages and totals', () => {
  it('lists the packages in their order, billed monthly, one-off or on request', () => {
    expect(packages).toEqual([
      { slug: 'kit', title: 'Content Kit', price: 450, period: 'per month', billing: 'monthly' },
      { slug: 'video', title: 'Video', price: 600, period: 'per video', billing: 'one-off' },
      { slug: 'retainer', title: 'Custom Retainer', price: null, period: 'on request', billing: 'custom' },
    ]);
    expect(billingOf(250, 'Monthly')).toBe('monthly');
    expect(billingOf(300, 'per item')).toBe('one-off');
  });

  it('counts a package once per area that recommends it, names the unpriced ones once, ignores removed ones', () => {
    const totals = reportTotals(
      {
        linkedin: { packageSlug: 'kit' },
        thoughtLeadership: { packageSlug: 'kit' },
        collateral: { packageSlug: 'video' },
        teamSetup: { packageSlug: 'retainer' },
        bdTools: { packageSlug: 'retainer' },
        events: { packageSlug: 'a-package-removed-since' },
        crm: { packageSlug: null },
      },
      packages,
    );
    expect(totals).toEqual({ monthly: 900, oneOff: 600, onRequest: ['Custom Retainer'] });
    expect(reportTotals({}, packages)).toEqual({ monthly: 0, oneOff: 0, onRequest: [] });
  });
});
