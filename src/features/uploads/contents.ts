/**
 * What a document's bytes must be: contents that match its extension (the first bytes of its type; for Word
 * and PowerPoint files, the application's folder inside the ZIP). Its name is cleaned by `cleanFileName`
 * (src/server/download.ts, which makes the same name safe for a download's header).
 */
import type { AcceptedExtension } from './contract.ts';
import { ApiError } from '../../server/errors.ts';

// The first bytes of each accepted type. Word and PowerPoint share OLE2 (old) and ZIP (new) containers.
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const SIGNATURES: Record<AcceptedExtension, readonly number[]> = {
  pdf: PDF,
  png: PNG,
  jpg: JPEG,
  jpeg: JPEG,
  doc: OLE2,
  ppt: OLE2,
  docx: ZIP,
  pptx: ZIP,
};
// An Office Open XML file is a ZIP whose parts sit in a folder named for the application.
const OFFICE_FOLDERS: Partial<Record<AcceptedExtension, string>> = { docx: 'word/', pptx: 'ppt/' };

const mismatch = (fileType: string) =>
  new ApiError(422, 'content_mismatch', `The file's contents do not match its .${fileType} extension.`);

/** Refuses bytes that do not start as a file of `fileType` does (422 `content_mismatch`). */
export function checkSignature(fileType: string, bytes: Uint8Array): void {
  const signature = SIGNATURES[fileType as AcceptedExtension] ?? [];
  if (bytes.length < signature.length || signature.some((byte, i) => bytes[i] !== byte)) throw mismatch(fileType);
}

/** Refuses a Word or PowerPoint ZIP without its application's folder (422 `content_mismatch`). */
export function checkOfficeContents(fileType: string, bytes: Uint8Array): void {
  const folder = OFFICE_FOLDERS[fileType as AcceptedExtension];
  if (folder && !zipEntryNames(bytes).some((name) => name.startsWith(folder))) throw mismatch(fileType);
}

/** The entry names in a ZIP's central directory; [] when it has none or is damaged. */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record (22 bytes plus a comment of at most 64 KB) closes the file and points at the directory.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return [];
  const names: string[] = [];
  const decoder = new TextDecoder();
  let at = view.getUint32(end + 16, true);
  for (let entry = view.getUint16(end + 10, true); entry > 0; entry--) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) return [];
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > end) return [];
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at = next;
  }
  return names;
}
