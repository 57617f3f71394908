import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  answerOrFail,
  ApiError,
  fieldErrors,
  invalidFields,
  notFound,
  rateLimited,
  refusalResponse,
  unavailable,
} from '../../../src/server/errors.ts';
import { readJson } from '../../../src/server/guards.ts';
import { noContent, routeAction } from '../../../src/server/http.ts';
import { isUuid } from '../../../src/server/ids.ts';
import { allowedOrigins, configuredOrigins, extraOrigins, siteOrigin } from '../../../src/server/origins.ts';

afterEach(() => vi.unstubAllEnvs());

describe('ApiError → Response', () => {
  it('answers status, code and message in the API shape, with no-store and without Retry-After', async () => {
    const res = refusalResponse(new ApiError(409, 'slug_taken', 'Another post already uses this slug.'));
    expect(res.status).toBe(409);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.has('retry-after')).toBe(false);
    expect(await res.text()).toBe('{"error":{"code":"slug_taken","message":"Another post already uses this slug."}}');
  });

  it('carries the field errors of a 422', async () => {
    const res = refusalResponse(invalidFields({ email: 'Enter a valid email' }));
    expect(res.status).toBe(422);
    expect(await res.text()).toBe(
      '{"error":{"code":"invalid_fields","message":"Some answers need your attention.","fields":{"email":"Enter a valid email"}}}',
    );
    expect(
      (await refusalResponse(invalidFields({ page: 'x' }, 'Some filters are not valid.')).json()).error.message,
    ).toBe('Some filters are not valid.');
  });

  it('asks a 503 to retry in 30 seconds', async () => {
    const res = refusalResponse(unavailable('Try again in a minute.'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toEqual({ error: { code: 'unavailable', message: 'Try again in a minute.' } });
  });

  it('gives a 429 the seconds until its window ends', async () => {
    const res = refusalResponse(rateLimited('Too many.', 42));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
    expect(await res.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many.' } });
  });

  it('names the missing record in a 404', async () => {
    expect(await refusalResponse(notFound('post')).json()).toEqual({
      error: { code: 'not_found', message: 'This post does not exist or has been deleted.' },
    });
  });
});

describe('answerOrFail', () => {
  const failed = unavailable('Down.');

  it('answers the work’s own Response', async () => {
    expect((await answerOrFail(async () => noContent(), failed, 'test')).status).toBe(204);
  });

  it('answers a thrown ApiError as such', async () => {
    const res = await answerOrFail(
      async () => {
        throw notFound('message');
      },
      failed,
      'test',
    );
    expect(res.status).toBe(404);
  });

  it('answers any other throw with the fallback, logs it and shows no stack', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await answerOrFail(
        async () => {
          throw new Error('connection string postgres://secret');
        },
        failed,
        '[req-1] GET /api/x failed',
      );
      expect(res.status).toBe(503);
      expect(await res.text()).not.toContain('secret');
      expect(log).toHaveBeenCalledWith('[req-1] GET /api/x failed:', expect.any(Error));
    } finally {
      log.mockRestore();
    }
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of each field, dotted paths, `_` for the body', () => {
    expect(
      fieldErrors([
        { path: ['email'], message: 'Enter a valid email' },
        { path: ['email'], message: 'Too long' },
        { path: ['answers', 0, 'text'], message: 'Required' },
        { path: [], message: 'Send an object' },
      ]),
    ).toEqual({ email: 'Enter a valid email', 'answers.0.text': 'Required', _: 'Send an object' });
  });
});

describe('readJson', () => {
  const schema = z.object({ email: z.email('Enter a valid email') });
  const post = (body: string, type = 'application/json') =>
    new Request('http://localhost/api/x', { method: 'POST', headers: { 'content-type': type }, body });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: ApiError) => ({ status: error.status, code: error.code, fields: error.fields }),
    );

  it('answers the data of a body that fits the schema', async () => {
    expect(await readJson(post('{"email":"a@b.example"}'), schema)).toEqual({ email: 'a@b.example' });
  });

  it('throws 422 naming the field and the reason', async () => {
    expect(await refusal(readJson(post('{"email":"nope"}'), schema))).toEqual({
      status: 422,
      code: 'invalid_fields',
      fields: { email: 'Enter a valid email' },
    });
  });

  it('throws 415, 400 and 413 for the wrong type, broken JSON and a body over the limit', async () => {
    expect((await refusal(readJson(post('{}', 'text/plain'), schema)))?.status).toBe(415);
    expect((await refusal(readJson(post('{'), schema)))?.status).toBe(400);
    expect((await refusal(readJson(post(JSON.stringify({ email: 'x'.repeat(100) })), schema, 10)))?.status).toBe(413);
  });
});

describe('routeAction', () => {
  it('picks the action of the request’s method', () => {
    expect(routeAction(new Request('http://x', { method: 'DELETE' }), { GET: 'list', DELETE: 'remove' })).toBe(
      'remove',
    );
  });

  it('answers 405 with Allow for a method the path does not offer', () => {
    const res = routeAction(new Request('http://x', { method: 'PUT' }), { GET: 'list', POST: 'add' }) as Response;
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
  });
});

describe('isUuid', () => {
  it('takes a UUID in either case', () => {
    expect(isUuid('0b9c5a4e-3d7f-4c1a-9e2b-6f8d1a2b3c4d')).toBe(true);
    expect(isUuid('0B9C5A4E-3D7F-4C1A-9E2B-6F8D1A2B3C4D')).toBe(true);
  });

  it('refuses anything else, and a missing id', () => {
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid('')).toBe(false);
    expect(isUuid('export.csv')).toBe(false);
    expect(isUuid('0b9c5a4e-3d7f-4c1a-9e2b-6f8d1a2b3c4d/0')).toBe(false);
  });
});

describe('origins', () => {
  it('reads ALLOWED_ORIGINS as a comma-separated list, blanks dropped', () => {
    vi.stubEnv('ALLOWED_ORIGINS', ' http://devbox.local:8080, ,https://other.example ');
    expect(extraOrigins()).toEqual(['http://devbox.local:8080', 'https://other.example']);
  });

  it('takes the site’s address (SITE_URL, read with the settings) as the site origin', () => {
    expect(siteOrigin()).toBe('https://www.bolesta.example');
  });

  it('lists every configured origin once', () => {
    vi.stubEnv('ALLOWED_ORIGINS', 'https://other.example, https://www.bolesta.example');
    expect(configuredOrigins()).toEqual(['https://www.bolesta.example', 'https://other.example']);
  });

  it('lets a request post from the site, its own origin and ALLOWED_ORIGINS only', () => {
    vi.stubEnv('ALLOWED_ORIGINS', 'https://other.example');
    expect([...allowedOrigins(new Request('http://localhost:4321/api/contact'))]).toEqual([
      'https://www.bolesta.example',
      'http://localhost:4321',
      'https://other.example',
    ]);
  });
});
