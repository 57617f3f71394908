import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  choiceMessages,
  chooseFiles,
  uploadAll,
  uploadDocument,
  type ChosenFile,
} from '../../../src/islands/intake/documents.ts';
import { fileProblemMessages, PART_BYTES } from '../../../src/features/uploads/contract.ts';

const MB = 1024 * 1024;
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** A PDF-looking file of `size` bytes whose every byte depends on its position, so misplaced slices show. */
function pdf(name: string, size: number): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 12)) & 0xff;
  bytes.set(PDF_MAGIC.slice(0, size));
  return new File([bytes], name, { type: 'application/pdf' });
}

interface Recorded {
  method: string;
  url: string;
  headers: Headers;
  body: RequestInit['body'];
  at: number;
}

type Reply = Response | 'network-error';

/**
 * A fake of the uploads API: records every request and answers through `reply`, which may return undefined to
 * get the normal answer of the route (start → 201, part → 200 with the bytes received so far, complete → 201).
 */
function fakeApi(reply: (request: Recorded, count: number) => Reply | undefined = () => undefined) {
  const requests: Recorded[] = [];
  const received = new Map<string, number>();
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: Recorded = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: new Headers(init.headers),
      body: init.body,
      at: Date.now(),
    };
    requests.push(request);
    const answer = reply(request, requests.filter((r) => r.method === request.method && r.url === request.url).length);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer) return answer;
    if (request.url === '/api/uploads') {
      const { fileSize } = JSON.parse(String(init.body)) as { fileSize: number };
      return Response.json(
        { uploadId: 'up-1', partSize: PART_BYTES, partCount: Math.max(1, Math.ceil(fileSize / PART_BYTES)) },
        { status: 201 },
      );
    }
    const part = /^\/api\/uploads\/up-1\/parts\/(\d+)$/.exec(request.url);
    if (part && request.method === 'PUT') {
      received.set(part[1]!, (init.body as Blob).size);
      return Response.json({ received: [...received.values()].reduce((a, b) => a + b, 0) });
    }
    if (request.url === '/api/uploads/up-1/complete') {
      return Response.json(
        { document: { id: 'doc-1', fileName: 'deck.pdf', fileSize: 0, fileType: 'pdf' } },
        { status: 201 },
      );
    }
    if (request.method === 'DELETE') return new Response(null, { status: 204 });
    return Response.json({ error: { code: 'not_found', message: 'No such route.' } }, { status: 404 });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, requests };
}

const apiError = (status: number, code: string, message: string, headers?: HeadersInit) =>
  Response.json({ error: { code, message } }, { status, headers });

const partRequests = (requests: Recorded[]) => requests.filter((r) => r.method === 'PUT');

/** Runs an upload under fake timers, so the backoff waits take no real time but stay measurable. */
async function withFakeTimers<T>(run: () => Promise<T>): Promise<T> {
  vi.useFakeTimers();
  const result = run();
  await vi.runAllTimersAsync();
  return result;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('uploadDocument', () => {
  it('sends a 9 MB file as three parts of at most 4 MB that join to the file, then completes it', async () => {
    const file = pdf('deck.pdf', 9 * MB);
    const { fetchImpl, requests } = fakeApi();
    const progress: number[] = [];

    const result = await uploadDocument(file, 'tok-123', (fraction) => progress.push(fraction), fetchImpl);

    expect(result).toEqual({ ok: true, documentId: 'doc-1' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/uploads',
      'PUT /api/uploads/up-1/parts/0',
      'PUT /api/uploads/up-1/parts/1',
      'PUT /api/uploads/up-1/parts/2',
      'POST /api/uploads/up-1/complete',
    ]);
    expect(JSON.parse(String(requests[0]!.body))).toEqual({ fileName: 'deck.pdf', fileSize: 9 * MB });
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
    for (const request of requests) expect(request.headers.get('authorization')).toBe('Bearer tok-123');

    const parts = partRequests(requests);
    for (const part of parts) {
      expect(part.headers.get('content-type')).toBe('application/octet-stream');
      expect((part.body as Blob).size).toBeLessThanOrEqual(4 * MB);
    }
    const joined = Buffer.from(await new Blob(parts.map((part) => part.body as Blob)).arrayBuffer());
    // Buffer#equals: toEqual walks 9 million bytes one by one.
    expect(joined.equals(Buffer.from(await file.arrayBuffer()))).toBe(true);

    expect(progress.at(-1)).toBe(1);
    expect(progress.slice(0, 3)).toEqual([4 / 9, 8 / 9, 1]);
  });

  it("returns the API's message when the start is refused and sends no part", async () => {
    const message = "The file's contents do not match its .pdf extension.";
    const { fetchImpl, requests } = fakeApi((r) =>
      r.url === '/api/uploads' ? apiError(422, 'content_mismatch', message) : undefined,
    );

    const result = await uploadDocument(pdf('deck.pdf', 1000), 'tok', () => {}, fetchImpl);

    expect(result).toEqual({ ok: false, reason: message });
    expect(requests).toHaveLength(1);
    expect(partRequests(requests)).toHaveLength(0);
  });

  it('retries a part that fails twice with 503 after 0.5 s and 1 s, then completes', async () => {
    const { fetchImpl, requests } = fakeApi((r, count) =>
      r.url.endsWith('/parts/1') && count <= 2 ? apiError(503, 'unavailable', 'Try again.') : undefined,
    );

    const result = await withFakeTimers(() => uploadDocument(pdf('deck.pdf', 5 * MB), 'tok', () => {}, fetchImpl));

    expect(result).toEqual({ ok: true, documentId: 'doc-1' });
    const part1 = requests.filter((r) => r.url.endsWith('/parts/1'));
    expect(part1).toHaveLength(3);
    expect([part1[1]!.at - part1[0]!.at, part1[2]!.at - part1[1]!.at]).toEqual([500, 1000]);
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('waits as long as Retry-After asks, capped at 5 s, and retries a network failure', async () => {
    const { fetchImpl, requests } = fakeApi((r, count) => {
      if (r.url !== '/api/uploads') return undefined;
      if (count === 1) return apiError(429, 'rate_limited', 'Slow down.', { 'Retry-After': '2' });
      if (count === 2) return apiError(503, 'unavailable', 'Try again.', { 'Retry-After': '30' });
      if (count === 3) return 'network-error';
      return undefined;
    });

    const result = await withFakeTimers(() => uploadDocument(pdf('a.pdf', 100), 'tok', () => {}, fetchImpl));

    expect(result.ok).toBe(true);
    const starts = requests.filter((r) => r.url === '/api/uploads');
    expect(starts.slice(1).map((r, i) => r.at - starts[i]!.at)).toEqual([2000, 5000, 2000]);
  });

  it('gives up on a part that keeps failing after three retries, deletes the upload and says why', async () => {
    const { fetchImpl, requests } = fakeApi((r) =>
      r.url.endsWith('/parts/0')
        ? apiError(503, 'unavailable', 'We could not handle your document just now.')
        : undefined,
    );

    const result = await withFakeTimers(() => uploadDocument(pdf('deck.pdf', 100), 'tok', () => {}, fetchImpl));

    expect(result).toEqual({ ok: false, reason: 'We could not handle your document just now.' });
    expect(partRequests(requests)).toHaveLength(4);
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/uploads/up-1' });
    expect(requests.at(-1)!.headers.get('authorization')).toBe('Bearer tok');
    expect(requests.some((r) => r.url.endsWith('/complete'))).toBe(false);
  });

  it('says the connection failed when the server cannot be reached at all', async () => {
    const { fetchImpl, requests } = fakeApi(() => 'network-error');

    const result = await withFakeTimers(() => uploadDocument(pdf('deck.pdf', 100), 'tok', () => {}, fetchImpl));

    expect(result).toEqual({ ok: false, reason: expect.stringContaining('could not reach our server') });
    expect(requests).toHaveLength(4);
  });
});

describe('uploadAll', () => {
  const chosen = (id: string, file: File, status: ChosenFile['status'] = 'ready'): ChosenFile => ({
    id,
    file,
    status,
    progress: status === 'done' ? 1 : 0,
  });

  it('uploads one file after another, skips those done and marks each uploading, then done or failed', async () => {
    const { fetchImpl, requests } = fakeApi((r) =>
      r.url === '/api/uploads' && String(r.body).includes('bad.pdf')
        ? apiError(422, 'content_mismatch', 'Not a PDF.')
        : undefined,
    );
    const files = [
      chosen('a', pdf('done.pdf', 10), 'done'),
      chosen('b', pdf('good.pdf', 10)),
      chosen('c', pdf('bad.pdf', 10)),
    ];
    const patches: [string, Partial<ChosenFile>][] = [];

    const { failed } = await uploadAll(files, 'tok', (id, patch) => patches.push([id, patch]), fetchImpl);

    expect(requests.filter((r) => r.url === '/api/uploads')).toHaveLength(2);
    expect(patches.filter(([id]) => id === 'a')).toEqual([]);
    expect(patches.find(([id]) => id === 'b')![1]).toMatchObject({ status: 'uploading' });
    expect(patches.filter(([id]) => id === 'b').at(-1)![1]).toEqual({ status: 'done', progress: 1 });
    expect(patches.filter(([id]) => id === 'c').at(-1)![1]).toEqual({ status: 'failed', error: 'Not a PDF.' });
    expect(failed.map((f) => [f.id, f.status, f.error])).toEqual([['c', 'failed', 'Not a PDF.']]);
  });
});

describe('chooseFiles', () => {
  it('adds accepted files as ready and refuses each bad one with its reason', () => {
    const current = chooseFiles([], [pdf('existing.pdf', 500)]).added;
    const { added, rejected } = chooseFiles(current, [
      new File(['MZ'], 'setup.exe'),
      new File([new Uint8Array(11 * MB)], 'huge.pdf'),
      new File([], 'empty.docx'),
      pdf('existing.pdf', 500),
      pdf('slides.pdf', 800),
      pdf('slides.pdf', 800),
    ]);

    expect(added.map((f) => [f.file.name, f.status, f.progress])).toEqual([['slides.pdf', 'ready', 0]]);
    expect(rejected).toEqual([
      { name: 'setup.exe', reason: fileProblemMessages.unsupported_type },
      { name: 'huge.pdf', reason: fileProblemMessages.too_large },
      { name: 'empty.docx', reason: fileProblemMessages.empty },
      { name: 'existing.pdf', reason: choiceMessages.duplicate },
      { name: 'slides.pdf', reason: choiceMessages.duplicate },
    ]);
    expect(new Set([...current, ...added].map((f) => f.id)).size).toBe(2);
  });

  it('refuses the 11th document', () => {
    const files = Array.from({ length: 11 }, (_, i) => pdf(`doc-${i + 1}.pdf`, 100));
    const { added, rejected } = chooseFiles([], files);
    expect(added).toHaveLength(10);
    expect(rejected).toEqual([{ name: 'doc-11.pdf', reason: choiceMessages.tooMany }]);
    expect(choiceMessages.tooMany).toContain('up to 10 documents');

    const more = chooseFiles(added, [pdf('late.pdf', 100)]);
    expect(more.rejected).toEqual([{ name: 'late.pdf', reason: choiceMessages.tooMany }]);
  });
});
