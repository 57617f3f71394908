/**
 * The wording a delivered report's page and its PDF share (docs/decisions/0027-audit-workbench.md), so the
 * lead reads the same scores, packages and budget in both.
 */
import { site } from '../../config/site.ts';
import { MAX_SCORE, reportGroups, scoreMeanings } from '../../lib/audit-report.ts';
import { formatDate, formatUsd } from '../../lib/format.ts';
import { slugify } from '../../lib/slugify.ts';
import type { DeliveredArea, DeliveredReport, ReportPackage, ReportTotals } from './contract.ts';

/**
 * The built frame of the report page (src/pages/report-shell.astro) and its head: one title and description
 * for every report, so no company name lands in a browser's history or a tab list.
 */
export const reportShell = {
  path: '/report-shell',
  title: `Your ${site.auditName} report`,
  description: `Your private ${site.auditName} report from ${site.agencyName}: a score, findings and recommendations for each area, and a suggested budget.`,
} as const;

/** Where a delivery's page and its PDF are served. */
export const reportPaths = {
  page: (token: string) => `/report/${token}`,
  pdf: (token: string) => `/report/${token}/pdf`,
};

/** The report's title: `Lift Audit™ report for {company}`. */
export const reportTitle = (report: DeliveredReport) => `${site.auditName} report for ${report.companyName}`;

/** The day of the delivery, as the site prints dates. */
export const deliveredOn = (report: DeliveredReport) => formatDate(new Date(report.deliveredAt));

/** `3 / 5`, or `Not scored`. */
export const scoreText = (score: number | null) => (score === null ? 'Not scored' : `${score} / ${MAX_SCORE}`);

/** What a score means (`Fair`); empty for an unscored area. */
export const scoreMeaning = (score: number | null) => (score === null ? '' : (scoreMeanings[score] ?? ''));

/** `$450 per month`, or `price on request` for a package without a price. */
export const priceText = (pkg: ReportPackage) =>
  pkg.price === null ? 'price on request' : `${formatUsd(pkg.price)} ${pkg.period}`.trim();

/** The suggested budget as label/value rows; none when no area recommends a package. */
export function budgetRows(totals: ReportTotals): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  if (totals.monthly > 0) rows.push({ label: 'Monthly', value: `${formatUsd(totals.monthly)} per month` });
  if (totals.oneOff > 0) rows.push({ label: 'One-off', value: formatUsd(totals.oneOff) });
  if (totals.onRequest.length) rows.push({ label: 'On request', value: totals.onRequest.join(', ') });
  return rows;
}

/** The two groups in their order, each with its delivered areas. */
export const groupedAreas = (report: DeliveredReport) =>
  reportGroups.map((group) => ({ ...group, areas: report.areas.filter((a) => a.group === group.id) }));

/** An editor's plain text as paragraphs (split at blank lines), each a list of its lines; none when blank. */
export function paragraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.split('\n').map((line) => line.trim()))
    .map((lines) => lines.filter(Boolean))
    .filter((lines) => lines.length > 0);
}

/** The parts of an area as both formats print them, in order. */
export const areaSections = (area: DeliveredArea) => [
  { heading: 'Findings', text: area.findings },
  { heading: 'Recommendations', text: area.recommendations },
];

/** The PDF's file name, plain ASCII: `Lift-Audit-report-acme-bioanalytical.pdf`. */
export function reportFileName(report: DeliveredReport): string {
  const brand = site.auditName
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return `${brand}-report-${slugify(report.companyName) || 'company'}.pdf`;
}
