/** A small ZIP reader: the central directory and inflateRawSync, no ZIP64 (function archives never need it). */
import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  path: string;
  size: number;
  compressedSize: number;
  method: number;
  crc: number;
  localOffset: number;
}

/** The file entries of a ZIP archive, from its central directory. */
export function listZip(zip: Buffer): ZipEntry[] {
  // The end-of-central-directory record sits in the last 22 bytes plus at most a 65,535-byte comment.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a ZIP archive');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new Error('ZIP64 archives are not supported');
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`corrupt central directory at entry ${n}`);
    const nameLength = zip.readUInt16LE(offset + 28);
    const entry: ZipEntry = {
      method: zip.readUInt16LE(offset + 10),
      crc: zip.readUInt32LE(offset + 16),
      compressedSize: zip.readUInt32LE(offset + 20),
      size: zip.readUInt32LE(offset + 24),
      localOffset: zip.readUInt32LE(offset + 42),
      path: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) {
      throw new Error('ZIP64 archives are not supported');
    }
    if (!entry.path.endsWith('/')) entries.push(entry);
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return entries;
}

/** The bytes of one entry (stored or deflated), checked against its CRC. */
export function readZipEntry(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (zip.readUInt32LE(at) !== 0x04034b50) throw new Error(`${entry.path}: corrupt local header`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const raw = zip.subarray(start, start + entry.compressedSize);
  let data: Buffer;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) data = inflateRawSync(raw);
  else throw new Error(`${entry.path}: unsupported compression method ${entry.method}`);
  if (data.length !== entry.size || crc32(data) !== entry.crc) throw new Error(`${entry.path}: corrupt data`);
  return data;
}
