/** What the parity flows share: requests as a browser on the site sends them, the database, the stores. */
import { createHash, randomBytes } from 'node:crypto';
import { getDeployStore, getStore } from '@netlify/blobs';
import { afterAll, inject } from 'vitest';
import { openPostgres, type DbHandle } from '../../src/db/client.ts';
import { DOCUMENTS_STORE } from '../../src/features/uploads/stores.ts';
import type { Deploy } from './context.ts';

export const parity = inject('parity');

export type DeployName = 'production' | 'preview' | 'misconfigured';

/**
 * A request to a deploy, as a browser on that site sends it: the site's `Origin` on anything but a read.
 * `json` sends a JSON body; `cookie` a session. Every request comes from 127.0.0.1, so a run may make at most 10
 * form submits to production (the per-IP limit of 10 per 10 minutes; the preview's database counts its own).
 */
export function site(
  deploy: DeployName,
  pathname: string,
  init: Omit<RequestInit, 'body'> & { json?: unknown; body?: BodyInit; cookie?: string } = {},
): Promise<Response> {
  const target: Deploy = parity[deploy];
  const method = init.method ?? (init.json !== undefined || init.body !== undefined ? 'POST' : 'GET');
  const headers = new Headers(init.headers);
  if (method !== 'GET' && method !== 'HEAD') headers.set('Origin', new URL(target.publicUrl).origin);
  if (init.cookie) headers.set('Cookie', init.cookie);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(new URL(pathname, target.url), { ...init, method, headers, body, redirect: 'manual' });
}

const handles = new Map<string, Promise<DbHandle>>();
/**
 * A deploy's database (PostgreSQL 15), to check what a flow stored; closed after the file. Production's, or
 * the preview's own copy of it.
 */
export function database(deploy: 'production' | 'preview' = 'production'): Promise<DbHandle> {
  const url = deploy === 'preview' ? parity.previewDatabaseUrl : parity.databaseUrl;
  let handle = handles.get(url);
  if (!handle) {
    handle = openPostgres(url, { max: 2 });
    handles.set(url, handle);
    afterAll(async () => (await handle)?.close());
  }
  return handle;
}

/** The site-wide documents store, and a deploy's own, read from the platform's Blobs server. */
const { region, ...client } = parity.blobs;
export const siteDocuments = () => getStore({ name: DOCUMENTS_STORE, consistency: 'strong', ...client });
export const deployDocuments = (deployID: string) =>
  getDeployStore({ name: DOCUMENTS_STORE, deployID, region, consistency: 'strong', ...client });

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PDF as the upload checks read one: the `%PDF-` signature, random bytes, the end marker. */
export function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

export const MB = 1024 * 1024;

/**
 * Uploads `file` for the submission of `token` as the intake does: start, parts of the size the server
 * names (`application/octet-stream`), complete. Answers the completed document.
 */
export async function uploadDocument(deploy: DeployName, token: string, fileName: string, file: Buffer) {
  const auth = { Authorization: `Bearer ${token}` };
  const started = await site(deploy, '/api/uploads', { headers: auth, json: { fileName, fileSize: file.length } });
  if (started.status !== 201) throw new Error(`start: ${started.status} ${await started.text()}`);
  const { uploadId, partSize, partCount } = (await started.json()) as {
    uploadId: string;
    partSize: number;
    partCount: number;
  };
  for (let index = 0; index < partCount; index++) {
    const part = await site(deploy, `/api/uploads/${uploadId}/parts/${index}`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(file.subarray(index * partSize, (index + 1) * partSize)),
    });
    if (part.status !== 200) throw new Error(`part ${index}: ${part.status} ${await part.text()}`);
  }
  const completed = await site(deploy, `/api/uploads/${uploadId}/complete`, { method: 'POST', headers: auth });
  if (completed.status !== 201) throw new Error(`complete: ${completed.status} ${await completed.text()}`);
  return { partSize, partCount, ...((await completed.json()) as { document: { id: string; fileSize: number } }) };
}
