/**
 * The CSV export of a staff list (docs/decisions/0012-staff-lists-page-filter-search-export.md): RFC 4180 (CRLF lines, a field quoted when it holds a comma,
 * quote or line break, quotes doubled), one column per table column. A spreadsheet runs a cell starting
 * with = + - @ (or a tab or CR before them) as a formula, and a lead's answers are written by strangers,
 * so such a cell gets a leading single quote (OWASP's advice against CSV injection).
 */
import { getTableColumns, type Table } from 'drizzle-orm';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as text: dates as ISO 8601, lists joined with '; ', other objects as JSON, null as empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(cellText).join('; ');
  // A jsonb column (the audit log's detail) would otherwise read "[object Object]".
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One cell as CSV: neutralised when a spreadsheet would read a formula, quoted when it must be. */
export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: the header row, then one line per row, each ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** Every column of `table` (by its SQL name) and every row with its values in that order. */
export function tableCsv<T extends Table>(table: T, rows: readonly T['$inferSelect'][]): string {
  const columns = Object.entries(getTableColumns(table));
  return toCsv(
    columns.map(([, column]) => column.name),
    rows.map((row) => columns.map(([key]) => (row as Record<string, unknown>)[key])),
  );
}

/** How many records follow the header of a CSV made by `toCsv` (a line break inside a quoted cell is no record). */
export function csvRowCount(csv: string): number {
  let records = 0;
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\r' && csv[i + 1] === '\n') records++;
  }
  return Math.max(0, records - 1);
}
