/**
 * The file store of `npm run bench:faults`' Blobs scenarios: Netlify's own `BlobsServer` on disk, behind a small
 * HTTP proxy that every @netlify/blobs request passes (the server's `NETLIFY_BLOBS_CONTEXT` names the proxy as
 * its edge URL, so reads, writes, lists and deletes all go through it). The bench switches its mode:
 * - `ok`: forwards the request and its answer;
 * - `500`: answers 500 and forwards nothing (the store refusing);
 * - `hang`: forwards nothing and never answers (the store timing out), until the mode changes back.
 */
import { randomBytes } from 'node:crypto';
import { createServer, request as forward, type ClientRequest, type ServerResponse } from 'node:http';
import { BlobsServer } from '@netlify/blobs/server';

export type StoreMode = 'ok' | '500' | 'hang';

export interface FaultyBlobs {
  /** The value for the server's `NETLIFY_BLOBS_CONTEXT` (base64 JSON, as Netlify's runtime sets it). */
  context: string;
  /** The mode now; setting it notes the change in `changes`. */
  mode: StoreMode;
  /** Each change of mode since the last `reset()`, in order, with its instant (`Date.now()`). */
  changes: { mode: StoreMode; at: number }[];
  /** Requests seen, by outcome: `forwarded`, `500`, `hung`. */
  requests: Record<string, number>;
  /** ms each forwarded request took, from its arrival to the store's answer sent whole (a slow machine shows here). */
  forwardedMs: number[];
  /** Back to `ok`, no changes or requests noted: a scenario's start. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFaultyBlobs(directory: string, port: number, deployID = 'local'): Promise<FaultyBlobs> {
  const token = randomBytes(16).toString('hex');
  const blobs = new BlobsServer({ directory, token });
  const { port: storePort } = await blobs.start();
  const hung = new Set<ServerResponse>();
  // Requests forwarded to the store and not yet answered: a client that went away mid-request (a server SIGKILLed
  // mid-upload) left its upload's request to the store open, waiting for a body that never came, and the store's
  // stop waited on it for ever (a full run printed its table and never exited).
  const forwarded = new Set<ClientRequest>();
  const proxy = createServer((request, response) => {
    const arrived = Date.now();
    const mode = store.mode;
    store.requests[mode === 'ok' ? 'forwarded' : mode === '500' ? '500' : 'hung'] =
      (store.requests[mode === 'ok' ? 'forwarded' : mode === '500' ? '500' : 'hung'] ?? 0) + 1;
    if (mode === '500') {
      request.resume();
      response.writeHead(500, { 'content-type': 'text/plain' });
      return response.end('Stand-in store failure');
    }
    if (mode === 'hang') {
      request.resume();
      hung.add(response);
      response.on('close', () => hung.delete(response));
      return;
    }
    const upstream = forward(
      {
        host: '127.0.0.1',
        port: storePort,
        path: request.url,
        method: request.method,
        headers: request.headers,
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on('end', () => store.forwardedMs.push(Date.now() - arrived));
      },
    );
    forwarded.add(upstream);
    upstream.on('close', () => forwarded.delete(upstream));
    upstream.on('error', () => response.destroy());
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  const edgeURL = `http://127.0.0.1:${port}`;
  const context = { edgeURL, uncachedEdgeURL: edgeURL, siteID: 'local', deployID, token, primaryRegion: 'local' };
  let mode: StoreMode = 'ok';
  const store: FaultyBlobs = {
    context: Buffer.from(JSON.stringify(context)).toString('base64'),
    get mode() {
      return mode;
    },
    set mode(next) {
      mode = next;
      store.changes.push({ mode: next, at: Date.now() });
    },
    changes: [],
    requests: {},
    forwardedMs: [],
    reset() {
      mode = 'ok';
      store.changes = [];
      store.requests = {};
      store.forwardedMs = [];
    },
    close: () =>
      new Promise((resolve) => {
        for (const response of hung) response.destroy();
        for (const upstream of forwarded) upstream.destroy();
        proxy.closeAllConnections();
        // (no keep-alive to the store, agent: false: its stop would wait for the proxy's idle sockets)
        proxy.close(() => void blobs.stop().then(() => resolve()));
      }),
  };
  return store;
}
