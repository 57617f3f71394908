/** The suggested budget of a report, the same rule in the portal's editor and on the server. */
import type { ReportArea, ReportAreaId } from './audit-report.ts';
import type { ReportPackage, ReportTotals } from '../server/admin/reports.types.ts';

/**
 * Sums the packages the areas recommend: each package once per area that recommends it (two areas asking for
 * the same retainer is two retainers' worth of work), monthly and one-off apart; a package with no price is
 * named in `onRequest` (once), not summed. A slug no longer among `packages` counts for nothing.
 */
export function reportTotals(areas: Record<ReportAreaId, ReportArea>, packages: ReportPackage[]): ReportTotals {
  const bySlug = new Map(packages.map((p) => [p.slug, p]));
  const totals: ReportTotals = { monthly: 0, oneOff: 0, onRequest: [] };
  for (const area of Object.values(areas)) {
    const chosen = area.packageSlug ? bySlug.get(area.packageSlug) : undefined;
    if (!chosen) continue;
    if (chosen.price === null || chosen.billing === 'custom') {
      if (!totals.onRequest.includes(chosen.title)) totals.onRequest.push(chosen.title);
    } else if (chosen.billing === 'monthly') totals.monthly += chosen.price;
    else totals.oneOff += chosen.price;
  }
  return totals;
}
