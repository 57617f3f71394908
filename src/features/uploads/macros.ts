/**
 * Whether an uploaded Office document carries macros (VBA), so that staff are warned before they open it
 * (`uploaded_documents.has_macros`, shown in the portal). Nothing is refused: a lead's deck may have macros
 * for good reasons; the warning says not to open it in Office with macros enabled.
 *
 * - Word and PowerPoint 2007+ (docx, pptx): a ZIP; macros live in a `vbaProject.bin` part.
 * - Word and PowerPoint 97–2003 (doc, ppt): an OLE2 compound file (MS-CFB). The directory is read properly
 *   (the header's sector size, the FAT from the DIFAT, the directory's sector chain), then its UTF-16LE entry
 *   names: a storage named `Macros` or `VBA` (Word) or `_VBA_PROJECT_CUR` (Excel) holds a VBA project.
 *   PowerPoint 97–2003 keeps its VBA project compressed inside the `PowerPoint Document` stream instead, so that
 *   stream's record tree (MS-PPT) is walked for a VBAInfoAtom whose `fHasMacros` is set.
 * A damaged file gives what could be read; a directory that cannot be read at all counts as no macros, since
 * the magic bytes already matched and Office would not open it either.
 */
import { zipEntryNames } from './contents.ts';

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, head: number[]) => head.every((byte, i) => bytes[i] === byte);

/** Whether the document `bytes` holds macros: a VBA project in an OLE2 file, or `vbaProject.bin` in a ZIP. */
export function hasMacros(bytes: Uint8Array): boolean {
  if (startsWith(bytes, ZIP)) return zipEntryNames(bytes).some((name) => /(^|\/)vbaProject\.bin$/i.test(name));
  if (!startsWith(bytes, OLE2)) return false;
  const file = readCompoundFile(bytes);
  if (!file) return false;
  if (file.entries.some((e) => e.type === STORAGE && VBA_STORAGES.has(e.name.toUpperCase()))) return true;
  const ppt = file.entries.find((e) => e.type === STREAM && e.name === 'PowerPoint Document');
  return !!ppt && pptHasVba(file.stream(ppt));
}

const VBA_STORAGES = new Set(['MACROS', 'VBA', '_VBA_PROJECT_CUR']);
const STORAGE = 1;
const STREAM = 2;
const ROOT = 5;
const END_OF_CHAIN = 0xfffffffe;
const MAX_SECTOR = 0xfffffffa;

interface Entry {
  name: string;
  type: number;
  start: number;
  size: number;
}

/** The directory entries of an MS-CFB file and a reader of their streams; null when the header is not one. */
export function readCompoundFile(bytes: Uint8Array): { entries: Entry[]; stream: (e: Entry) => Uint8Array } | null {
  if (bytes.length < 512) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, true) : END_OF_CHAIN);
  const shift = view.getUint16(0x1e, true); // 9: 512-byte sectors (version 3), 12: 4096 (version 4)
  const miniShift = view.getUint16(0x20, true);
  if ((shift !== 9 && shift !== 12) || miniShift !== 6) return null;
  const size = 1 << shift;
  const perSector = size / 4;
  const sectorAt = (n: number) => (n + 1) * size;
  const sectors = Math.ceil(bytes.length / size); // no valid sector number reaches past the file

  // The FAT's own sectors: 109 named in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(u32(0x4c + 4 * i));
  for (let difat = u32(0x44), n = 0; difat <= MAX_SECTOR && n < sectors; n++) {
    for (let i = 0; i < perSector - 1; i++) fatSectors.push(u32(sectorAt(difat) + 4 * i));
    difat = u32(sectorAt(difat) + size - 4);
  }
  const fat: number[] = [];
  for (const sector of fatSectors.filter((s) => s < sectors)) {
    for (let i = 0; i < perSector; i++) fat.push(u32(sectorAt(sector) + 4 * i));
  }
  /** The sector numbers of a chain, stopped at its end, a loop or a number outside the file. */
  const chain = (start: number, table: number[], limit: number): number[] => {
    const found: number[] = [];
    const seen = new Set<number>();
    for (let s = start; s < limit && s < table.length && !seen.has(s); s = table[s]!) {
      seen.add(s);
      found.push(s);
    }
    return found;
  };
  const regular = (start: number, length: number) => {
    const parts = chain(start, fat, sectors).map((s) => bytes.subarray(sectorAt(s), sectorAt(s) + size));
    return join(parts).subarray(0, length);
  };

  const directory = regular(u32(0x30), Number.MAX_SAFE_INTEGER);
  const entries: Entry[] = [];
  const names = new TextDecoder('utf-16le');
  for (let at = 0; at + 128 <= directory.length; at += 128) {
    const entry = new DataView(directory.buffer, directory.byteOffset + at, 128);
    const type = entry.getUint8(0x42);
    const nameBytes = Math.min(entry.getUint16(0x40, true), 64);
    if (type === 0 || nameBytes < 2) continue; // unused
    const name = names.decode(directory.subarray(at, at + nameBytes - 2));
    entries.push({ name, type, start: entry.getUint32(0x74, true), size: entry.getUint32(0x78, true) });
  }

  const cutoff = u32(0x38);
  const root = entries.find((e) => e.type === ROOT);
  let mini: { fat: number[]; data: Uint8Array } | undefined;
  const stream = (e: Entry): Uint8Array => {
    if (e.type === ROOT || e.size >= cutoff) return regular(e.start, e.size);
    // A small stream lives in 64-byte sectors of the mini stream (the root entry's data).
    if (!mini) {
      const table = regular(u32(0x3c), u32(0x40) * size);
      const words = new DataView(table.buffer, table.byteOffset, table.byteLength);
      const miniFat = Array.from({ length: table.length / 4 }, (_, i) => words.getUint32(4 * i, true));
      mini = { fat: miniFat, data: root ? regular(root.start, root.size) : new Uint8Array() };
    }
    const { fat: miniFat, data } = mini;
    const parts = chain(e.start, miniFat, data.length / 64).map((s) => data.subarray(s * 64, s * 64 + 64));
    return join(parts).subarray(0, e.size);
  };
  return { entries, stream };
}

function join(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

const RT_VBA_INFO_ATOM = 0x0400;

/**
 * Whether a `PowerPoint Document` stream names a VBA project: its records (an 8-byte header: version and
 * instance, type, length) are walked, into every container (version 0xF), for a VBAInfoAtom
 * (persistIdRef, fHasMacros, version) whose fHasMacros is 1.
 */
export function pptHasVba(stream: Uint8Array): boolean {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const walk = (from: number, to: number, depth: number): boolean => {
    for (let at = from; at + 8 <= to;) {
      const isContainer = (view.getUint16(at, true) & 0x0f) === 0x0f;
      const type = view.getUint16(at + 2, true);
      const end = at + 8 + view.getUint32(at + 4, true);
      if (end > to) return false;
      if (type === RT_VBA_INFO_ATOM && end - at >= 20 && view.getUint32(at + 12, true) === 1) return true;
      if (isContainer && depth < 16 && walk(at + 8, end, depth + 1)) return true;
      at = end;
    }
    return false;
  };
  return walk(0, stream.length, 0);
}
