import { randomUUID } from 'node:crypto';
import type { Store } from '@netlify/blobs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import cleanup from '../../../netlify/functions/upload-cleanup.mts';
import { pendingUploadParts, pendingUploads, uploadedDocuments } from '../../../src/db/schema.ts';
import {
  abort,
  complete,
  count,
  documents,
  errorOf,
  keys,
  MB,
  newSubmission,
  parts,
  pdf,
  putPart,
  sendFile,
  sha256,
  start,
  storePrototype,
  useUploadsTest,
} from './uploads-harness.ts';

const handle = useUploadsTest();
afterEach(() => vi.restoreAllMocks());

describe('DELETE /api/uploads/:uploadId and faults', () => {
  it('aborts an upload: 204, its part blobs and rows gone; a second abort is 404', async () => {
    const { token } = await newSubmission();
    const { uploadId } = await (await start(token, 'deck.pdf', 5 * MB)).json();
    await putPart(token, uploadId, 0, pdf(4 * MB));
    expect(await keys(parts())).toHaveLength(1);
    const res = await abort(token, uploadId);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await keys(parts())).toEqual([]);
    expect(await count(pendingUploads)).toBe(0);
    expect(await count(pendingUploadParts)).toBe(0);
    expect((await abort(token, uploadId)).status).toBe(404);
  });

  it('keeps the parts and records nothing when the store fails on the final write; a retry succeeds', async () => {
    const submission = await newSubmission();
    const file = pdf(9 * MB);
    const uploadId = await sendFile(submission.token, 'deck.pdf', file);
    const realSet = storePrototype().set;
    const set = vi.spyOn(storePrototype(), 'set').mockImplementation(function (this: Store, key, data, options) {
      if (key.startsWith(`${submission.id}/`)) return Promise.reject(new Error('blob store unreachable'));
      return realSet.call(this, key, data, options);
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    const res = await complete(submission.token, uploadId);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await errorOf(res)).toEqual({
      code: 'unavailable',
      message: 'We could not store your document just now. The parts you sent are kept: please try again in a minute.',
    });
    expect(set.mock.calls.some(([key]) => key.startsWith(`${submission.id}/`))).toBe(true);
    expect(await count(uploadedDocuments)).toBe(0);
    expect(await keys(documents())).toEqual([]);
    expect(await count(pendingUploads)).toBe(1);
    expect(await count(pendingUploadParts)).toBe(3);
    expect(await keys(parts())).toHaveLength(3);

    set.mockRestore();
    expect((await complete(submission.token, uploadId)).status).toBe(201);
    const [row] = await handle.db.select().from(uploadedDocuments);
    expect(sha256(await documents().get(row!.filePath, { type: 'arrayBuffer' }))).toBe(sha256(file));
  });

  it('deletes the written blob when the database fails to commit the document row', async () => {
    const submission = await newSubmission();
    const file = pdf(5 * MB);
    const uploadId = await sendFile(submission.token, 'deck.pdf', file);
    const set = vi.spyOn(storePrototype(), 'set');
    const remove = vi.spyOn(storePrototype(), 'delete');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // A deferred trigger fails the COMMIT itself, after the row was inserted and the blob written.
      await handle.db.execute(sql`
        create function fail_commit() returns trigger language plpgsql as $$
        begin raise exception 'simulated commit failure'; end $$`);
      await handle.db.execute(sql`
        create constraint trigger fail_commit after insert on uploaded_documents
        deferrable initially deferred for each row execute function fail_commit()`);
      const res = await complete(submission.token, uploadId);
      expect(res.status).toBe(503);
      expect((await errorOf(res)).code).toBe('unavailable');
    } finally {
      await handle.db.execute(sql`drop trigger if exists fail_commit on uploaded_documents`);
      await handle.db.execute(sql`drop function if exists fail_commit`);
    }
    const written = set.mock.calls.map(([key]) => key).filter((key) => key.startsWith(`${submission.id}/`));
    expect(written).toHaveLength(1);
    await expect(set.mock.results[set.mock.calls.findIndex(([key]) => key === written[0])]!.value).resolves.toEqual(
      expect.objectContaining({ modified: true }),
    );
    expect(remove.mock.calls.map(([key]) => key)).toContain(written[0]);
    expect(await keys(documents())).toEqual([]);
    expect(await count(uploadedDocuments)).toBe(0);
    // The rollback kept the upload: it completes once the database works again.
    expect(await count(pendingUploadParts)).toBe(2);
    expect((await complete(submission.token, uploadId)).status).toBe(201);
    expect(await keys(documents())).toHaveLength(1);
  });
});

describe('scheduled cleanup', () => {
  it('removes stale uploads with their part blobs and stray parts, and keeps fresh uploads', async () => {
    const { id, token } = await newSubmission();
    const stale = await sendFile(token, 'old.pdf', pdf(5 * MB));
    await handle.db
      .update(pendingUploads)
      .set({ createdAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(pendingUploads.id, stale));
    // A blob a crashed completion of the stale upload left behind (its key carries the upload id).
    const leftover = `${id}/${Date.now()}-${stale.replaceAll('-', '')}.pdf`;
    await documents().set(leftover, 'partial');
    const fresh = await sendFile(token, 'new.pdf', pdf(1000));
    // Parts of an upload that is gone (a completion that could not delete them).
    const gone = randomUUID();
    await parts().set(`${gone}/0`, 'orphan');
    await parts().set(`${gone}/1`, 'orphan');
    // A finished document is never touched.
    const finished = await sendFile(token, 'kept.pdf', pdf(1000));
    expect((await complete(token, finished)).status).toBe(201);
    const [kept] = await handle.db.select().from(uploadedDocuments);

    const res = await cleanup(new Request('http://localhost/.netlify/scheduled', { method: 'POST' }), {
      ip: '127.0.0.1',
      params: {},
      requestId: 'test',
      url: new URL('http://localhost/.netlify/scheduled'),
      waitUntil: () => {},
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ staleUploads: 1, strayParts: 2 });
    expect((await handle.db.select().from(pendingUploads)).map((u) => u.id)).toEqual([fresh]);
    expect(await keys(parts())).toEqual([`${fresh}/0`]);
    expect(await keys(documents())).toEqual([kept!.filePath]);
    expect(await count(uploadedDocuments)).toBe(1);
  });
});
