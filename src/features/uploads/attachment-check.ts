/**
 * The intake's checks on a file that came another way than the upload flow (a lead's mailed attachment,
 * docs/decisions/0040-mail-replies-and-delivery.md): an accepted type, not empty, at most 10 MB, contents that
 * match the extension (magic bytes, the Office folder); macros are flagged, not refused, as for an upload.
 */
import { checkOfficeContents, checkSignature } from './contents.ts';
import {
  extensionOf,
  fileProblem,
  fileProblemMessages,
  type AttachmentCheck,
  type FetchedAttachment,
} from './contract.ts';
import { hasMacros } from './macros.ts';

export function checkAttachment(file: FetchedAttachment): AttachmentCheck {
  const fileType = extensionOf(file.name);
  const problem = fileProblem({ name: file.name, size: file.bytes ? file.bytes.length : file.size });
  if (problem) return { problem: fileProblemMessages[problem], fileType, macros: false };
  if (!file.bytes) return { problem: fileProblemMessages.too_large, fileType, macros: false };
  try {
    checkSignature(fileType, file.bytes);
    checkOfficeContents(fileType, file.bytes);
  } catch (error) {
    return { problem: (error as Error).message, fileType, macros: false };
  }
  return { problem: null, fileType, macros: hasMacros(file.bytes) };
}
