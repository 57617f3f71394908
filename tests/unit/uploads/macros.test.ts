import { describe, expect, it } from 'vitest';
import { hasMacros, readCompoundFile } from '../../../src/features/uploads/macros.ts';
import { makeCfb, pptDocumentStream, type CfbEntry } from '../../fixtures/cfb.ts';
import { makeZip } from '../../fixtures/zip.ts';

const bytes = (n: number, fill = 0x41) => new Uint8Array(n).fill(fill);
const utf16 = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le'));
const zip = (names: string[]) => new Uint8Array(makeZip(names.map((name) => ({ name, data: '<xml/>' }))));

// A Word 97–2003 document: its text stream, the summary streams, and (with macros) Macros/VBA storages.
const word = (macros: boolean): CfbEntry[] => [
  { name: 'WordDocument', type: 'stream', data: bytes(5000) },
  { name: '1Table', type: 'stream', data: bytes(700) },
  { name: '\u0005SummaryInformation', type: 'stream', data: bytes(300) },
  ...(macros
    ? ([
        { name: 'Macros', type: 'storage' },
        { name: 'VBA', type: 'storage' },
        { name: 'dir', type: 'stream', data: bytes(200) },
      ] as CfbEntry[])
    : []),
];

describe('hasMacros: OLE2 compound files (doc, ppt)', () => {
  it('finds the Macros/VBA storages of a Word document, and nothing in one without', () => {
    expect(hasMacros(makeCfb(word(true)))).toBe(true);
    expect(hasMacros(makeCfb(word(false)))).toBe(false);
  });

  it('reads 4096-byte sectors (version 4) from the header, not a fixed 512', () => {
    expect(hasMacros(makeCfb(word(true), 4))).toBe(true);
    expect(hasMacros(makeCfb(word(false), 4))).toBe(false);
  });

  it("follows the directory's sector chain: an entry in its last sector, written after the streams, counts", () => {
    const many: CfbEntry[] = Array.from({ length: 9 }, (_, i) => ({
      name: `Part${i}`,
      type: 'stream',
      data: bytes(80),
    }));
    const file = makeCfb([...many, { name: '_VBA_PROJECT_CUR', type: 'storage' }]);
    const names = readCompoundFile(file)!.entries.map((e) => e.name);
    expect(names).toHaveLength(11); // the root, nine parts, the VBA storage: three directory sectors
    expect(names.at(-1)).toBe('_VBA_PROJECT_CUR');
    expect(hasMacros(file)).toBe(true);
  });

  it('reads entry names as UTF-16LE and compares them as CFB does, without regard to case', () => {
    expect(hasMacros(makeCfb([{ name: 'macros', type: 'storage' }]))).toBe(true);
    // The words inside a stream are not a directory entry: "Macros" in a document's text is no macro.
    const text = utf16('Macros VBA _VBA_PROJECT_CUR vbaProject.bin');
    expect(hasMacros(makeCfb([{ name: 'WordDocument', type: 'stream', data: text }]))).toBe(false);
    // A stream called VBA is not the VBA storage.
    expect(hasMacros(makeCfb([{ name: 'VBA', type: 'stream', data: bytes(10) }]))).toBe(false);
  });

  it("finds a PowerPoint 97–2003 VBA project in the document stream's records, in regular or mini sectors", () => {
    for (const length of [6000, 0]) {
      const ppt = (vba: 0 | 1 | null) =>
        makeCfb([
          { name: 'PowerPoint Document', type: 'stream', data: pptDocumentStream({ vba, length }) },
          { name: 'Current User', type: 'stream', data: bytes(60) },
        ]);
      expect(hasMacros(ppt(1)), `${length}`).toBe(true);
      expect(hasMacros(ppt(0)), `${length}`).toBe(false);
      expect(hasMacros(ppt(null)), `${length}`).toBe(false);
    }
  });

  it('gives no macros, and does not throw, for a damaged or truncated file', () => {
    const file = makeCfb(word(true));
    for (const cut of [8, 100, 511, 600]) expect(hasMacros(file.subarray(0, cut))).toBe(false);
    const looped = makeCfb(word(false));
    new DataView(looped.buffer).setUint32(512, 0, true); // the FAT's sector points at itself
    expect(() => hasMacros(looped)).not.toThrow();
  });
});

describe("the review's crafted .doc (docs/security.md, item 4)", () => {
  it('a DIFAT chain that points at itself is read once: a typed answer, every sector at most once, in bounded time', () => {
    // A 2 MiB Word file whose header claims 0xFFFF FAT sectors and starts the DIFAT at a sector that names FAT
    // sectors and then itself. Read until the sector count ran out, it made a FAT of 2 MiB/512 × 127 × 128 entries
    // (33 million, ~1 GB; at the upload limit of 10 MB, past what V8 holds) and took the local server down.
    const file = new Uint8Array(2 * 1024 * 1024);
    file.set(makeCfb(word(false)));
    const view = new DataView(file.buffer);
    const difat = file.length / 512 - 2;
    view.setUint32(0x2c, 0xffff, true);
    view.setUint32(0x44, difat, true);
    view.setUint32(0x48, 1, true);
    for (let i = 0; i < 127; i++) view.setUint32((difat + 1) * 512 + 4 * i, i, true);
    view.setUint32((difat + 1) * 512 + 508, difat, true);

    const started = performance.now();
    expect(hasMacros(file)).toBe(false);
    const read = readCompoundFile(file)!;
    expect(read.entries.map((e) => e.name)).toContain('WordDocument');
    for (const entry of read.entries) read.stream(entry);
    expect(read.sectors).toBe(file.length / 512 - 1);
    expect(read.sectorsRead).toBeLessThanOrEqual(read.sectors);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('hasMacros: Office Open XML (docx, pptx)', () => {
  it('finds a vbaProject.bin part, and nothing in a file without', () => {
    expect(hasMacros(zip(['[Content_Types].xml', 'word/document.xml', 'word/vbaProject.bin']))).toBe(true);
    expect(hasMacros(zip(['[Content_Types].xml', 'ppt/presentation.xml', 'ppt/vbaProject.bin']))).toBe(true);
    expect(hasMacros(zip(['[Content_Types].xml', 'word/document.xml', 'word/media/image1.png']))).toBe(false);
  });

  it('says nothing of other types', () => {
    expect(hasMacros(new Uint8Array(Buffer.from('%PDF-1.7\nVBA Macros vbaProject.bin')))).toBe(false);
  });
});
