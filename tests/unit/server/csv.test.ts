import { describe, expect, it } from 'vitest';
import { cellText, csvCell, csvRowCount, toCsv } from '../../../src/server/csv.ts';
import { contentDisposition, safeFileName } from '../../../src/server/download.ts';
import { containsPattern } from '../../../src/server/list-query.ts';
import { parseCsv } from '../csv-parse.ts';

describe('the CSV writer', () => {
  it('counts the records after the header, a line break inside a quoted cell being none', () => {
    expect(csvRowCount(toCsv(['a'], []))).toBe(0);
    const rows = [
      ['one\r\ntwo', '"q"\r\n'],
      ['x', 'y'],
      ['', ''],
    ];
    const csv = toCsv(['a', 'b'], rows);
    expect(csvRowCount(csv)).toBe(3);
    expect(parseCsv(csv)).toHaveLength(4);
    expect(csvRowCount('')).toBe(0);
  });

  it('quotes only what must be quoted and doubles quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises every cell a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cell = csvCell(`${start}1+1`);
      expect(parseCsv(`${cell}\r\n`)[0]![0]).toBe(`'${start}1+1`);
    }
    expect(csvCell('a=1')).toBe('a=1');
    expect(csvCell("'already")).toBe("'already");
  });

  it('writes dates as ISO 8601, lists joined with "; ", null as empty and booleans as words', () => {
    expect(cellText(new Date('2025-06-01T12:00:00Z'))).toBe('2025-06-01T12:00:00.000Z');
    expect(cellText(['a', 'b'])).toBe('a; b');
    expect(cellText(null)).toBe('');
    expect(cellText(true)).toBe('true');
    expect(cellText(42)).toBe('42');
  });

  it('writes a header and CRLF-terminated rows that read back as written', () => {
    const rows = [
      ['1', 'Acme, Inc.', 'He said "go"\nthen left'],
      ['2', '', 'ünïcødé'],
    ];
    const csv = toCsv(['id', 'company', 'note'], rows);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parseCsv(csv)).toEqual([['id', 'company', 'note'], ...rows]);
  });
});

describe('download names and search patterns', () => {
  it('keeps only the last path segment, without control characters, never empty', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\docs\\deck.pdf')).toBe('deck.pdf');
    expect(safeFileName('\u0000\u001f')).toBe('document');
  });

  it('gives an ASCII name and an exact UTF-8 name', () => {
    expect(contentDisposition('résumé (final)*.pdf')).toBe(
      `attachment; filename="r_sum_ (final)*.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28final%29%2A.pdf`,
    );
  });

  it('takes the search text literally in ILIKE', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
