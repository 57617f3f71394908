import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingUploadParts, pendingUploads, uploadedDocuments } from '../../../src/db/schema.ts';
import {
  call,
  complete,
  count,
  documents,
  errorOf,
  exe,
  keys,
  MB,
  newSubmission,
  parts,
  pdf,
  png,
  putPart,
  sendFile,
  sha256,
  start,
  useUploadsTest,
  zip,
} from './uploads-harness.ts';

const handle = useUploadsTest();
afterEach(() => vi.restoreAllMocks());

describe('POST /api/uploads → PUT parts → POST complete', () => {
  it('stores a 9 MB PDF sent in three parts byte for byte, with one uploaded_documents row', async () => {
    const submission = await newSubmission();
    const file = pdf(9 * MB);

    const started = await start(submission.token, 'Capabilities deck.pdf', file.length);
    expect(started.status).toBe(201);
    const { uploadId, partSize, partCount } = await started.json();
    expect([partSize, partCount]).toEqual([4 * MB, 3]);
    const received = [];
    for (let index = 0; index < 3; index++) {
      const res = await putPart(
        submission.token,
        uploadId,
        index,
        file.subarray(index * partSize, (index + 1) * partSize),
      );
      expect(res.status).toBe(200);
      received.push((await res.json()).received);
    }
    expect(received).toEqual([4 * MB, 8 * MB, 9 * MB]);
    expect(await keys(parts())).toEqual([0, 1, 2].map((i) => `${uploadId}/${i}`));

    const done = await complete(submission.token, uploadId);
    expect(done.status).toBe(201);
    const { document } = await done.json();
    expect(document).toEqual({
      id: expect.any(String),
      fileName: 'Capabilities deck.pdf',
      fileSize: 9 * MB,
      fileType: 'pdf',
    });

    const rows = await handle.db.select().from(uploadedDocuments);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: document.id,
      auditSubmissionId: submission.id,
      fileName: 'Capabilities deck.pdf',
      fileSize: 9 * MB,
      fileType: 'pdf',
    });
    expect(rows[0]!.filePath).toMatch(new RegExp(`^${submission.id}/\\d{13}-[0-9a-f]{32}\\.pdf$`));
    expect(await keys(documents())).toEqual([rows[0]!.filePath]);
    const stored = await documents().get(rows[0]!.filePath, { type: 'arrayBuffer' });
    expect(stored.byteLength).toBe(file.length);
    expect(sha256(stored)).toBe(sha256(file));
    expect((await documents().getMetadata(rows[0]!.filePath))?.metadata).toEqual({
      fileName: 'Capabilities deck.pdf',
      contentType: 'application/pdf',
    });
    // The parts and the pending upload are gone.
    expect(await keys(parts())).toEqual([]);
    expect(await count(pendingUploads)).toBe(0);
    expect(await count(pendingUploadParts)).toBe(0);
  });

  it('turns away a .pdf holding PNG bytes and an .exe renamed .pdf at the first part, with the reason', async () => {
    const { token } = await newSubmission();
    for (const bytes of [png(2000), exe(2000)]) {
      const { uploadId } = await (await start(token, 'report.pdf', bytes.length)).json();
      const res = await putPart(token, uploadId, 0, bytes);
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toEqual({
        code: 'content_mismatch',
        message: "The file's contents do not match its .pdf extension.",
      });
      const done = await complete(token, uploadId);
      expect(done.status).toBe(409);
    }
    expect(await keys(parts())).toEqual([]);
    expect(await count(pendingUploadParts)).toBe(0);
    expect(await count(uploadedDocuments)).toBe(0);
  });

  it('refuses an .exe with 415, an 11 MB file with 413 and an empty one with 422, before any byte travels', async () => {
    const { token } = await newSubmission();
    const exeRes = await start(token, 'setup.exe', 2000);
    expect(exeRes.status).toBe(415);
    expect(await errorOf(exeRes)).toEqual({
      code: 'unsupported_file_type',
      message: 'This file type is not accepted. Use PDF, Word, PowerPoint, JPG or PNG.',
    });
    const big = await start(token, 'scan.pdf', 11 * MB);
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toEqual({ code: 'file_too_large', message: 'This file is larger than 10 MB.' });
    const empty = await start(token, 'scan.pdf', 0);
    expect(empty.status).toBe(422);
    expect((await errorOf(empty)).code).toBe('empty_file');
    const bad = await start(token, '', -5);
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).code).toBe('invalid_fields');
    expect(await count(pendingUploads)).toBe(0);
  });

  it('refuses report\u202Efdp.exe (shown as reportexe.pdf) as the .exe it is, before any byte travels', async () => {
    const { token } = await newSubmission();
    const res = await start(token, 'report\u202Efdp.exe', 2000);
    expect(res.status).toBe(415);
    expect((await errorOf(res)).code).toBe('unsupported_file_type');
    expect(await count(pendingUploads)).toBe(0);
  });

  it('stores résumé\u200F.pdf as résumé.pdf, without bidi or control characters, in the row and the blob', async () => {
    const { token } = await newSubmission();
    const uploadId = await sendFile(token, 'r\u0085ésumé\u200F\u2066.pdf', pdf(2000));
    const done = await complete(token, uploadId);
    expect(done.status).toBe(201);
    expect((await done.json()).document.fileName).toBe('résumé.pdf');
    const [row] = await handle.db.select().from(uploadedDocuments);
    expect(row!.fileName).toBe('résumé.pdf');
    expect((await documents().getMetadata(row!.filePath))?.metadata).toMatchObject({ fileName: 'résumé.pdf' });
  });

  it('refuses with 422 on fileName a name left empty once its invisible characters are gone', async () => {
    const { token } = await newSubmission();
    const res = await start(token, '\u202E\u200F\u061C\u2069\u0007', 2000);
    expect(res.status).toBe(422);
    expect((await res.json()).error).toEqual({
      code: 'invalid_fields',
      message: expect.any(String),
      fields: { fileName: expect.any(String) },
    });
    expect(await count(pendingUploads)).toBe(0);
  });

  it('refuses a part over 4 MB with 413 and keeps nothing of it', async () => {
    const { token } = await newSubmission();
    const { uploadId } = await (await start(token, 'deck.pdf', 9 * MB)).json();
    const res = await putPart(token, uploadId, 0, pdf(4 * MB + 1));
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({ code: 'part_too_large', message: 'A part may hold at most 4 MB.' });
    const pdfType = await call('PUT', `/api/uploads/${uploadId}/parts/0`, {
      token,
      type: 'application/pdf',
      body: pdf(1000) as Uint8Array<ArrayBuffer>,
    });
    expect(pdfType.status).toBe(415);
    expect((await errorOf(pdfType)).code).toBe('unsupported_media_type');
    expect(await keys(parts())).toEqual([]);
    expect(await count(pendingUploadParts)).toBe(0);
  });

  it('turns two completions of one upload at once into one document, and answers both with it', async () => {
    const { token } = await newSubmission();
    const uploadId = await sendFile(token, 'deck.pdf', pdf(5 * MB));
    const answers = await Promise.all([complete(token, uploadId), complete(token, uploadId)]);
    expect(answers.map((res) => res.status)).toEqual([201, 201]);
    const [first, second] = await Promise.all(answers.map((res) => res.json()));
    expect(second.document).toEqual(first.document);
    expect(await count(uploadedDocuments)).toBe(1);
    expect(await keys(documents())).toHaveLength(1);
  });

  it('answers a completion repeated after its answer was lost with the stored document', async () => {
    const { token } = await newSubmission();
    const uploadId = await sendFile(token, 'deck.pdf', pdf(1 * MB));
    const first = await (await complete(token, uploadId)).json();
    const again = await complete(token, uploadId);
    expect(again.status).toBe(201);
    expect((await again.json()).document).toEqual(first.document);
    expect(await count(uploadedDocuments)).toBe(1);
    // Another submission's token cannot learn of it.
    const other = await newSubmission();
    expect((await complete(other.token, uploadId)).status).toBe(404);
  });

  it('answers complete with a missing part with 409, stores nothing and keeps the parts sent', async () => {
    const { token } = await newSubmission();
    const file = pdf(9 * MB);
    const { uploadId } = await (await start(token, 'deck.pdf', file.length)).json();
    await putPart(token, uploadId, 0, file.subarray(0, 4 * MB));
    await putPart(token, uploadId, 2, file.subarray(8 * MB));
    const res = await complete(token, uploadId);
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe('upload_incomplete');
    expect(error.message).toMatch(/^Part 1 has not arrived yet\./);
    expect(await count(uploadedDocuments)).toBe(0);
    expect(await keys(documents())).toEqual([]);
    expect(await count(pendingUploadParts)).toBe(2);

    // Sending the missing part lets the same upload complete.
    expect((await putPart(token, uploadId, 1, file.subarray(4 * MB, 8 * MB))).status).toBe(200);
    expect((await complete(token, uploadId)).status).toBe(201);
  });

  it('replaces a re-sent part, and refuses parts that exceed the file or its part count', async () => {
    const { token } = await newSubmission();
    const file = pdf(5 * MB);
    const { uploadId } = await (await start(token, 'deck.pdf', file.length)).json();
    expect((await putPart(token, uploadId, 0, file.subarray(0, 4 * MB))).status).toBe(200);
    expect((await putPart(token, uploadId, 1, randomBytes(MB))).status).toBe(200);
    const over = await putPart(token, uploadId, 1, randomBytes(MB + 1));
    expect(over.status).toBe(422);
    expect((await errorOf(over)).code).toBe('size_mismatch');
    for (const index of [2, 'x', -1]) {
      const res = await putPart(token, uploadId, index, randomBytes(10));
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toEqual({
        code: 'invalid_part',
        message: 'This upload has 2 parts, numbered 0 to 1.',
      });
    }
    const resent = await putPart(token, uploadId, 1, file.subarray(4 * MB));
    expect(await resent.json()).toEqual({ received: 5 * MB });

    expect((await complete(token, uploadId)).status).toBe(201);
    const [row] = await handle.db.select().from(uploadedDocuments);
    expect(sha256(await documents().get(row!.filePath, { type: 'arrayBuffer' }))).toBe(sha256(file));
  });

  it('accepts Word and PowerPoint files only when the ZIP holds a word/ or ppt/ folder', async () => {
    const { token } = await newSubmission();
    const docx = zip(['[Content_Types].xml', 'word/document.xml']);
    const pptx = zip(['[Content_Types].xml', 'ppt/presentation.xml']);
    expect((await complete(token, await sendFile(token, 'brief.docx', docx))).status).toBe(201);
    expect((await complete(token, await sendFile(token, 'deck.pptx', pptx))).status).toBe(201);

    const wrongFolder = await complete(token, await sendFile(token, 'deck.pptx', docx));
    expect(wrongFolder.status).toBe(422);
    expect(await errorOf(wrongFolder)).toEqual({
      code: 'content_mismatch',
      message: "The file's contents do not match its .pptx extension.",
    });
    const plainZip = await complete(token, await sendFile(token, 'brief.docx', zip(['notes.txt'])));
    expect(plainZip.status).toBe(422);
    expect((await errorOf(plainZip)).code).toBe('content_mismatch');
    expect((await handle.db.select().from(uploadedDocuments)).map((r) => r.fileType).sort()).toEqual(['docx', 'pptx']);
    expect(await keys(documents())).toHaveLength(2);
  });

  it('limits an audit to 10 documents, counting uploads in progress', async () => {
    const { token } = await newSubmission();
    for (let i = 0; i < 10; i++) expect((await start(token, `page-${i}.png`, 100)).status).toBe(201);
    const res = await start(token, 'one-more.png', 100);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('too_many_documents');
    expect(await count(pendingUploads)).toBe(10);
  });
});
