/**
 * Documents of the intake (decision 6). A file goes up in parts of at most 4 MB into the parts store, is
 * checked whole, then becomes one blob in the private documents store and its `uploaded_documents` row.
 *
 * Nothing is left half-done:
 * - a `pending_uploads` row lives exactly as long as its upload is unfinished. Completing deletes it in the
 *   transaction that inserts the document row, so an upload becomes at most one document;
 * - the document blob is written inside that transaction and deleted again when the commit fails. Its key
 *   carries the upload id, so a blob left by a crash in between is found through the pending row that the
 *   rollback kept, by the next completion or by the cleanup;
 * - part blobs live under `{uploadId}/`; they go with their pending upload, and the cleanup sweeps any whose
 *   pending upload is gone.
 */
import { getDeployStore, getStore } from '@netlify/blobs';
import { and, count, eq, inArray, like, lt, ne, sum } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { auditSubmissions, pendingUploadParts, pendingUploads, uploadedDocuments } from '../db/schema.ts';
import {
  CONTENT_TYPES,
  extensionOf,
  fileProblem,
  fileProblemMessages,
  formatBytes,
  MAX_DOCUMENTS_PER_SUBMISSION,
  PART_BYTES,
  partCountOf,
  type AcceptedExtension,
  type FileProblem,
} from '../lib/forms/uploads.ts';
import { isPreview } from './platform.ts';
import { UPLOAD_TOKEN_TTL_MS } from './upload-tokens.ts';

/** The private store of finished documents, keyed `{submissionId}/{timestamp}-{random}.{ext}`. */
export const DOCUMENTS_STORE = 'audit-documents';
/** The store of parts still on their way, keyed `{uploadId}/{index}`. */
export const PARTS_STORE = 'audit-upload-parts';
/**
 * Age after which a pending upload is abandoned: its token was issued before it and lives this long, so
 * nobody can still send its parts.
 */
export const STALE_UPLOAD_MS = UPLOAD_TOKEN_TTL_MS;

// Strong consistency: a part written by one request must be readable by the next one (the completion).
// A preview keeps its documents in stores of its own deploy, never in production's site-wide stores.
const store = (name: string) =>
  isPreview() ? getDeployStore({ name, consistency: 'strong' }) : getStore({ name, consistency: 'strong' });
/** The documents store (deploy-scoped in a preview). */
export const documentsStore = () => store(DOCUMENTS_STORE);
/** The parts store (deploy-scoped in a preview). */
export const partsStore = () => store(PARTS_STORE);

/** A refusal the visitor caused (or can retry), with the HTTP status and code the API answers. */
export class UploadError extends Error {
  readonly status: number;
  readonly code: string;
  /** A message per request field, as the API's 422 `invalid_fields` carries it. */
  readonly fields: Record<string, string> | undefined;
  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface StartedUpload {
  uploadId: string;
  partSize: number;
  partCount: number;
}

export interface StoredDocument {
  id: string;
  fileName: string;
  fileSize: number;
  fileType: string;
}

const problemErrors: Record<FileProblem, [status: number, code: string]> = {
  unsupported_type: [415, 'unsupported_file_type'],
  too_large: [413, 'file_too_large'],
  empty: [422, 'empty_file'],
};

const notFound = () => new UploadError(404, 'upload_not_found', 'This upload does not exist or has already ended.');

/** Opens an upload for a file of the submission after checking its name, size and the document count. */
export async function startUpload(
  db: Db,
  submissionId: string,
  file: { fileName: string; fileSize: number },
): Promise<StartedUpload> {
  const fileName = cleanFileName(file.fileName);
  if (!fileName) {
    throw new UploadError(422, 'invalid_fields', 'Some answers need your attention.', {
      fileName: 'Give a file name made of visible characters',
    });
  }
  // Checked on the cleaned name: that is the name stored, shown to staff and whose extension counts.
  const problem = fileProblem({ name: fileName, size: file.fileSize });
  if (problem) throw new UploadError(...problemErrors[problem], fileProblemMessages[problem]);
  return db.transaction(async (tx) => {
    // The submission's row lock makes two starts at once unable to both take the last free place.
    await tx
      .select({ id: auditSubmissions.id })
      .from(auditSubmissions)
      .where(eq(auditSubmissions.id, submissionId))
      .for('update');
    const [documents] = await tx
      .select({ n: count() })
      .from(uploadedDocuments)
      .where(eq(uploadedDocuments.auditSubmissionId, submissionId));
    const [pending] = await tx
      .select({ n: count() })
      .from(pendingUploads)
      .where(eq(pendingUploads.auditSubmissionId, submissionId));
    if ((documents?.n ?? 0) + (pending?.n ?? 0) >= MAX_DOCUMENTS_PER_SUBMISSION) {
      throw new UploadError(
        409,
        'too_many_documents',
        `An audit can hold ${MAX_DOCUMENTS_PER_SUBMISSION} documents, and this one has no room for more.`,
      );
    }
    const [row] = await tx
      .insert(pendingUploads)
      .values({
        auditSubmissionId: submissionId,
        fileName,
        fileType: extensionOf(fileName), // accepted by fileProblem above
        declaredSize: file.fileSize,
      })
      .returning({ id: pendingUploads.id });
    return { uploadId: row!.id, partSize: PART_BYTES, partCount: partCountOf(file.fileSize) };
  });
}

/** Stores part `index` of an upload (a re-sent part replaces the earlier one); returns the bytes received so far. */
export async function putUploadPart(
  db: Db,
  submissionId: string,
  uploadId: string,
  index: number,
  bytes: Uint8Array,
): Promise<{ received: number }> {
  if (bytes.byteLength > PART_BYTES) throw partTooLarge();
  return db.transaction(async (tx) => {
    // Locked, so that parts arriving at once cannot together pass the size check below.
    const upload = await findUpload(tx, submissionId, uploadId, true);
    const parts = partCountOf(upload.declaredSize);
    if (!Number.isInteger(index) || index < 0 || index >= parts) {
      const range = parts === 1 ? 'one part, number 0' : `${parts} parts, numbered 0 to ${parts - 1}`;
      throw new UploadError(422, 'invalid_part', `This upload has ${range}.`);
    }
    if (bytes.byteLength === 0) throw new UploadError(422, 'invalid_part', 'This part is empty.');
    // The first part is enough to turn away a renamed file before the rest of it travels.
    if (index === 0) checkSignature(upload.fileType, bytes);
    const [others] = await tx
      .select({ total: sum(pendingUploadParts.size) })
      .from(pendingUploadParts)
      .where(and(eq(pendingUploadParts.uploadId, uploadId), ne(pendingUploadParts.partIndex, index)));
    const received = Number(others?.total ?? 0) + bytes.byteLength;
    if (received > upload.declaredSize) {
      throw new UploadError(
        422,
        'size_mismatch',
        `The parts add up to more than the ${formatBytes(upload.declaredSize)} given when the upload started.`,
      );
    }
    // Written inside the transaction: a failed write leaves no part row behind.
    await partsStore().set(partKey(uploadId, index), new Blob([bytes as Uint8Array<ArrayBuffer>]));
    await tx
      .insert(pendingUploadParts)
      .values({ uploadId, partIndex: index, size: bytes.byteLength })
      .onConflictDoUpdate({
        target: [pendingUploadParts.uploadId, pendingUploadParts.partIndex],
        set: { size: bytes.byteLength },
      });
    return { received };
  });
}

/**
 * Joins and checks the parts, stores the document and records it; the parts and the pending upload go.
 * Completing again answers with the stored document: a browser whose first answer was lost retries, and
 * must not be told its document is gone.
 */
export async function completeUpload(db: Db, submissionId: string, uploadId: string): Promise<StoredDocument> {
  try {
    return await completePending(db, submissionId, uploadId);
  } catch (error) {
    if (!(error instanceof UploadError) || !isUuid(uploadId)) throw error;
    const [stored] = await db
      .select({
        id: uploadedDocuments.id,
        fileName: uploadedDocuments.fileName,
        fileSize: uploadedDocuments.fileSize,
        fileType: uploadedDocuments.fileType,
      })
      .from(uploadedDocuments)
      .where(
        and(
          eq(uploadedDocuments.auditSubmissionId, submissionId),
          // The key carries the upload's id: `{submissionId}/{timestamp}-{upload id}.{ext}`.
          like(uploadedDocuments.filePath, `${submissionId}/%-${randomPartOf(uploadId)}.%`),
        ),
      );
    if (stored) return stored;
    throw error;
  }
}

async function completePending(db: Db, submissionId: string, uploadId: string): Promise<StoredDocument> {
  const upload = await findUpload(db, submissionId, uploadId);
  const bytes = await joinParts(db, upload);
  checkSignature(upload.fileType, bytes);
  checkOfficeContents(upload.fileType, bytes);

  const key = `${submissionId}/${Date.now()}-${randomPartOf(uploadId)}.${upload.fileType}`;
  let writeAttempted = false;
  let document: StoredDocument;
  try {
    document = await db.transaction(async (tx) => {
      // Claimed first: a second completion running at the same time waits here, then finds nothing.
      const claimed = await tx
        .delete(pendingUploads)
        .where(and(eq(pendingUploads.id, uploadId), eq(pendingUploads.auditSubmissionId, submissionId)))
        .returning({ id: pendingUploads.id });
      if (!claimed.length) throw notFound();
      const [row] = await tx
        .insert(uploadedDocuments)
        .values({
          auditSubmissionId: submissionId,
          fileName: upload.fileName,
          filePath: key,
          fileSize: bytes.byteLength,
          fileType: upload.fileType,
        })
        .returning({
          id: uploadedDocuments.id,
          fileName: uploadedDocuments.fileName,
          fileSize: uploadedDocuments.fileSize,
          fileType: uploadedDocuments.fileType,
        });
      writeAttempted = true;
      await writeDocument(key, bytes, upload);
      return row!;
    });
  } catch (error) {
    // The rollback restored the pending upload and its parts; the blob must not outlive the row it lacks.
    if (writeAttempted) {
      await documentsStore()
        .delete(key)
        .catch((e) => console.error(`uploads: could not delete ${key} after a failed commit (cleanup retries):`, e));
    }
    throw error;
  }
  // The document is safe; what is left is garbage the cleanup would also collect.
  await discardBlobs(submissionId, uploadId, key).catch((e) =>
    console.error(`uploads: parts of ${uploadId} not deleted yet (cleanup retries):`, e),
  );
  return document;
}

/** Ends an unfinished upload of the submission and deletes what it stored. */
export async function abortUpload(db: Db, submissionId: string, uploadId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked: a part arriving meanwhile waits, then finds the upload gone, so no part outlives it.
    await findUpload(tx, submissionId, uploadId, true);
    // Blobs first: if the store fails, the rollback keeps the pending row and the cleanup tries again.
    await discardBlobs(submissionId, uploadId);
    await tx.delete(pendingUploads).where(eq(pendingUploads.id, uploadId));
  });
}

/**
 * Removes pending uploads older than `olderThanMs` with their blobs, and part blobs whose upload is gone.
 * Returns how many of each went.
 */
export async function cleanupStaleUploads(
  db: Db,
  olderThanMs = STALE_UPLOAD_MS,
  now = new Date(),
): Promise<{ staleUploads: number; strayParts: number }> {
  const stale = await db
    .select({ id: pendingUploads.id, submissionId: pendingUploads.auditSubmissionId })
    .from(pendingUploads)
    .where(lt(pendingUploads.createdAt, new Date(now.getTime() - olderThanMs)));
  let staleUploads = 0;
  for (const upload of stale) {
    try {
      await abortUpload(db, upload.submissionId, upload.id);
      staleUploads++;
    } catch (error) {
      // Completed or aborted meanwhile is fine; anything else is tried again on the next run.
      if (!(error instanceof UploadError)) console.error(`uploads: stale upload ${upload.id} not removed:`, error);
    }
  }
  return { staleUploads, strayParts: await sweepStrayParts(db) };
}

/** Deletes part blobs whose pending upload no longer exists (a completion that could not tidy up). */
async function sweepStrayParts(db: Db): Promise<number> {
  const store = partsStore();
  const keys: string[] = [];
  for await (const page of store.list({ paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
  const uploadIdOf = (key: string) => key.slice(0, key.indexOf('/'));
  const ids = [...new Set(keys.map(uploadIdOf))].filter(isUuid);
  // A pending row always exists before its first part is written, so a part without one is garbage.
  const live = new Set(
    ids.length
      ? (await db.select({ id: pendingUploads.id }).from(pendingUploads).where(inArray(pendingUploads.id, ids))).map(
          (row) => row.id,
        )
      : [],
  );
  const stray = keys.filter((key) => !live.has(uploadIdOf(key)));
  await Promise.all(stray.map((key) => store.delete(key)));
  return stray.length;
}

/** Whether a string is a UUID (anything else would make Postgres throw on a uuid column). */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

type Pending = typeof pendingUploads.$inferSelect;

async function findUpload(db: Db | Tx, submissionId: string, uploadId: string, lock = false): Promise<Pending> {
  if (!isUuid(uploadId)) throw notFound();
  const query = db
    .select()
    .from(pendingUploads)
    .where(and(eq(pendingUploads.id, uploadId), eq(pendingUploads.auditSubmissionId, submissionId)));
  const [upload] = lock ? await query.for('update') : await query;
  if (!upload) throw notFound();
  return upload;
}

async function joinParts(db: Db, upload: Pending): Promise<Uint8Array> {
  const rows = await db
    .select()
    .from(pendingUploadParts)
    .where(eq(pendingUploadParts.uploadId, upload.id))
    .orderBy(pendingUploadParts.partIndex);
  const missing = Array.from({ length: partCountOf(upload.declaredSize) }, (_, i) => i).filter(
    (i) => !rows.some((row) => row.partIndex === i),
  );
  if (missing.length) {
    const which = missing.length === 1 ? `Part ${missing[0]} has` : `Parts ${missing.join(', ')} have`;
    throw incomplete(`${which} not arrived yet.`);
  }
  const total = rows.reduce((sum, row) => sum + row.size, 0);
  if (total !== upload.declaredSize) {
    throw incomplete(`The parts add up to ${total} bytes, but the file has ${upload.declaredSize}.`);
  }
  const joined = new Uint8Array(total);
  let offset = 0;
  const store = partsStore();
  for (const row of rows) {
    const part = (await store.get(partKey(upload.id, row.partIndex), { type: 'arrayBuffer' })) as ArrayBuffer | null;
    if (!part || part.byteLength !== row.size) throw incomplete(`Part ${row.partIndex} did not arrive whole.`);
    joined.set(new Uint8Array(part), offset);
    offset += row.size;
  }
  return joined;
}

const incomplete = (message: string) =>
  new UploadError(409, 'upload_incomplete', `${message} Send the missing parts, then complete the upload again.`);

/** The refusal of a part larger than PART_BYTES. */
export const partTooLarge = () =>
  new UploadError(413, 'part_too_large', `A part may hold at most ${formatBytes(PART_BYTES)}.`);

async function writeDocument(key: string, bytes: Uint8Array, upload: Pending): Promise<void> {
  const contentType = CONTENT_TYPES[upload.fileType as AcceptedExtension];
  try {
    await documentsStore().set(key, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }), {
      // The visitor's name is only metadata: the key is built by the server.
      metadata: { fileName: upload.fileName, contentType },
    });
  } catch (error) {
    console.error(`uploads: could not write ${key}:`, error);
    throw new UploadError(
      503,
      'unavailable',
      'We could not store your document just now. The parts you sent are kept: please try again in a minute.',
    );
  }
}

/** Deletes the part blobs of an upload and any document blob an earlier, failed completion of it left. */
async function discardBlobs(submissionId: string, uploadId: string, keep?: string): Promise<void> {
  const parts = partsStore();
  const documents = documentsStore();
  const marker = `-${randomPartOf(uploadId)}.`;
  const [{ blobs: partBlobs }, { blobs: documentBlobs }] = await Promise.all([
    parts.list({ prefix: `${uploadId}/` }),
    documents.list({ prefix: `${submissionId}/` }),
  ]);
  await Promise.all([
    ...partBlobs.map((blob) => parts.delete(blob.key)),
    ...documentBlobs
      .filter((blob) => blob.key.includes(marker) && blob.key !== keep)
      .map((blob) => documents.delete(blob.key)),
  ]);
}

const partKey = (uploadId: string, index: number) => `${uploadId}/${index}`;

// The random part of a document's key is its upload's random id (a v4 UUID), which ties a blob left by a
// failed completion to the pending upload that outlived it.
const randomPartOf = (uploadId: string) => uploadId.replaceAll('-', '').toLowerCase();

// C0 and C1 controls and DEL, and the bidi controls (LRM, RLM, ALM, embeddings, overrides, isolates) that
// make `invoice\u202Efdp.exe` display as `invoiceexe.pdf`.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The file name as it is kept: no folders, no control or bidi characters, surrounding spaces trimmed. */
export function cleanFileName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').replace(INVISIBLE, '').trim();
}

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
  new UploadError(422, 'content_mismatch', `The file's contents do not match its .${fileType} extension.`);

function checkSignature(fileType: string, bytes: Uint8Array): void {
  const signature = SIGNATURES[fileType as AcceptedExtension] ?? [];
  if (bytes.length < signature.length || signature.some((byte, i) => bytes[i] !== byte)) throw mismatch(fileType);
}

function checkOfficeContents(fileType: string, bytes: Uint8Array): void {
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
