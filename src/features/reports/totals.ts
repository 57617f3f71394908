/**
 * The packages an audit report may recommend and the budget they add up to: browser-safe, so the portal's
 * editor and the server's delivery compute the same totals (docs/decisions/0027-audit-workbench.md).
 */
import type { PackageBilling, ReportArea, ReportAreaId, ReportPackage, ReportTotals } from '../../lib/audit-report.ts';

/** A package file's data as content/packages holds it (the content schema's two kinds). */
export interface PackageEntry {
  id: string;
  data:
    | { kind: 'package'; title: string; price: number; period: string; order: number }
    | { kind: 'retainer'; title: string; order: number };
}

/** How a package is paid: its period says "month" → monthly; another period → one-off; no price → custom. */
export function billingOf(price: number | null, period: string): PackageBilling {
  if (price === null) return 'custom';
  return /month/i.test(period) ? 'monthly' : 'one-off';
}

/** The packages in their order on the packages page, as a report names them. */
export function reportPackages(entries: readonly PackageEntry[]): ReportPackage[] {
  return [...entries]
    .sort((a, b) => a.data.order - b.data.order)
    .map(({ id, data }) => {
      const price = data.kind === 'package' ? data.price : null;
      const period = data.kind === 'package' ? data.period : 'on request';
      return { slug: id, title: data.title, price, period, billing: billingOf(price, period) };
    });
}

/**
 * The suggested budget: each area's recommended package counted once per area that recommends it (two
 * areas that both need the LinkedIn kit are two kits of work); unpriced packages are named, not summed. A
 * slug that no longer exists (a package removed since) counts for nothing.
 */
export function reportTotals(
  areas: Partial<Record<ReportAreaId, Pick<ReportArea, 'packageSlug'>>>,
  packages: readonly ReportPackage[],
): ReportTotals {
  const totals: ReportTotals = { monthly: 0, oneOff: 0, onRequest: [] };
  for (const area of Object.values(areas)) {
    const chosen = packages.find((p) => p.slug === area?.packageSlug);
    if (!chosen) continue;
    if (chosen.billing === 'monthly') totals.monthly += chosen.price!;
    else if (chosen.billing === 'one-off') totals.oneOff += chosen.price!;
    else if (!totals.onRequest.includes(chosen.title)) totals.onRequest.push(chosen.title);
  }
  return totals;
}
