/**
 * The hourly cleanup of uploads (netlify/functions/upload-cleanup.mts): pending uploads abandoned half-way
 * go with their blobs, and so do part blobs whose pending upload is gone, and documents a lead mailed whose row
 * never came (the webhook writes the blob before its transaction: a crash or time-out between the two).
 */
import { inArray, lt } from 'drizzle-orm';
import { leadDocuments } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { pendingUploads } from '../../db/schema.ts';
import { ApiError } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { abortUpload } from './flow.ts';
import { UPLOAD_TOKEN_TTL_MS } from './tokens.ts';
import { documentsStore, partsStore } from './stores.ts';
import { loggable } from '../../server/loggable.ts';

/**
 * Age after which a pending upload is abandoned: its token was issued before it and lives this long, so
 * nobody can still send its parts.
 */
export const STALE_UPLOAD_MS = UPLOAD_TOKEN_TTL_MS;

/**
 * Removes pending uploads older than `olderThanMs` with their blobs, and part blobs whose upload is gone.
 * Returns how many of each went.
 */
export async function cleanupStaleUploads(
  db: Db,
  olderThanMs = STALE_UPLOAD_MS,
  now = new Date(),
): Promise<{ staleUploads: number; strayParts: number; strayMailedDocuments: number }> {
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
      if (!(error instanceof ApiError))
        console.error(`uploads: stale upload ${upload.id} not removed:`, loggable(error));
    }
  }
  return {
    staleUploads,
    strayParts: await sweepStrayParts(db),
    strayMailedDocuments: await sweepStrayMailedDocuments(db, now),
  };
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

/** Age after which a mailed document's blob without its row is garbage: its webhook call ended long before. */
export const STRAY_MAILED_DOCUMENT_MS = 60 * 60_000;

/**
 * Deletes mailed documents' blobs (`inbound/<lead>/<written at, ms>-<id>.<type>`) older than
 * STRAY_MAILED_DOCUMENT_MS that no `lead_documents` row names: written by a webhook call whose transaction never
 * committed. Keys without the time (written before it was added) are left alone.
 */
export async function sweepStrayMailedDocuments(db: Db, now = new Date()): Promise<number> {
  const store = documentsStore();
  const keys: string[] = [];
  for await (const page of store.list({ prefix: 'inbound/', paginate: true }))
    keys.push(...page.blobs.map((blob) => blob.key));
  const old = keys.filter((key) => {
    const written = /^inbound\/[^/]+\/(\d{13})-/.exec(key)?.[1];
    return written !== undefined && now.getTime() - Number(written) > STRAY_MAILED_DOCUMENT_MS;
  });
  if (!old.length) return 0;
  const named = new Set(
    (
      await db.select({ key: leadDocuments.filePath }).from(leadDocuments).where(inArray(leadDocuments.filePath, old))
    ).map((row) => row.key),
  );
  const stray = old.filter((key) => !named.has(key));
  await Promise.all(stray.map((key) => store.delete(key)));
  return stray.length;
}
