import { randomUUID } from 'node:crypto';
import type { Store } from '@netlify/blobs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import cleanup from '../../../netlify/functions/upload-cleanup.mts';
import { pendingUploadParts, pendingUploads, uploadedDocuments } from '../../../src/db/schema.ts';
import * as up from './uploads-harness.ts';

const handle = up.useUploadsTest();
afterEach(() => vi.restoreAllMocks());

describe('DELETE /api/uploads/:uploadId and faults', () => {
  it('aborts an upload: 204, its part blobs and rows gone; a second abort is 404', async () => {
    const { token } = await up.newSubmission();
    const { uploadId } = await (await up.start(token, 'deck.pdf', 5 * up.MB)).json();
    await up.putPart(token, uploadId, 0, up.pdf(4 * up.MB));
    expect(await up.keys(up.parts())).toHaveLength(1);
    const res = await up.abort(token, uploadId);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await up.keys(up.parts())).toEqual([]);
    expect(await up.count(pendingUploads)).toBe(0);
    expect(await up.count(pendingUploadParts)).toBe(0);
    expect((await up.abort(token, uploadId)).status).toBe(404);
  });

  it('keeps the parts and records nothing when the store fails on the final write; a retry succeeds', async () => {
    const submission = await up.newSubmission();
    const file = up.pdf(9 * up.MB);
    const uploadId = await up.sendFile(submission.token, 'deck.pdf', file);
    const realSet = up.storePrototype().set;
    const set = vi.spyOn(up.storePrototype(), 'set').mockImplementation(function (this: Store, key, data, options) {
      if (key.startsWith(`${submission.id}/`)) return Promise.reject(new Error('blob store unreachable'));
      return realSet.call(this, key, data, options);
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    const res = await up.complete(submission.token, uploadId);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await up.errorOf(res)).toEqual({
      code: 'unavailable',
      message: 'We could not store your document just now. The parts you sent are kept: please try again in a minute.',
    });
    expect(set.mock.calls.some(([key]) => key.startsWith(`${submission.id}/`))).toBe(true);
    expect(await up.count(uploadedDocuments)).toBe(0);
    expect(await up.keys(up.documents())).toEqual([]);
    expect(await up.count(pendingUploads)).toBe(1);
    expect(await up.count(pendingUploadParts)).toBe(3);
    expect(await up.keys(up.parts())).toHaveLength(3);

    set.mockRestore();
    expect((await up.complete(submission.token, uploadId)).status).toBe(201);
    const [row] = await handle.db.select().from(uploadedDocuments);
    expect(up.sha256(await up.documents().get(row!.filePath, { type: 'arrayBuffer' }))).toBe(up.sha256(file));
  });

  it('deletes the written blob when the database fails to commit the document row', async () => {
    const submission = await up.newSubmission();
    const file = up.pdf(5 * up.MB);
    const uploadId = await up.sendFile(submission.token, 'deck.pdf', file);
    const set = vi.spyOn(up.storePrototype(), 'set');
    const remove = vi.spyOn(up.storePrototype(), 'delete');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // A deferred trigger fails the COMMIT itself, after the row was inserted and the blob written.
      await handle.db.execute(sql`
        create function fail_commit() returns trigger language plpgsql as $$
        begin raise exception 'simulated commit failure'; end $$`);
      await handle.db.execute(sql`
        create constraint trigger fail_commit after insert on uploaded_documents
        deferrable initially deferred for each row execute function fail_commit()`);
      const res = await up.complete(submission.token, uploadId);
      expect(res.status).toBe(503);
      expect((await up.errorOf(res)).code).toBe('unavailable');
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
    expect(await up.keys(up.documents())).toEqual([]);
    expect(await up.count(uploadedDocuments)).toBe(0);
    // The rollback kept the upload: it completes once the database works again.
    expect(await up.count(pendingUploadParts)).toBe(2);
    expect((await up.complete(submission.token, uploadId)).status).toBe(201);
    expect(await up.keys(up.documents())).toHaveLength(1);
  });
});

describe('scheduled cleanup', () => {
  it('removes stale uploads with their part blobs and stray parts, and keeps fresh uploads', async () => {
    const { id, token } = await up.newSubmission();
    const stale = await up.sendFile(token, 'old.pdf', up.pdf(5 * up.MB));
    await handle.db
      .update(pendingUploads)
      .set({ createdAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(pendingUploads.id, stale));
    // A blob a crashed completion of the stale upload left behind (its key carries the upload id).
    const leftover = `${id}/${Date.now()}-${stale.replaceAll('-', '')}.pdf`;
    await up.documents().set(leftover, 'partial');
    const fresh = await up.sendFile(token, 'new.pdf', up.pdf(1000));
    // Parts of an upload that is gone (a completion that could not delete them).
    const gone = randomUUID();
    await up.parts().set(`${gone}/0`, 'orphan');
    await up.parts().set(`${gone}/1`, 'orphan');
    // A finished document is never touched.
    const finished = await up.sendFile(token, 'kept.pdf', up.pdf(1000));
    expect((await up.complete(token, finished)).status).toBe(201);
    const [kept] = await handle.db.select().from(uploadedDocuments);

    const res = await cleanup(new Request('http://localhost/.netlify/scheduled', { method: 'POST' }), {
      ip: '127.0.0.1',
      params: {},
      requestId: 'test',
      url: new URL('http://localhost/.netlify/scheduled'),
      waitUntil: () => {},
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ staleUploads: 1, strayParts: 2, strayMailedDocuments: 0 });
    expect((await handle.db.select().from(pendingUploads)).map((u) => u.id)).toEqual([fresh]);
    expect(await up.keys(up.parts())).toEqual([`${fresh}/0`]);
    expect(await up.keys(up.documents())).toEqual([kept!.filePath]);
    expect(await up.count(uploadedDocuments)).toBe(1);
  });
});
