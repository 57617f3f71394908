/**
 * The steps of a document upload of the intake: start, parts, complete or abort. A file goes up in parts of
 * at most 4 MB into the parts store, is checked whole, then becomes one blob in the private documents store
 * and its `uploaded_documents` row.
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
import { and, count, eq, like, ne, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditSubmissions, pendingUploadParts, pendingUploads, uploadedDocuments } from '../../db/schema.ts';
import {
  extensionOf,
  fileProblem,
  fileProblemMessages,
  formatBytes,
  MAX_DOCUMENTS_PER_SUBMISSION,
  PART_BYTES,
  partCountOf,
  type FileProblem,
  type StartedUpload,
  type StoredDocument,
  type UploadPartReply,
} from './contract.ts';
import { ApiError, invalidFields } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { cleanFileName } from '../../server/download.ts';
import { checkOfficeContents, checkSignature } from './contents.ts';
import { hasMacros } from './macros.ts';
import { discardBlobs, documentsStore, partKey, partsStore, randomPartOf, writeDocument } from './stores.ts';
import { loggable } from '../../server/loggable.ts';

const problemErrors: Record<FileProblem, [status: number, code: string]> = {
  unsupported_type: [415, 'unsupported_file_type'],
  too_large: [413, 'file_too_large'],
  empty: [422, 'empty_file'],
};

const notFound = () => new ApiError(404, 'upload_not_found', 'This upload does not exist or has already ended.');

/** Opens an upload for a file of the submission after checking its name, size and the document count. */
export async function startUpload(
  db: Db,
  submissionId: string,
  file: { fileName: string; fileSize: number },
): Promise<StartedUpload> {
  const fileName = cleanFileName(file.fileName);
  if (!fileName) {
    throw invalidFields({ fileName: 'Give a file name made of visible characters' });
  }
  // Checked on the cleaned name: that is the name stored, shown to staff and whose extension counts.
  const problem = fileProblem({ name: fileName, size: file.fileSize });
  if (problem) throw new ApiError(...problemErrors[problem], fileProblemMessages[problem]);
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
      throw new ApiError(
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
): Promise<UploadPartReply> {
  if (bytes.byteLength > PART_BYTES) throw partTooLarge();
  return db.transaction(async (tx) => {
    // Locked, so that parts arriving at once cannot together pass the size check below.
    const upload = await findUpload(tx, submissionId, uploadId, true);
    const parts = partCountOf(upload.declaredSize);
    if (!Number.isInteger(index) || index < 0 || index >= parts) {
      const range = parts === 1 ? 'one part, number 0' : `${parts} parts, numbered 0 to ${parts - 1}`;
      throw new ApiError(422, 'invalid_part', `This upload has ${range}.`);
    }
    if (bytes.byteLength === 0) throw new ApiError(422, 'invalid_part', 'This part is empty.');
    // The first part is enough to turn away a renamed file before the rest of it travels.
    if (index === 0) checkSignature(upload.fileType, bytes);
    const [others] = await tx
      .select({ total: sum(pendingUploadParts.size) })
      .from(pendingUploadParts)
      .where(and(eq(pendingUploadParts.uploadId, uploadId), ne(pendingUploadParts.partIndex, index)));
    const received = Number(others?.total ?? 0) + bytes.byteLength;
    if (received > upload.declaredSize) {
      throw new ApiError(
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
    if (!(error instanceof ApiError) || !isUuid(uploadId)) throw error;
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
  // Kept, but flagged: staff are warned before they download it (macros.ts).
  const macros = hasMacros(bytes);

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
          hasMacros: macros,
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
        .catch((e) =>
          console.error(`uploads: could not delete ${key} after a failed commit (cleanup retries):`, loggable(e)),
        );
    }
    throw error;
  }
  // The document is safe; what is left is garbage the cleanup would also collect.
  await discardBlobs(submissionId, uploadId, key).catch((e) =>
    console.error(`uploads: parts of ${uploadId} not deleted yet (cleanup retries):`, loggable(e)),
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
  new ApiError(409, 'upload_incomplete', `${message} Send the missing parts, then complete the upload again.`);

/** The refusal of a part larger than PART_BYTES. */
export const partTooLarge = () =>
  new ApiError(413, 'part_too_large', `A part may hold at most ${formatBytes(PART_BYTES)}.`);
