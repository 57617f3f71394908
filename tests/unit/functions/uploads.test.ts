import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore, type Store } from '@netlify/blobs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import cleanup from '../../../netlify/functions/upload-cleanup.mts';
import uploads, { config } from '../../../netlify/functions/uploads.mts';
import { startLocalBlobs } from '../../../scripts/lib/blobs.ts';
import { useDatabase, type DbHandle } from '../../../src/db/client.ts';
import { openTestDatabase } from '../test-db.ts';
import {
  auditSubmissions,
  pendingUploadParts,
  pendingUploads,
  rateLimits,
  uploadedDocuments,
  uploadTokens,
} from '../../../src/db/schema.ts';
import type { FnContext } from '../../../src/server/http.ts';
import { UPLOAD_RATE_LIMIT } from '../../../src/server/rate-limit.ts';
import { issueUploadToken } from '../../../src/server/upload-tokens.ts';
import { DOCUMENTS_STORE, PARTS_STORE } from '../../../src/server/uploads.ts';

const MB = 1024 * 1024;
const origin = 'http://localhost:4321';

let handle: DbHandle;
let blobsDir: string;
let stopBlobs: () => Promise<void>;
beforeAll(async () => {
  blobsDir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
  stopBlobs = await startLocalBlobs(blobsDir);
  handle = await openTestDatabase();
  useDatabase(handle);
}, 60_000);
afterAll(async () => {
  await handle.close();
  await stopBlobs();
  await rm(blobsDir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());
beforeEach(async () => {
  for (const table of [uploadedDocuments, pendingUploads, uploadTokens, auditSubmissions, rateLimits])
    await handle.db.delete(table);
  for (const store of [documents(), parts()]) {
    for (const { key } of (await store.list()).blobs) await store.delete(key);
  }
});

const documents = () => getStore({ name: DOCUMENTS_STORE, consistency: 'strong' });
const parts = () => getStore({ name: PARTS_STORE, consistency: 'strong' });
// `Store` is exported as a type only; its prototype is reached through an instance, to spy on every store.
const storePrototype = () => Object.getPrototypeOf(documents()) as Store;
const keys = async (store: Store) => (await store.list()).blobs.map((blob) => blob.key).sort();
const sha256 = (bytes: Uint8Array | ArrayBuffer) =>
  createHash('sha256')
    .update(new Uint8Array(bytes as ArrayBuffer))
    .digest('hex');
const count = async (table: typeof uploadedDocuments | typeof pendingUploads | typeof pendingUploadParts) =>
  (await handle.db.select().from(table)).length;

/** A submission of the intake and the upload token `POST /api/audits` would have handed out for it. */
async function newSubmission(issuedAt = new Date()): Promise<{ id: string; token: string }> {
  const [row] = await handle.db
    .insert(auditSubmissions)
    .values({
      source: 'intake',
      contactName: 'Ada Lovelace',
      contactEmail: 'ada@example.com',
      companyName: 'Acme CRO',
      consentVersion: 'test',
      consentedAt: new Date(),
    })
    .returning({ id: auditSubmissions.id });
  const { token } = await issueUploadToken(handle.db, row!.id, issuedAt);
  return { id: row!.id, token };
}

const withPrefix = (prefix: string | number[], size: number) => {
  const head = typeof prefix === 'string' ? Buffer.from(prefix) : Buffer.from(prefix);
  return new Uint8Array(Buffer.concat([head, randomBytes(size - head.length)]));
};
const pdf = (size: number) => withPrefix('%PDF-1.7\n', size);
const png = (size: number) => withPrefix([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size);
const exe = (size: number) => withPrefix('MZ', size);

/** A stored (uncompressed) ZIP holding the named entries, as Office Open XML files are. */
function zip(names: string[]): Uint8Array {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const fileName = Buffer.from(name);
    const data = Buffer.from('<xml/>');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(header, fileName, data);
    central.push(entry, fileName);
    offset += header.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...local, directory, end]));
}

/** Calls the function as the router would: the params come from matching `config.path`. */
async function call(
  method: string,
  pathname: string,
  init: { token?: string; type?: string; body?: BodyInit; origin?: string | null; ip?: string } = {},
): Promise<Response> {
  const url = new URL(pathname, origin);
  const params = paramsOf(url);
  const headers = new Headers();
  if (init.origin !== null) headers.set('origin', init.origin ?? origin);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.type) headers.set('content-type', init.type);
  const context: FnContext = { ip: init.ip ?? '198.51.100.1', params, requestId: 'test', url, waitUntil: () => {} };
  return uploads(new Request(url, { method, headers, body: init.body }), context);
}

function paramsOf(url: URL): Record<string, string> {
  for (const pathname of [config.path ?? []].flat()) {
    const match = new URLPattern({ pathname }).exec(url);
    if (match) {
      return Object.fromEntries(
        Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
      );
    }
  }
  throw new Error(`No route of the uploads function matches ${url.pathname}`);
}

const start = (token: string, fileName: string, fileSize: number, init: { origin?: string | null } = {}) =>
  call('POST', '/api/uploads', {
    ...init,
    token,
    type: 'application/json',
    body: JSON.stringify({ fileName, fileSize }),
  });
const putPart = (token: string, uploadId: string, index: number | string, bytes: Uint8Array) =>
  call('PUT', `/api/uploads/${uploadId}/parts/${index}`, {
    token,
    type: 'application/octet-stream',
    body: bytes as Uint8Array<ArrayBuffer>,
  });
const complete = (token: string, uploadId: string) => call('POST', `/api/uploads/${uploadId}/complete`, { token });
const abort = (token: string, uploadId: string) => call('DELETE', `/api/uploads/${uploadId}`, { token });

/** Starts an upload of `bytes` and sends every part of 4 MB; returns the upload id. */
async function sendFile(token: string, fileName: string, bytes: Uint8Array): Promise<string> {
  const started = await start(token, fileName, bytes.length);
  expect(started.status).toBe(201);
  const { uploadId, partSize, partCount } = await started.json();
  for (let index = 0; index < partCount; index++) {
    const res = await putPart(token, uploadId, index, bytes.subarray(index * partSize, (index + 1) * partSize));
    expect(res.status).toBe(200);
  }
  return uploadId;
}

const errorOf = async (res: Response) => (await res.json()).error as { code: string; message: string };

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

describe('who may upload', () => {
  it('refuses a missing, unknown or expired token with 401', async () => {
    const live = await newSubmission();
    const expired = await newSubmission(new Date(Date.now() - 3 * 3600_000));
    const { uploadId } = await (await start(live.token, 'deck.pdf', 1000)).json();
    for (const token of ['', randomBytes(32).toString('base64url'), expired.token]) {
      for (const res of [await start(token, 'deck.pdf', 1000), await putPart(token, uploadId, 0, pdf(1000))]) {
        expect(res.status).toBe(401);
        expect((await errorOf(res)).code).toBe('invalid_upload_token');
      }
    }
    expect(await count(pendingUploads)).toBe(1);
    expect(await keys(parts())).toEqual([]);
  });

  it("does not let submission A's token touch submission B's upload", async () => {
    const a = await newSubmission();
    const b = await newSubmission();
    const file = pdf(1000);
    const uploadId = await sendFile(b.token, 'b.pdf', file);
    for (const res of [
      await putPart(a.token, uploadId, 0, pdf(1000)),
      await complete(a.token, uploadId),
      await abort(a.token, uploadId),
    ]) {
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe('upload_not_found');
    }
    expect(await count(uploadedDocuments)).toBe(0);
    // B's upload is untouched and still completes with B's own bytes.
    expect((await complete(b.token, uploadId)).status).toBe(201);
    const [row] = await handle.db.select().from(uploadedDocuments);
    expect(row!.auditSubmissionId).toBe(b.id);
    expect(sha256(await documents().get(row!.filePath, { type: 'arrayBuffer' }))).toBe(sha256(file));
  });

  it('answers an upload id that is no UUID with 404, not a database error', async () => {
    const { token } = await newSubmission();
    const res = await complete(token, 'not-a-uuid');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('upload_not_found');
  });

  it('refuses a foreign or missing Origin with 403 and other methods with 405', async () => {
    const { token } = await newSubmission();
    for (const requestOrigin of ['https://evil.example', null]) {
      const res = await start(token, 'deck.pdf', 1000, { origin: requestOrigin });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('forbidden_origin');
    }
    const get = await call('GET', '/api/uploads', { token });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const uploadId = randomUUID();
    expect((await call('POST', `/api/uploads/${uploadId}/parts/0`, { token })).headers.get('allow')).toBe('PUT');
    expect((await call('GET', `/api/uploads/${uploadId}`, { token })).headers.get('allow')).toBe('DELETE');
    expect(await count(pendingUploads)).toBe(0);
  });

  it('answers 503 with Retry-After and no stack when the database is down', async () => {
    const { token } = await newSubmission();
    const down = new Proxy({} as DbHandle['db'], {
      get() {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
    });
    useDatabase({ db: down, driver: 'node-postgres', close: async () => {} });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await start(token, 'deck.pdf', 1000);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      const text = await res.text();
      expect(JSON.parse(text).error.code).toBe('unavailable');
      expect(text).not.toMatch(/ECONNREFUSED|at .+\.(ts|js):\d+/);
    } finally {
      useDatabase(handle);
    }
  });
});

describe('per-address rate limit', () => {
  // The middle of a window: the counter must not start afresh while a test is counting.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(windowStart() + (UPLOAD_RATE_LIMIT.windowSeconds * 1000) / 2);
  });
  afterEach(() => vi.useRealTimers());

  it(`answers upload requests from one address past ${UPLOAD_RATE_LIMIT.limit} in 10 minutes with 429 and Retry-After`, async () => {
    const { token } = await newSubmission();
    const ip = '203.0.113.9';
    const uploadId = randomUUID();
    // Every route counts, and so does a request whose token is wrong (guessing tokens is limited too).
    const routes = [
      () => call('POST', '/api/uploads', { token: 'guess', type: 'application/json', body: '{}', ip }),
      () => call('PUT', `/api/uploads/${uploadId}/parts/0`, { token, type: 'application/octet-stream', body: 'x', ip }),
      () => call('POST', `/api/uploads/${uploadId}/complete`, { token, ip }),
      () => call('DELETE', `/api/uploads/${uploadId}`, { token, ip }),
    ];
    for (let i = 0; i < UPLOAD_RATE_LIMIT.limit; i++) {
      expect((await routes[i % routes.length]!()).status).not.toBe(429);
    }
    for (const route of routes) {
      const limited = await route();
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe(String(UPLOAD_RATE_LIMIT.windowSeconds / 2));
      expect((await errorOf(limited)).code).toBe('rate_limited');
    }
    // The counter is a row, so every function instance sees it; another address still gets through.
    const [row] = await handle.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `upload:${ip}`));
    expect(row!.count).toBeGreaterThan(UPLOAD_RATE_LIMIT.limit);
    expect((await call('DELETE', `/api/uploads/${uploadId}`, { token, ip: '203.0.113.10' })).status).toBe(404);
  });

  it('counts the addresses of one IPv6 /64 together, and another /64 apart', async () => {
    const { token } = await newSubmission();
    await handle.db.insert(rateLimits).values({
      key: 'upload:2001:db8:1:2::/64',
      windowStart: new Date(windowStart()),
      count: UPLOAD_RATE_LIMIT.limit,
    });
    const uploadId = randomUUID();
    const abortFrom = (ip: string) => call('DELETE', `/api/uploads/${uploadId}`, { token, ip });
    expect((await abortFrom('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).status).toBe(429);
    expect((await abortFrom('2001:DB8:1:2::1')).status).toBe(429);
    expect((await abortFrom('2001:db8:1:3::1')).status).toBe(404);
  });
});

/** The start (ms) of the current rate-limit window of uploads. */
const windowStart = (now = Date.now()) => {
  const windowMs = UPLOAD_RATE_LIMIT.windowSeconds * 1000;
  return Math.floor(now / windowMs) * windowMs;
};

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
