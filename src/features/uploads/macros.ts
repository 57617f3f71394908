/**
 * Whether an uploaded Office document carries macros (VBA), so that staff are warned before they open it
 * (`uploaded_documents.has_macros`, shown in the portal). Nothing is refused: a lead's deck may have macros
 * for good reasons; the warning says not to open it in Office with macros enabled.
 *
 * - Word and PowerPoint 2007+ (docx, pptx): a ZIP; macros live in a `vbaProject.bin` part.
 * - Word and PowerPoint 97–2003 (doc, ppt): an OLE2 compound file (MS-CFB). The directory is read properly
 *   (the header's sector size, the FAT from the DIFAT, the directory's sector chain; cfb.ts, bounded by the
 *   file's own length and counts, each sector read at most once), then its UTF-16LE entry
 *   names: a storage named `Macros` or `VBA` (Word) or `_VBA_PROJECT_CUR` (Excel) holds a VBA project.
 *   PowerPoint 97–2003 keeps its VBA project compressed inside the `PowerPoint Document` stream instead, so that
 *   stream's record tree (MS-PPT) is walked for a VBAInfoAtom whose `fHasMacros` is set.
 * A damaged file gives what could be read; a directory that cannot be read at all counts as no macros, since
 * the magic bytes already matched and Office would not open it either.
 */
import { readCompoundFile, STORAGE, STREAM } from './cfb.ts';
import { zipEntryNames } from './contents.ts';

export { readCompoundFile };

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
