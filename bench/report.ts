/**
 * `npm run bench:report`: how long the report function spends drawing a delivered Lift Audit report, the
 * page (the built frame filled, so run `npm run build` first) and the PDF, for a full report with long texts
 * in all ten areas (findings and recommendations of 5,000 characters each, the editor's limit, and a
 * 3,000-character summary).
 * Prints the median and p95 of RUNS runs (50) after one warm-up, and the sizes; never fails on a figure.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPORT_TEXT_MAX, SUMMARY_MAX } from '../src/lib/audit-report.ts';
import { renderReportPage } from '../src/features/reports/page.ts';
import { renderReportPdf } from '../src/features/reports/pdf.ts';
import { reportShell } from '../src/features/reports/text.ts';
import { newReportToken } from '../src/features/reports/token.ts';
import { deliveredReport, longText } from '../tests/fixtures/reports.ts';
import { percentile, timeRuns } from './timing.ts';

const RUNS = Number(process.env.RUNS ?? 50);
if (!existsSync(path.join(process.cwd(), 'dist', `${reportShell.path}.html`))) {
  console.error('No dist/report-shell.html: run `npm run build` first.');
  process.exit(1);
}

// Every text at the editor's limit.
const full = (text: string) => longText(1000, text).slice(0, REPORT_TEXT_MAX);
const sample = deliveredReport();
const report = {
  ...sample,
  summary: full('summary').slice(0, SUMMARY_MAX),
  areas: sample.areas.map((a) => ({ ...a, findings: full(`${a.id}F`), recommendations: full(`${a.id}R`) })),
};
const { token } = newReportToken();

const line = (name: string, times: number[]) =>
  `${name.padEnd(6)} median ${percentile(times, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms`;

const characters = report.areas.reduce((n, a) => n + a.findings.length + a.recommendations.length, 0);
console.log(
  `A report of ten areas, ${characters.toLocaleString('en-US')} characters of findings and recommendations; ${RUNS} runs each.`,
);
const html = await renderReportPage(report, token);
const pdf = await renderReportPdf(report);
console.log(line('page', await timeRuns(RUNS, () => renderReportPage(report, token))));
console.log(line('PDF', await timeRuns(RUNS, () => renderReportPdf(report))));
console.log(`page ${(Buffer.byteLength(html) / 1024).toFixed(0)} KB of HTML; PDF ${(pdf.length / 1024).toFixed(0)} KB`);
