import { randomBytes, randomUUID } from 'node:crypto';
import type { Store } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as documentsFn from '../../../netlify/functions/admin-documents.mts';
import { uploadedDocuments } from '../../../src/db/schema.ts';
import { documentsStore } from '../../../src/features/uploads/stores.ts';
import { addSubmission, errorOf, request, seedStaff, signIn, useAdminDatabase } from '../staff-harness.ts';
import { useLocalBlobs } from '../test-blobs.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

useLocalBlobs('admin-documents-test');
const handle = useAdminDatabase();
afterEach(() => vi.restoreAllMocks());
beforeEach(async () => {
  await seedStaff(handle);
  signIn('viewer');
});

const MB = 1024 * 1024;

/** A document as the uploads function stores it: a blob under the server's key and its row. */
async function storeDocument(fileName: string, bytes: Uint8Array, extension = 'pdf', withBlob = true) {
  const submission = await addSubmission(handle);
  const key = `${submission.id}/${Date.now()}-${randomUUID().slice(0, 8)}.${extension}`;
  if (withBlob) await documentsStore().set(key, new Blob([bytes as Uint8Array<ArrayBuffer>]));
  const [row] = await handle.db
    .insert(uploadedDocuments)
    .values({ auditSubmissionId: submission.id, fileName, filePath: key, fileSize: bytes.length, fileType: extension })
    .returning();
  return row!;
}

const download = (id: string) => request(documentsFn, 'GET', `/api/admin/documents/${id}`);

describe('GET /api/admin/documents/:id', () => {
  it('streams a 9 MB PDF byte for byte as an attachment that is never cached', async () => {
    const bytes = new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(9 * MB)]));
    const doc = await storeDocument('Capabilities deck.pdf', bytes);
    const storePrototype = Object.getPrototypeOf(documentsStore()) as Store;
    const get = vi.spyOn(storePrototype, 'get');
    const res = await download(doc.id);
    expect(res.status).toBe(200);
    expect(get).toHaveBeenCalledWith(doc.filePath, { type: 'stream' }); // never read whole into memory
    expect(res.body).toBeInstanceOf(ReadableStream);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="Capabilities deck.pdf"; filename*=UTF-8''Capabilities%20deck.pdf`,
      'content-length': String(bytes.length),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it('takes the type from the stored extension and makes the name safe for the header', async () => {
    const doc = await storeDocument('Übersicht "Q3"\r\n; evil=1.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'png');
    const res = await download(doc.id);
    expect(res.headers.get('content-type')).toBe('image/png');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toBe(
      `attachment; filename="_bersicht _Q3_; evil=1.png"; filename*=UTF-8''%C3%9Cbersicht%20%22Q3%22%3B%20evil%3D1.png`,
    );
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe('Übersicht "Q3"; evil=1.png');
  });

  it('answers 404 when the row is missing, the blob is missing, or the id cannot be one', async () => {
    const orphan = await storeDocument('gone.pdf', new Uint8Array([1]), 'pdf', false);
    for (const id of [orphan.id, '7a1c3a4e-0000-4000-8000-000000000000', 'nope']) {
      const res = await download(id);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
  });

  it('answers 503 without internals when the document store fails mid-call', async () => {
    const doc = await storeDocument('deck.pdf', new Uint8Array(Buffer.from('%PDF-1.7\nx')));
    const storePrototype = Object.getPrototypeOf(documentsStore()) as Store;
    vi.spyOn(storePrototype, 'get').mockRejectedValue(new Error('connect ECONNREFUSED 10.0.0.1:443'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await download(doc.id);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.text()).not.toMatch(/ECONNREFUSED|\.ts:\d+/);
  });
});
