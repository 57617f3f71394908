import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingUploadParts, pendingUploads, uploadedDocuments } from '../../../src/db/schema.ts';
import * as up from './uploads-harness.ts';
import { makeCfb } from '../../fixtures/cfb.ts';

const handle = up.useUploadsTest();
afterEach(() => vi.restoreAllMocks());

describe('POST /api/uploads → PUT parts → POST complete', () => {
  it('stores a 9 MB PDF sent in three parts byte for byte, with one uploaded_documents row', async () => {
    const submission = await up.newSubmission();
    const file = up.pdf(9 * up.MB);

    const started = await up.start(submission.token, 'Capabilities deck.pdf', file.length);
    expect(started.status).toBe(201);
    const { uploadId, partSize, partCount } = await started.json();
    expect([partSize, partCount]).toEqual([4 * up.MB, 3]);
    const received = [];
    for (let index = 0; index < 3; index++) {
      const res = await up.putPart(
        submission.token,
        uploadId,
        index,
        file.subarray(index * partSize, (index + 1) * partSize),
      );
      expect(res.status).toBe(200);
      received.push((await res.json()).received);
    }
    expect(received).toEqual([4 * up.MB, 8 * up.MB, 9 * up.MB]);
    expect(await up.keys(up.parts())).toEqual([0, 1, 2].map((i) => `${uploadId}/${i}`));

    const done = await up.complete(submission.token, uploadId);
    expect(done.status).toBe(201);
    const { document } = await done.json();
    expect(document).toEqual({
      id: expect.any(String),
      fileName: 'Capabilities deck.pdf',
      fileSize: 9 * up.MB,
      fileType: 'pdf',
    });

    const rows = await handle.db.select().from(uploadedDocuments);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: document.id,
      auditSubmissionId: submission.id,
      fileName: 'Capabilities deck.pdf',
      fileSize: 9 * up.MB,
      fileType: 'pdf',
    });
    expect(rows[0]!.filePath).toMatch(new RegExp(`^${submission.id}/\\d{13}-[0-9a-f]{32}\\.pdf$`));
    expect(await up.keys(up.documents())).toEqual([rows[0]!.filePath]);
    const stored = await up.documents().get(rows[0]!.filePath, { type: 'arrayBuffer' });
    expect(stored.byteLength).toBe(file.length);
    expect(up.sha256(stored)).toBe(up.sha256(file));
    expect((await up.documents().getMetadata(rows[0]!.filePath))?.metadata).toEqual({
      fileName: 'Capabilities deck.pdf',
      contentType: 'application/pdf',
    });
    // The parts and the pending upload are gone.
    expect(await up.keys(up.parts())).toEqual([]);
    expect(await up.count(pendingUploads)).toBe(0);
    expect(await up.count(pendingUploadParts)).toBe(0);
  });

  it('turns away a .pdf holding PNG bytes and an .exe renamed .pdf at the first part, with the reason', async () => {
    const { token } = await up.newSubmission();
    for (const bytes of [up.png(2000), up.exe(2000)]) {
      const { uploadId } = await (await up.start(token, 'report.pdf', bytes.length)).json();
      const res = await up.putPart(token, uploadId, 0, bytes);
      expect(res.status).toBe(422);
      expect(await up.errorOf(res)).toEqual({
        code: 'content_mismatch',
        message: "The file's contents do not match its .pdf extension.",
      });
      const done = await up.complete(token, uploadId);
      expect(done.status).toBe(409);
    }
    expect(await up.keys(up.parts())).toEqual([]);
    expect(await up.count(pendingUploadParts)).toBe(0);
    expect(await up.count(uploadedDocuments)).toBe(0);
  });

  it('refuses an .exe with 415, an 11 MB file with 413 and an empty one with 422, before any byte travels', async () => {
    const { token } = await up.newSubmission();
    const exeRes = await up.start(token, 'setup.exe', 2000);
    expect(exeRes.status).toBe(415);
    expect(await up.errorOf(exeRes)).toEqual({
      code: 'unsupported_file_type',
      message: 'This file type is not accepted. Use PDF, Word, PowerPoint, JPG or PNG.',
    });
    const big = await up.start(token, 'scan.pdf', 11 * up.MB);
    expect(big.status).toBe(413);
    expect(await up.errorOf(big)).toEqual({ code: 'file_too_large', message: 'This file is larger than 10 MB.' });
    const empty = await up.start(token, 'scan.pdf', 0);
    expect(empty.status).toBe(422);
    expect((await up.errorOf(empty)).code).toBe('empty_file');
    const bad = await up.start(token, '', -5);
    expect(bad.status).toBe(422);
    expect((await up.errorOf(bad)).code).toBe('invalid_fields');
    expect(await up.count(pendingUploads)).toBe(0);
  });

  it('refuses report\u202Efdp.exe (shown as reportexe.pdf) as the .exe it is, before any byte travels', async () => {
    const { token } = await up.newSubmission();
    const res = await up.start(token, 'report\u202Efdp.exe', 2000);
    expect(res.status).toBe(415);
    expect((await up.errorOf(res)).code).toBe('unsupported_file_type');
    expect(await up.count(pendingUploads)).toBe(0);
  });

  it('stores résumé\u200F.pdf as résumé.pdf, without bidi or control characters, in the row and the blob', async () => {
    const { token } = await up.newSubmission();
    const uploadId = await up.sendFile(token, 'r\u0085ésumé\u200F\u2066.pdf', up.pdf(2000));
    const done = await up.complete(token, uploadId);
    expect(done.status).toBe(201);
    expect((await done.json()).document.fileName).toBe('résumé.pdf');
    const [row] = await handle.db.select().from(uploadedDocuments);
    expect(row!.fileName).toBe('résumé.pdf');
    expect((await up.documents().getMetadata(row!.filePath))?.metadata).toMatchObject({ fileName: 'résumé.pdf' });
  });

  it('refuses with 422 on fileName a name left empty once its invisible characters are gone', async () => {
    const { token } = await up.newSubmission();
    const res = await up.start(token, '\u202E\u200F\u061C\u2069\u0007', 2000);
    expect(res.status).toBe(422);
    expect((await res.json()).error).toEqual({
      code: 'invalid_fields',
      message: expect.any(String),
      fields: { fileName: expect.any(String) },
    });
    expect(await up.count(pendingUploads)).toBe(0);
  });

  it('refuses a part over 4 MB with 413 and keeps nothing of it', async () => {
    const { token } = await up.newSubmission();
    const { uploadId } = await (await up.start(token, 'deck.pdf', 9 * up.MB)).json();
    const res = await up.putPart(token, uploadId, 0, up.pdf(4 * up.MB + 1));
    expect(res.status).toBe(413);
    expect(await up.errorOf(res)).toEqual({ code: 'part_too_large', message: 'A part may hold at most 4 MB.' });
    const pdfType = await up.call('PUT', `/api/uploads/${uploadId}/parts/0`, {
      token,
      type: 'application/pdf',
      body: up.pdf(1000) as Uint8Array<ArrayBuffer>,
    });
    expect(pdfType.status).toBe(415);
    expect((await up.errorOf(pdfType)).code).toBe('unsupported_media_type');
    expect(await up.keys(up.parts())).toEqual([]);
    expect(await up.count(pendingUploadParts)).toBe(0);
  });

  it('turns two completions of one upload at once into one document, and answers both with it', async () => {
    const { token } = await up.newSubmission();
    const uploadId = await up.sendFile(token, 'deck.pdf', up.pdf(5 * up.MB));
    const answers = await Promise.all([up.complete(token, uploadId), up.complete(token, uploadId)]);
    expect(answers.map((res) => res.status)).toEqual([201, 201]);
    const [first, second] = await Promise.all(answers.map((res) => res.json()));
    expect(second.document).toEqual(first.document);
    expect(await up.count(uploadedDocuments)).toBe(1);
    expect(await up.keys(up.documents())).toHaveLength(1);
  });

  it('answers a completion repeated after its answer was lost with the stored document', async () => {
    const { token } = await up.newSubmission();
    const uploadId = await up.sendFile(token, 'deck.pdf', up.pdf(1 * up.MB));
    const first = await (await up.complete(token, uploadId)).json();
    const again = await up.complete(token, uploadId);
    expect(again.status).toBe(201);
    expect((await again.json()).document).toEqual(first.document);
    expect(await up.count(uploadedDocuments)).toBe(1);
    // Another submission's token cannot learn of it.
    const other = await up.newSubmission();
    expect((await up.complete(other.token, uploadId)).status).toBe(404);
  });

  it('answers complete with a missing part with 409, stores nothing and keeps the parts sent', async () => {
    const { token } = await up.newSubmission();
    const file = up.pdf(9 * up.MB);
    const { uploadId } = await (await up.start(token, 'deck.pdf', file.length)).json();
    await up.putPart(token, uploadId, 0, file.subarray(0, 4 * up.MB));
    await up.putPart(token, uploadId, 2, file.subarray(8 * up.MB));
    const res = await up.complete(token, uploadId);
    expect(res.status).toBe(409);
    const error = await up.errorOf(res);
    expect(error.code).toBe('upload_incomplete');
    expect(error.message).toMatch(/^Part 1 has not arrived yet\./);
    expect(await up.count(uploadedDocuments)).toBe(0);
    expect(await up.keys(up.documents())).toEqual([]);
    expect(await up.count(pendingUploadParts)).toBe(2);

    // Sending the missing part lets the same upload complete.
    expect((await up.putPart(token, uploadId, 1, file.subarray(4 * up.MB, 8 * up.MB))).status).toBe(200);
    expect((await up.complete(token, uploadId)).status).toBe(201);
  });

  it('replaces a re-sent part, and refuses parts that exceed the file or its part count', async () => {
    const { token } = await up.newSubmission();
    const file = up.pdf(5 * up.MB);
    const { uploadId } = await (await up.start(token, 'deck.pdf', file.length)).json();
    expect((await up.putPart(token, uploadId, 0, file.subarray(0, 4 * up.MB))).status).toBe(200);
    expect((await up.putPart(token, uploadId, 1, randomBytes(up.MB))).status).toBe(200);
    const over = await up.putPart(token, uploadId, 1, randomBytes(up.MB + 1));
    expect(over.status).toBe(422);
    expect((await up.errorOf(over)).code).toBe('size_mismatch');
    for (const index of [2, 'x', -1]) {
      const res = await up.putPart(token, uploadId, index, randomBytes(10));
      expect(res.status).toBe(422);
      expect(await up.errorOf(res)).toEqual({
        code: 'invalid_part',
        message: 'This upload has 2 parts, numbered 0 to 1.',
      });
    }
    const resent = await up.putPart(token, uploadId, 1, file.subarray(4 * up.MB));
    expect(await resent.json()).toEqual({ received: 5 * up.MB });

    expect((await up.complete(token, uploadId)).status).toBe(201);
    const [row] = await handle.db.select().from(uploadedDocuments);
    expect(up.sha256(await up.documents().get(row!.filePath, { type: 'arrayBuffer' }))).toBe(up.sha256(file));
  });

  it('accepts Word and PowerPoint files only when the ZIP holds a word/ or ppt/ folder', async () => {
    const { token } = await up.newSubmission();
    const docx = up.zip(['[Content_Types].xml', 'word/document.xml']);
    const pptx = up.zip(['[Content_Types].xml', 'ppt/presentation.xml']);
    expect((await up.complete(token, await up.sendFile(token, 'brief.docx', docx))).status).toBe(201);
    expect((await up.complete(token, await up.sendFile(token, 'deck.pptx', pptx))).status).toBe(201);

    const wrongFolder = await up.complete(token, await up.sendFile(token, 'deck.pptx', docx));
    expect(wrongFolder.status).toBe(422);
    expect(await up.errorOf(wrongFolder)).toEqual({
      code: 'content_mismatch',
      message: "The file's contents do not match its .pptx extension.",
    });
    const plainZip = await up.complete(token, await up.sendFile(token, 'brief.docx', up.zip(['notes.txt'])));
    expect(plainZip.status).toBe(422);
    expect((await up.errorOf(plainZip)).code).toBe('content_mismatch');
    expect((await handle.db.select().from(uploadedDocuments)).map((r) => r.fileType).sort()).toEqual(['docx', 'pptx']);
    expect(await up.keys(up.documents())).toHaveLength(2);
  });

  it('flags a document that carries macros (OLE2 VBA storages, vbaProject.bin), and keeps it', async () => {
    const { token } = await up.newSubmission();
    const word = (macros: boolean) =>
      makeCfb([
        { name: 'WordDocument', type: 'stream', data: randomBytes(5000) },
        ...(macros
          ? ([
              { name: 'Macros', type: 'storage' },
              { name: 'VBA', type: 'storage' },
            ] as const)
          : []),
      ]);
    const files: [string, Uint8Array][] = [
      ['macro.doc', word(true)],
      ['plain.doc', word(false)],
      ['macro.docx', up.zip(['[Content_Types].xml', 'word/document.xml', 'word/vbaProject.bin'])],
      ['plain.pptx', up.zip(['[Content_Types].xml', 'ppt/presentation.xml'])],
    ];
    for (const [name, bytes] of files) {
      expect((await up.complete(token, await up.sendFile(token, name, bytes))).status).toBe(201);
    }
    const rows = await handle.db.select().from(uploadedDocuments);
    expect(Object.fromEntries(rows.map((r) => [r.fileName, r.hasMacros]))).toEqual({
      'macro.doc': true,
      'plain.doc': false,
      'macro.docx': true,
      'plain.pptx': false,
    });
  });

  it('limits an audit to 10 documents, counting uploads in progress', async () => {
    const { token } = await up.newSubmission();
    for (let i = 0; i < 10; i++) expect((await up.start(token, `page-${i}.png`, 100)).status).toBe(201);
    const res = await up.start(token, 'one-more.png', 100);
    expect(res.status).toBe(409);
    expect((await up.errorOf(res)).code).toBe('too_many_documents');
    expect(await up.count(pendingUploads)).toBe(10);
  });
});
