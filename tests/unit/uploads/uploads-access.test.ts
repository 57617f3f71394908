import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDatabase } from '../../../src/db/client.ts';
import { databaseDown } from '../test-db.ts';
import { pendingUploads, rateLimits, uploadedDocuments } from '../../../src/db/schema.ts';
import { UPLOAD_RATE_LIMIT } from '../../../src/server/rate-limit.ts';
import * as up from './uploads-harness.ts';

const handle = up.useUploadsTest();
afterEach(() => vi.restoreAllMocks());

describe('who may upload', () => {
  it('refuses a missing, unknown or expired token with 401', async () => {
    const live = await up.newSubmission();
    const expired = await up.newSubmission(new Date(Date.now() - 3 * 3600_000));
    const { uploadId } = await (await up.start(live.token, 'deck.pdf', 1000)).json();
    for (const token of ['', randomBytes(32).toString('base64url'), expired.token]) {
      for (const res of [await up.start(token, 'deck.pdf', 1000), await up.putPart(token, uploadId, 0, up.pdf(1000))]) {
        expect(res.status).toBe(401);
        expect((await up.errorOf(res)).code).toBe('invalid_upload_token');
      }
    }
    expect(await up.count(pendingUploads)).toBe(1);
    expect(await up.keys(up.parts())).toEqual([]);
  });

  it("does not let submission A's token touch submission B's upload", async () => {
    const a = await up.newSubmission();
    const b = await up.newSubmission();
    const file = up.pdf(1000);
    const uploadId = await up.sendFile(b.token, 'b.pdf', file);
    for (const res of [
      await up.putPart(a.token, uploadId, 0, up.pdf(1000)),
      await up.complete(a.token, uploadId),
      await up.abort(a.token, uploadId),
    ]) {
      expect(res.status).toBe(404);
      expect((await up.errorOf(res)).code).toBe('upload_not_found');
    }
    expect(await up.count(uploadedDocuments)).toBe(0);
    // B's upload is untouched and still completes with B's own bytes.
    expect((await up.complete(b.token, uploadId)).status).toBe(201);
    const [row] = await handle.db.select().from(uploadedDocuments);
    expect(row!.auditSubmissionId).toBe(b.id);
    expect(up.sha256(await up.documents().get(row!.filePath, { type: 'arrayBuffer' }))).toBe(up.sha256(file));
  });

  it('answers an upload id that is no UUID with 404, not a database error', async () => {
    const { token } = await up.newSubmission();
    const res = await up.complete(token, 'not-a-uuid');
    expect(res.status).toBe(404);
    expect((await up.errorOf(res)).code).toBe('upload_not_found');
  });

  it('refuses a foreign or missing Origin with 403 and other methods with 405', async () => {
    const { token } = await up.newSubmission();
    for (const requestOrigin of ['https://evil.example', null]) {
      const res = await up.start(token, 'deck.pdf', 1000, { origin: requestOrigin });
      expect(res.status).toBe(403);
      expect((await up.errorOf(res)).code).toBe('forbidden_origin');
    }
    const get = await up.call('GET', '/api/uploads', { token });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const uploadId = randomUUID();
    expect((await up.call('POST', `/api/uploads/${uploadId}/parts/0`, { token })).headers.get('allow')).toBe('PUT');
    expect((await up.call('GET', `/api/uploads/${uploadId}`, { token })).headers.get('allow')).toBe('DELETE');
    expect(await up.count(pendingUploads)).toBe(0);
  });

  it('answers 503 with Retry-After and no stack when the database is down', async () => {
    const { token } = await up.newSubmission();
    databaseDown();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await up.start(token, 'deck.pdf', 1000);
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
    vi.setSystemTime(up.windowStart() + (UPLOAD_RATE_LIMIT.windowSeconds * 1000) / 2);
  });
  afterEach(() => vi.useRealTimers());

  it(`answers upload requests from one address past ${UPLOAD_RATE_LIMIT.limit} in 10 minutes with 429 and Retry-After`, async () => {
    const { token } = await up.newSubmission();
    const ip = '203.0.113.9';
    const uploadId = randomUUID();
    // Every route counts, and so does a request whose token is wrong (guessing tokens is limited too).
    const routes = [
      () => up.call('POST', '/api/uploads', { token: 'guess', type: 'application/json', body: '{}', ip }),
      () =>
        up.call('PUT', `/api/uploads/${uploadId}/parts/0`, { token, type: 'application/octet-stream', body: 'x', ip }),
      () => up.call('POST', `/api/uploads/${uploadId}/complete`, { token, ip }),
      () => up.call('DELETE', `/api/uploads/${uploadId}`, { token, ip }),
    ];
    for (let i = 0; i < UPLOAD_RATE_LIMIT.limit; i++) {
      expect((await routes[i % routes.length]!()).status).not.toBe(429);
    }
    for (const route of routes) {
      const limited = await route();
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe(String(UPLOAD_RATE_LIMIT.windowSeconds / 2));
      expect((await up.errorOf(limited)).code).toBe('rate_limited');
    }
    // The counter is a row, so every function instance sees it; another address still gets through.
    const [row] = await handle.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `upload:${ip}`));
    expect(row!.count).toBeGreaterThan(UPLOAD_RATE_LIMIT.limit);
    expect((await up.call('DELETE', `/api/uploads/${uploadId}`, { token, ip: '203.0.113.10' })).status).toBe(404);
  });

  it('counts the addresses of one IPv6 /64 together, and another /64 apart', async () => {
    const { token } = await up.newSubmission();
    await handle.db.insert(rateLimits).values({
      key: 'upload:2001:db8:1:2::/64',
      windowStart: new Date(up.windowStart()),
      count: UPLOAD_RATE_LIMIT.limit,
    });
    const uploadId = randomUUID();
    const abortFrom = (ip: string) => up.call('DELETE', `/api/uploads/${uploadId}`, { token, ip });
    expect((await abortFrom('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).status).toBe(429);
    expect((await abortFrom('2001:DB8:1:2::1')).status).toBe(429);
    expect((await abortFrom('2001:db8:1:3::1')).status).toBe(404);
  });
});
