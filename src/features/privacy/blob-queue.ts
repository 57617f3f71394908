/**
 * The blobs an erasure still has to delete (table `blob_deletions`, docs/privacy.md). An erasure queues its
 * person's documents and upload parts in the transaction that deletes their rows, then drains the queue; what
 * the store refuses stays queued with the reason and the daily housekeeping tries again, so a store failure
 * never leaves a document behind unnoticed, and never leaves the rows of a person who looks erased.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blobDeletions } from '../../db/schema.ts';

/** What the queue needs of a Blobs store (a `@netlify/blobs` Store is one). */
export interface BlobStoreLike {
  delete(key: string): Promise<void>;
  list(options: { prefix: string }): Promise<{ blobs: { key: string }[] }>;
}

/** The stores a queued deletion names, by `blob_deletions.store`. */
export interface PersonStores {
  documents: BlobStoreLike;
  parts: BlobStoreLike;
}

export type StoreName = keyof PersonStores;

/** A key ending in `/` is a prefix: every blob under it goes (a submission's documents, an upload's parts). */
async function deleteQueued(store: BlobStoreLike, key: string): Promise<void> {
  if (!key.endsWith('/')) return store.delete(key);
  const { blobs } = await store.list({ prefix: key });
  for (const blob of blobs) await store.delete(blob.key);
}

/**
 * Deletes the queued blobs (of one lead when `leadId` is given), oldest first; resolves with how many are still
 * queued afterwards (of that lead, or in all).
 */
export async function drainBlobDeletions(db: Db, stores: PersonStores, leadId?: string, batch = 200): Promise<number> {
  const mine = leadId ? eq(blobDeletions.leadId, leadId) : undefined;
  const queued = await db.select().from(blobDeletions).where(mine).orderBy(asc(blobDeletions.createdAt)).limit(batch);
  for (const row of queued) {
    const store = stores[row.store as StoreName];
    try {
      if (!store) throw new Error(`unknown store ${row.store}`);
      await deleteQueued(store, row.key);
      await db.delete(blobDeletions).where(eq(blobDeletions.id, row.id));
    } catch (error) {
      await db
        .update(blobDeletions)
        .set({
          attempts: sql`${blobDeletions.attempts} + 1`,
          lastError: String((error as Error).message ?? error).slice(0, 500),
        })
        .where(eq(blobDeletions.id, row.id));
    }
  }
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(blobDeletions)
    .where(mine);
  return left?.n ?? 0;
}
