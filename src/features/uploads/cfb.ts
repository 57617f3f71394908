/**
 * A reader of OLE2 compound files (MS-CFB: Word, Excel and PowerPoint 97–2003), for the macro check
 * (macros.ts). An upload is hostile until read, so the reader is bounded by the file's own counts, never by
 * what its tables claim (docs/security.md, review item 4):
 * - the sectors are those the file's length holds; a sector number past them ends a chain;
 * - the FAT has the header's number of FAT sectors (never more than the file holds) and one entry per sector of
 *   the file; the DIFAT chain is read only until those FAT sectors are named;
 * - every sector of the file is read at most once, in all chains together (DIFAT, FAT, directory, mini FAT,
 *   the mini stream, every stream): a chain that reaches a sector already read, by a loop of its own or
 *   another chain's, ends there. So one file costs at most one pass over its sectors (`sectorsRead` ≤
 *   `sectors`) and the bytes copied out of it are at most its own length; the mini stream's 64-byte sectors
 *   are held to the same rule.
 * What cannot be read gives what could be, never an exception: a damaged table is a shorter chain.
 */

export const STORAGE = 1;
export const STREAM = 2;
export const ROOT = 5;
const END_OF_CHAIN = 0xfffffffe;
const MINI_SECTOR = 64;
/** Sector numbers the header names in place; further FAT sectors are named by the DIFAT chain. */
const HEADER_DIFAT = 109;

export interface Entry {
  name: string;
  type: number;
  start: number;
  size: number;
}

export interface CompoundFile {
  entries: Entry[];
  /** The bytes of an entry's stream (the same bytes on a second call); empty where its chain is damaged. */
  stream: (e: Entry) => Uint8Array;
  /** The sectors the file's length holds after its header. */
  readonly sectors: number;
  /** The sectors read so far, each counted once: never more than `sectors`. */
  readonly sectorsRead: number;
}

/** The directory entries of an MS-CFB file and a reader of their streams; null when the header is not one. */
export function readCompoundFile(bytes: Uint8Array): CompoundFile | null {
  if (bytes.length < 512) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number) => (at >= 0 && at + 4 <= bytes.length ? view.getUint32(at, true) : END_OF_CHAIN);
  const shift = view.getUint16(0x1e, true); // 9: 512-byte sectors (version 3), 12: 4096 (version 4)
  const miniShift = view.getUint16(0x20, true);
  if ((shift !== 9 && shift !== 12) || miniShift !== 6) return null;
  const size = 1 << shift;
  const perSector = size / 4;
  const sectorAt = (n: number) => (n + 1) * size;
  // Sector n starts at (n + 1) × size; the last one may be cut short by the file's end.
  const sectors = Math.max(0, Math.ceil(bytes.length / size) - 1);
  const sectorBytes = (n: number) => bytes.subarray(sectorAt(n), sectorAt(n) + size);

  const read = new Uint8Array(sectors);
  let sectorsRead = 0;
  /** Marks sector `n` read: false when it is outside the file or was read already (a loop, or shared). */
  const take = (n: number): boolean => {
    if (!(n < sectors) || read[n]) return false;
    read[n] = 1;
    sectorsRead++;
    return true;
  };

  // The FAT: the header's count of FAT sectors, named by the header (109) and then the DIFAT chain, whose
  // sectors each name perSector - 1 more and, in their last word, the next DIFAT sector.
  const fatCount = Math.min(u32(0x2c), sectors);
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT && fatSectors.length < fatCount; i++) fatSectors.push(u32(0x4c + 4 * i));
  for (let difat = u32(0x44); fatSectors.length < fatCount && take(difat);) {
    const at = sectorAt(difat);
    for (let i = 0; i < perSector - 1 && fatSectors.length < fatCount; i++) fatSectors.push(u32(at + 4 * i));
    difat = u32(at + size - 4);
  }
  // One entry per sector of the file (a number past them ends a chain anyway); a FAT sector that is missing,
  // outside the file or named twice leaves its entries at the end of a chain.
  const fat = new Uint32Array(Math.min(fatCount * perSector, sectors)).fill(END_OF_CHAIN);
  fatSectors.forEach((sector, k) => {
    const first = k * perSector;
    if (first >= fat.length || !take(sector)) return;
    const words = sectorBytes(sector);
    const wordView = new DataView(words.buffer, words.byteOffset, words.byteLength);
    for (let i = 0; first + i < fat.length && 4 * i + 4 <= words.length; i++) {
      fat[first + i] = wordView.getUint32(4 * i, true);
    }
  });

  /** A chain of regular sectors from `start`, read once and kept by its start. */
  const chains = new Map<number, Uint8Array>();
  const regular = (start: number, length: number): Uint8Array => {
    let data = chains.get(start);
    if (!data) {
      const parts: Uint8Array[] = [];
      for (let s = start; take(s); s = s < fat.length ? fat[s]! : END_OF_CHAIN) parts.push(sectorBytes(s));
      chains.set(start, (data = join(parts)));
    }
    return data.subarray(0, length);
  };

  const directory = regular(u32(0x30), bytes.length);
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
  let mini: { fat: Uint32Array; data: Uint8Array; read: Uint8Array; chains: Map<number, Uint8Array> } | undefined;
  const stream = (e: Entry): Uint8Array => {
    if (e.type === ROOT || e.size >= cutoff) return regular(e.start, e.size);
    // A small stream lives in 64-byte sectors of the mini stream (the root entry's data), chained by the
    // mini FAT (the header's count of its sectors): both read once, held to the same rule.
    if (!mini) {
      const data = root ? regular(root.start, root.size) : new Uint8Array();
      const count = Math.floor(data.length / MINI_SECTOR);
      const table = regular(u32(0x3c), Math.min(u32(0x40), sectors) * size);
      const words = new DataView(table.buffer, table.byteOffset, table.byteLength);
      const miniFat = new Uint32Array(Math.min(Math.floor(table.length / 4), count));
      for (let i = 0; i < miniFat.length; i++) miniFat[i] = words.getUint32(4 * i, true);
      mini = { fat: miniFat, data, read: new Uint8Array(count), chains: new Map() };
    }
    const { fat: miniFat, data, read: miniRead, chains: miniChains } = mini;
    let joined = miniChains.get(e.start);
    if (!joined) {
      const parts: Uint8Array[] = [];
      for (let s = e.start; s < miniRead.length && !miniRead[s]; s = s < miniFat.length ? miniFat[s]! : END_OF_CHAIN) {
        miniRead[s] = 1;
        parts.push(data.subarray(s * MINI_SECTOR, s * MINI_SECTOR + MINI_SECTOR));
      }
      miniChains.set(e.start, (joined = join(parts)));
    }
    return joined.subarray(0, e.size);
  };
  return {
    entries,
    stream,
    sectors,
    get sectorsRead() {
      return sectorsRead;
    },
  };
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
