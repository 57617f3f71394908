import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTextBody, maxBodyBytes, PAYLOAD_LIMIT } from '../../../scripts/lib/body-limit.ts';
import { createRouter, type Router } from '../../../scripts/lib/functions.ts';
import { sendResponse, toRequest } from '../../../scripts/lib/node-http.ts';
import { PART_BYTES } from '../../../src/features/uploads/contract.ts';

const MB = 1024 * 1024;
let router: Router;
let server: Server;
let base: string;
let calls: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'body-limit-'));
  calls = path.join(dir, 'calls.log');
  // Answers the size it received and notes each call, so a test can tell whether the function ran.
  writeFileSync(
    path.join(dir, 'sink.mjs'),
    `import { appendFileSync } from 'node:fs';
     export default async (req) => {
       const size = (await req.arrayBuffer()).byteLength;
       appendFileSync(${JSON.stringify(calls)}, size + '\\n');
       return Response.json({ size });
     };
     export const config = { path: '/api/sink' };`,
  );
  writeFileSync(calls, '');
  router = createRouter((file) => import(file), dir);
  server = createServer(async (req, res) => {
    const response = (await router.handle(toRequest(req), '127.0.0.1')) ?? new Response(null, { status: 404 });
    await sendResponse(res, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Calls of the sink function so far. */
const ran = () => readFileSync(calls, 'utf8').split('\n').filter(Boolean).length;

/** A body of `size` bytes with its type, as the router sees it (with or without Content-Length). */
function post(size: number, type: string, streamed = false): Request {
  const bytes = new Uint8Array(size).fill(97);
  const body = streamed ? new Blob([bytes]).stream() : bytes;
  return new Request('http://localhost/api/sink', {
    method: 'POST',
    headers: { 'content-type': type, ...(streamed ? {} : { 'content-length': String(size) }) },
    body,
    duplex: 'half',
  } as RequestInit);
}

const send = (request: Request) => router.handle(request, '127.0.0.1') as Promise<Response>;

describe('Netlify body limit of a synchronous function', () => {
  it('counts text as it is and binary as base64: 6 MB of text, 4.5 MB of binary', () => {
    expect(PAYLOAD_LIMIT).toBe(6 * MB);
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'text/csv;charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/ld+json',
      'application/xml',
      'application/atom+xml',
    ]) {
      expect(isTextBody(type), type).toBe(true);
      expect(maxBodyBytes(type), type).toBe(6 * MB);
    }
    for (const type of [
      null,
      '',
      'application/octet-stream',
      'application/pdf',
      'image/png',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'textual/plain',
    ]) {
      expect(isTextBody(type), String(type)).toBe(false);
      expect(maxBodyBytes(type), String(type)).toBe(4.5 * MB);
    }
    // 4.5 MB is exactly what base64 grows into 6 MB.
    expect(Math.ceil((4.5 * MB) / 3) * 4).toBe(6 * MB);
  });

  it("lets the intake's 4 MB octet-stream part through, byte for byte", async () => {
    expect(PART_BYTES).toBe(4 * MB);
    for (const streamed of [false, true]) {
      const res = await send(post(PART_BYTES, 'application/octet-stream', streamed));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ size: PART_BYTES });
    }
  });

  it('takes a body right at the limit and refuses one byte more, before the function runs', async () => {
    const before = ran();
    for (const streamed of [false, true]) {
      expect((await send(post(4.5 * MB, 'application/octet-stream', streamed))).status).toBe(200);
      expect((await send(post(6 * MB, 'application/json', streamed))).status).toBe(200);
    }
    expect(ran()).toBe(before + 4);

    for (const streamed of [false, true]) {
      for (const [size, type] of [
        [4.5 * MB + 1, 'application/octet-stream'],
        [4.5 * MB + 1, 'image/png'],
        [5 * MB, ''],
        [6 * MB + 1, 'application/json'],
        [6 * MB + 1, 'text/plain'],
      ] as const) {
        const res = await send(post(size, type, streamed));
        expect(res.status, `${size} ${type} streamed=${streamed}`).toBe(413);
        expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        expect(await res.text()).toMatch(/^Payload Too Large: .*6 MB of text or 4\.5 MB of binary/);
      }
    }
    expect(ran()).toBe(before + 4);
  });

  it('judges by Content-Length when there is one: 5 MB declared is refused though 3 KB arrive', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
        if (pulled > 2) controller.close();
      },
    });
    const request = new Request('http://localhost/api/sink', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(5 * MB) },
      body,
      duplex: 'half',
    } as RequestInit);
    const before = ran();
    expect((await send(request)).status).toBe(413);
    expect(ran()).toBe(before);
  });

  it('sends the 413 over HTTP to a client that is still uploading, and the connection stays usable', async () => {
    const big = new Uint8Array(20 * MB);
    const withLength = await fetch(`${base}/api/sink`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: big,
    });
    expect(withLength.status).toBe(413);
    expect(await withLength.text()).toContain('Payload Too Large');
    const chunked = await fetch(`${base}/api/sink`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    await chunked.text();
    const chunkedPart = await fetch(`${base}/api/sink`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Blob([new Uint8Array(MB)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(await chunkedPart.json()).toEqual({ size: MB });
    const part = await fetch(`${base}/api/sink`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(PART_BYTES),
    });
    expect(await part.json()).toEqual({ size: PART_BYTES });
  });
});
