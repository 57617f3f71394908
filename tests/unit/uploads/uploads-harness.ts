/**
 * Shared by the uploads tests: a local Blobs server and the test database, emptied before each test, a
 * submission with its upload token, files of a type, and the calls of the upload protocol.
 */
import { leadIdFor } from '../../fixtures/lead.ts';
import { createHash, randomBytes } from 'node:crypto';
import { getStore, type Store } from '@netlify/blobs';
import { beforeEach, expect } from 'vitest';
import uploads, { config } from '../../../netlify/functions/uploads.mts';
import type { DbHandle } from '../../../src/db/client.ts';
import type { pendingUploadParts } from '../../../src/db/schema.ts';
import {
  auditSubmissions,
  pendingUploads,
  rateLimits,
  uploadedDocuments,
  uploadTokens,
} from '../../../src/db/schema.ts';
import type { FnContext } from '../../../src/server/http.ts';
import { UPLOAD_RATE_LIMIT } from '../../../src/server/rate-limit.ts';
import { issueUploadToken } from '../../../src/features/uploads/tokens.ts';
import { DOCUMENTS_STORE, PARTS_STORE } from '../../../src/features/uploads/stores.ts';
import { useLocalBlobs } from '../test-blobs.ts';
import { useTestDatabase } from '../test-db.ts';
import { makeZip } from '../../fixtures/zip.ts';

export const MB = 1024 * 1024;
export const origin = 'http://localhost:4321';

let handle: DbHandle | undefined;
const db = () => handle!.db;

/** The Blobs server and the database of an uploads test file, both emptied before each test. */
export function useUploadsTest(): DbHandle {
  useLocalBlobs('uploads-test');
  handle = useTestDatabase({ empty: [uploadedDocuments, pendingUploads, uploadTokens, auditSubmissions, rateLimits] });
  beforeEach(async () => {
    for (const store of [documents(), parts()]) {
      for (const { key } of (await store.list()).blobs) await store.delete(key);
    }
  });
  return handle;
}

export const documents = () => getStore({ name: DOCUMENTS_STORE, consistency: 'strong' });
export const parts = () => getStore({ name: PARTS_STORE, consistency: 'strong' });
// `Store` is exported as a type only; its prototype is reached through an instance, to spy on every store.
export const storePrototype = () => Object.getPrototypeOf(documents()) as Store;
export const keys = async (store: Store) => (await store.list()).blobs.map((blob) => blob.key).sort();
export const sha256 = (bytes: Uint8Array | ArrayBuffer) =>
  createHash('sha256')
    .update(new Uint8Array(bytes as ArrayBuffer))
    .digest('hex');
export const count = async (table: typeof uploadedDocuments | typeof pendingUploads | typeof pendingUploadParts) =>
  (await db().select().from(table)).length;

/** A submission of the intake and the upload token `POST /api/audits` would have handed out for it. */
export async function newSubmission(issuedAt = new Date()): Promise<{ id: string; token: string }> {
  const [row] = await db()
    .insert(auditSubmissions)
    .values({
      leadId: await leadIdFor(db(), 'ada@example.com', 'Ada Lovelace'),
      source: 'intake',
      contactName: 'Ada Lovelace',
      contactEmail: 'ada@example.com',
      companyName: 'Acme CRO',
      consentVersion: 'test',
      consentedAt: new Date(),
    })
    .returning({ id: auditSubmissions.id });
  const { token } = (await issueUploadToken(db(), row!.id, issuedAt))!;
  return { id: row!.id, token };
}

export const withPrefix = (prefix: string | number[], size: number) => {
  const head = typeof prefix === 'string' ? Buffer.from(prefix) : Buffer.from(prefix);
  return new Uint8Array(Buffer.concat([head, randomBytes(size - head.length)]));
};
export const pdf = (size: number) => withPrefix('%PDF-1.7\n', size);
export const png = (size: number) => withPrefix([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size);
export const exe = (size: number) => withPrefix('MZ', size);

/** A stored (uncompressed) ZIP holding the named entries, as Office Open XML files are. */
export const zip = (names: string[]): Uint8Array =>
  new Uint8Array(makeZip(names.map((name) => ({ name, data: '<xml/>' }))));

/** Calls the function as the router would: the params come from matching `config.path`. */
export async function call(
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

export const start = (token: string, fileName: string, fileSize: number, init: { origin?: string | null } = {}) =>
  call('POST', '/api/uploads', {
    ...init,
    token,
    type: 'application/json',
    body: JSON.stringify({ fileName, fileSize }),
  });
export const putPart = (token: string, uploadId: string, index: number | string, bytes: Uint8Array) =>
  call('PUT', `/api/uploads/${uploadId}/parts/${index}`, {
    token,
    type: 'application/octet-stream',
    body: bytes as Uint8Array<ArrayBuffer>,
  });
export const complete = (token: string, uploadId: string) =>
  call('POST', `/api/uploads/${uploadId}/complete`, { token });
export const abort = (token: string, uploadId: string) => call('DELETE', `/api/uploads/${uploadId}`, { token });

/** Starts an upload of `bytes` and sends every part of 4 MB; returns the upload id. */
export async function sendFile(token: string, fileName: string, bytes: Uint8Array): Promise<string> {
  const started = await start(token, fileName, bytes.length);
  expect(started.status).toBe(201);
  const { uploadId, partSize, partCount } = await started.json();
  for (let index = 0; index < partCount; index++) {
    const res = await putPart(token, uploadId, index, bytes.subarray(index * partSize, (index + 1) * partSize));
    expect(res.status).toBe(200);
  }
  return uploadId;
}

export const errorOf = async (res: Response) => (await res.json()).error as { code: string; message: string };

/** The start (ms) of the current rate-limit window of uploads. */
export const windowStart = (now = Date.now()) => {
  const windowMs = UPLOAD_RATE_LIMIT.windowSeconds * 1000;
  return Math.floor(now / windowMs) * windowMs;
};
