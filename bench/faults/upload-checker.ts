/**
 * The checker of `npm run bench:faults`' upload scenarios (blobs-uploads, server-kill-uploads): what every upload
 * client was told (bench/faults/uploads.ts) against the `uploaded_documents` rows and the document blobs kept.
 * First the cleanup runs as the scheduled function does, with no age (the load is over: every pending upload is
 * abandoned), so parts a killed server or a refusing store left behind are swept. Then, per upload:
 * - kept: told 201 with a document id, and that id's row is the submission's only document, its blob is there,
 *   and the blob's size and SHA-256 are the file's;
 * - lost: told 201 without all of that;
 * - duplicated: more than one document row for one file (each intake sends one);
 * - unanswered: a document row, whole, for an upload never told 201 (no retry completed it);
 * - broken (counted as lost): any document row whose blob is missing or not the bytes sent (parts missing);
 * - stray: a part blob left after the cleanup; counted as lost;
 * - undocumented: an answer that is not a 2xx, a JSON 4xx or a 503 `unavailable` with Retry-After (no answer is
 *   allowed only where the server was killed).
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { uploadedDocuments } from '../../src/db/schema.ts';
import { cleanupStaleUploads } from '../../src/features/uploads/cleanup.ts';
import { documentsStore, partsStore } from '../../src/features/uploads/stores.ts';
import { tallyAnswers, type Verdict } from './checker.ts';
import type { Upload } from './uploads.ts';

export async function checkUploads(db: Db, uploads: Upload[], noAnswerExpected: boolean): Promise<Verdict> {
  const differences: string[] = [];
  const note = (line: string) => differences.length < 12 && differences.push(line);
  await cleanupStaleUploads(db, 0);
  const submissionIds = uploads.flatMap((u) => (u.submissionId ? [u.submissionId] : []));
  const rows = submissionIds.length
    ? await db.select().from(uploadedDocuments).where(inArray(uploadedDocuments.auditSubmissionId, submissionIds))
    : [];
  const rowsOf = Map.groupBy(rows, (r) => r.auditSubmissionId);
  const documents = documentsStore();
  const hashOf = async (key: string) => {
    const bytes = (await documents.get(key, { type: 'arrayBuffer' })) as ArrayBuffer | null;
    return bytes
      ? { size: bytes.byteLength, sha256: createHash('sha256').update(new Uint8Array(bytes)).digest('hex') }
      : null;
  };

  let kept = 0,
    lost = 0,
    duplicated = 0,
    unanswered = 0;
  for (const upload of uploads) {
    const mine = upload.submissionId ? (rowsOf.get(upload.submissionId) ?? []) : [];
    if (mine.length > 1) {
      duplicated += mine.length - 1;
      note(`${upload.email}: ${mine.length} documents recorded for one file`);
    }
    const whole = new Set<string>();
    for (const row of mine) {
      const blob = await hashOf(row.filePath);
      if (blob && blob.size === upload.size && blob.sha256 === upload.sha256 && row.fileSize === upload.size)
        whole.add(row.id);
      else {
        lost++;
        note(
          `${upload.email}: document ${row.id} recorded, its blob ${blob ? `${blob.size} bytes, another hash` : 'missing'}`,
        );
      }
    }
    if (!upload.documentId) {
      if (whole.size) {
        unanswered++;
        note(`${upload.email}: never told 201, yet recorded as ${[...whole][0]}`);
      }
      continue;
    }
    if (whole.has(upload.documentId)) kept++;
    else {
      lost++;
      note(`${upload.email}: told 201 ${upload.documentId}, not recorded whole`);
    }
  }

  const stray = (await partsStore().list()).blobs.filter((b) =>
    uploads.some((u) => u.uploadId && b.key.startsWith(`${u.uploadId}/`)),
  );
  if (stray.length) {
    lost += stray.length;
    note(`${stray.length} part blobs left after the cleanup, e.g. ${stray[0]!.key}`);
  }

  const { told, undocumented } = tallyAnswers(
    uploads.flatMap((u) => u.attempts),
    noAnswerExpected,
    note,
  );
  return {
    submits: uploads.length,
    answered: uploads.filter((u) => u.documentId).length,
    kept,
    lost,
    duplicated,
    unanswered,
    mails: { queued: 0, delivered: 0, lost: 0, duplicated: 0, keyless: 0 },
    undocumented,
    told,
    differences,
    notRun: [],
  };
}
