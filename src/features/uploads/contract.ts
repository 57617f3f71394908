/**
 * The uploads' contract: the document rules of the intake (docs/decisions/0006-uploads-in-parts.md), shared by
 * the upload island and the uploads function so the browser shows the same reason the server would give, and
 * the replies of `/api/uploads`. No server imports: the island bundles this.
 */
import * as z from 'zod/mini';

/** File extensions the intake accepts, lower case, without the dot. */
export const ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'jpg', 'jpeg', 'png'] as const;
export type AcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number];

/** Largest document, in bytes (10 MB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Largest part of one upload request: a synchronous function takes about 6 MB, 4.5 MB of it binary. */
export const PART_BYTES = 4 * 1024 * 1024;
/** Documents one audit may hold, counting the uploads still in progress. */
export const MAX_DOCUMENTS_PER_SUBMISSION = 10;
/** Longest file name kept (most file systems stop at 255). */
export const MAX_FILE_NAME_LENGTH = 255;

/** The MIME type each extension is stored and downloaded with. */
export const CONTENT_TYPES: Record<AcceptedExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** react-dropzone's `accept`: MIME type → extensions, so the file dialog offers only accepted types. */
export const accept: Record<string, string[]> = {};
for (const extension of ACCEPTED_EXTENSIONS) (accept[CONTENT_TYPES[extension]] ??= []).push(`.${extension}`);

/** Why a chosen file cannot be uploaded. */
export type FileProblem = 'unsupported_type' | 'too_large' | 'empty';

/** The reason shown (and answered by the API) for each problem. */
export const fileProblemMessages: Record<FileProblem, string> = {
  unsupported_type: 'This file type is not accepted. Use PDF, Word, PowerPoint, JPG or PNG.',
  too_large: 'This file is larger than 10 MB.',
  empty: 'This file is empty.',
};

/** The lower-case extension of a file name without the dot, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Whether an extension is one the intake accepts. */
export const isAcceptedExtension = (extension: string): extension is AcceptedExtension =>
  (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension);

/** What is wrong with a file by its name and size, or null when it may go up. */
export function fileProblem(file: { name: string; size: number }): FileProblem | null {
  if (!isAcceptedExtension(extensionOf(file.name))) return 'unsupported_type';
  if (file.size > MAX_FILE_BYTES) return 'too_large';
  if (file.size <= 0) return 'empty';
  return null;
}

/** The reason a file cannot be uploaded, in words, or null when it may go up. */
export function checkFileChoice(file: { name: string; size: number }): string | null {
  const problem = fileProblem(file);
  return problem && fileProblemMessages[problem];
}

/** How many parts of at most PART_BYTES a file of this size goes up in. */
export const partCountOf = (size: number): number => Math.max(1, Math.ceil(size / PART_BYTES));

/** A size for people: 512 B, 1.5 KB, 9 MB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? value : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** The body of `POST /api/uploads`; sizes and types are judged by the service, which answers 413/415. */
export const uploadStartSchema = z.object({
  fileName: z
    .string('Give the file name')
    .check(
      z.trim(),
      z.minLength(1, 'Give the file name'),
      z.maxLength(MAX_FILE_NAME_LENGTH, `Keep the file name under ${MAX_FILE_NAME_LENGTH} characters`),
    ),
  fileSize: z.number('Give the file size in bytes').check(z.int('Give the file size in bytes'), z.nonnegative()),
});
export type UploadStart = z.infer<typeof uploadStartSchema>;

/** The 201 reply of `POST /api/uploads`: where the parts go. */
export interface StartedUpload {
  uploadId: string;
  partSize: number;
  partCount: number;
}

/** The reply of `PUT /api/uploads/:id/parts/:n`: the bytes received so far. */
export interface UploadPartReply {
  received: number;
}

/** A stored document, as `POST /api/uploads/:id/complete` answers it (201 `{ document }`). */
export interface StoredDocument {
  id: string;
  fileName: string;
  fileSize: number;
  fileType: string;
}

export interface UploadCompleteReply {
  document: StoredDocument;
}

/** A file that came by mail (a lead's reply's attachment): its name, size, and bytes (null when too large to fetch). */
export interface FetchedAttachment {
  name: string;
  size: number;
  bytes: Uint8Array | null;
}

/** What the intake's checks found of a file that came by mail: the problem in words (or null), its type, macros. */
export interface AttachmentCheck {
  problem: string | null;
  fileType: string;
  macros: boolean;
}
