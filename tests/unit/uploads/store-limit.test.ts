// A store that refuses (500) or hangs: @netlify/blobs retries five times, 5 s apart, and sets no time limit on a
// request, so without a limit of our own an upload step waits on a hung store past the function's 60 s: the platform's
// error page, never the documented 503. Every call of the uploads' stores gives up at STORE_CALL_LIMIT_MS.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORE_CALL_LIMIT_MS, documentsStore, writeDocument } from '../../../src/features/uploads/stores.ts';
import { ApiError } from '../../../src/server/errors.ts';

const hung = new Set<ServerResponse>();
/** 'hang': no answer ever; 'refuse': 500 at once, asking (X-RateLimit-Reset) for the library's retry 4 s later. */
let mode: 'hang' | 'refuse' = 'hang';
/** Every request the store received. */
let received = 0;
let server: Server;
let saved: string | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    received++;
    request.resume();
    if (mode === 'refuse') {
      const reset = Math.floor(Date.now() / 1000) + 4;
      response.writeHead(500, { 'X-RateLimit-Reset': String(reset) }).end('refused');
      return;
    }
    hung.add(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const edgeURL = `http://127.0.0.1:${port}`;
  saved = process.env.NETLIFY_BLOBS_CONTEXT;
  const context = { edgeURL, uncachedEdgeURL: edgeURL, siteID: 'test', token: 't', primaryRegion: 'local' };
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64');
});
afterEach(() => {
  vi.useRealTimers();
  mode = 'hang';
});
afterAll(async () => {
  if (saved === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT;
  else process.env.NETLIFY_BLOBS_CONTEXT = saved;
  for (const response of hung) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Settles `promise` by advancing the fake clock to just past the limit; what it settled to, or 'pending'. */
async function afterTheLimit<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown } | 'pending'> {
  let outcome: { value?: T; error?: unknown } | 'pending' = 'pending';
  promise.then(
    (value) => (outcome = { value }),
    (error: unknown) => (outcome = { error }),
  );
  // The requests are real; let each reach the server before the clock moves.
  for (let step = 0; step <= STORE_CALL_LIMIT_MS; step += 500) {
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(500);
  }
  return outcome;
}

describe('the uploads stores under a store that hangs', () => {
  // A refusal (500) is retried 1 ms apart under NODE_ENV=test, so only the hang shows the limit here.
  for (const which of ['hang'] as const) {
    it(`gives a document write up within the limit as a 503 (${which})`, async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const outcome = await afterTheLimit(
        writeDocument('s/1-a.pdf', new Uint8Array([1]), { fileName: 'a.pdf', fileType: 'pdf' }),
      );
      expect(outcome).not.toBe('pending');
      const { error } = outcome as { error?: unknown };
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
    });

    it(`gives a list (an erasure's, a cleanup's) up within the limit (${which})`, async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const outcome = await afterTheLimit(documentsStore().list({ prefix: 's/' }));
      expect(outcome).not.toBe('pending');
      expect(String((outcome as { error?: unknown }).error)).toMatch(/did not answer list/);
    });
  }
});

describe('the uploads stores under a store that refuses', () => {
  // The library sleeps between its retries (on the faked clock here) and, before this was fixed, went on retrying
  // a call the limit had given up: a part written after its upload's 503, behind the cleanup's sweep.
  it('sends nothing more once a call is given up at the limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mode = 'refuse';
    const before = received;
    const outcome = await afterTheLimit(documentsStore().set('s/2-b.pdf', 'b'));
    expect(String((outcome as { error?: unknown }).error)).toMatch(/did not answer set/);
    const tried = received - before;
    expect(tried).toBeGreaterThan(1); // the library did retry within the limit
    // Long past every retry the library would still make (5, each 4 s after the last refusal).
    await afterTheLimit(new Promise(() => {}));
    await afterTheLimit(new Promise(() => {}));
    expect(received - before).toBe(tried);
  });
});
