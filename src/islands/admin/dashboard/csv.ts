/**
 * The CSV of a dashboard table, built in the browser: RFC 4180 as the server's exports (src/server/csv.ts, which
 * islands may not import): CRLF lines, a field quoted when it holds a comma, quote or line break, quotes doubled.
 * A campaign or landing page is named by whoever wrote the link, so a cell a spreadsheet would run as a formula
 * (starting with = + - @, or a tab or CR) gets a leading single quote, as on the server. Numbers are written as
 * they are: a negative number is data, not a formula.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export type Cell = string | number | null;

/** One cell as CSV: empty for null, neutralised when a spreadsheet would read a formula, quoted when it must be. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: the header row, then one line per row, each ending in CRLF. */
export const toCsv = (header: readonly string[], rows: readonly (readonly Cell[])[]): string =>
  [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');

/** `dashboard-leads-per-week-2026-11-01-to-2026-11-28.csv`: the chart's name and the period's days. */
export const csvFileName = (slug: string, from: string, to: string): string => `dashboard-${slug}-${from}-to-${to}.csv`;

/** Hands `csv` to the browser's downloads as `fileName` (UTF-8 with a BOM, so spreadsheets read accents). */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
