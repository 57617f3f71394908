/** The dashboard's CSV (src/islands/admin/dashboard/csv.ts): RFC 4180 as the server writes it, formulas defused. */
import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from '../../../src/islands/admin/dashboard/csv.ts';
import { csvCell as serverCsvCell } from '../../../src/server/csv.ts';

describe('the dashboard CSV', () => {
  it('writes a header and one CRLF line per row, numbers as they are and null as an empty cell', () => {
    expect(
      toCsv(
        ['Week starting', 'Leads', 'Median (hours)'],
        [
          ['2026-11-02', 4, 5.3],
          ['2026-11-09', 0, null],
        ],
      ),
    ).toBe('Week starting,Leads,Median (hours)\r\n2026-11-02,4,5.3\r\n2026-11-09,0,\r\n');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('defuses a text cell a spreadsheet would run as a formula, as the server does', () => {
    for (const text of ['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\t=1', '\r=1', '=a,b']) {
      expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
      expect(csvCell(text)).toBe(serverCsvCell(text));
    }
    // A number is data: a negative one stays a number.
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('names the file by the figure and the period', () => {
    expect(csvFileName('leads-per-week', '2026-11-01', '2026-11-28')).toBe(
      'dashboard-leads-per-week-2026-11-01-to-2026-11-28.csv',
    );
  });
});
