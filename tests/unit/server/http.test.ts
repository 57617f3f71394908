import { describe, expect, it } from 'vitest';
import { allowMethods, apiError, withErrors, type FnContext } from '../../../src/server/http.ts';

const context: FnContext = {
  ip: '127.0.0.1',
  params: {},
  requestId: 'req-1',
  url: new URL('http://localhost/api/x'),
  waitUntil: () => {},
};

describe('API helpers', () => {
  it('shapes every error as { error: { code, message, fields? } }', async () => {
    const res = apiError(422, 'invalid', 'Check the form.', { email: 'Enter a valid email' });
    expect(res.status).toBe(422);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      error: { code: 'invalid', message: 'Check the form.', fields: { email: 'Enter a valid email' } },
    });
    expect(await apiError(404, 'not_found', 'Nope').json()).toEqual({ error: { code: 'not_found', message: 'Nope' } });
  });

  it('rejects other methods with 405 and an Allow header', async () => {
    expect(allowMethods(new Request('http://x', { method: 'GET' }), ['GET'])).toBeNull();
    const res = allowMethods(new Request('http://x', { method: 'DELETE' }), ['GET', 'HEAD'])!;
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('turns a throw into a 500 without the error text', async () => {
    const handler = withErrors(() => {
      throw new Error('connection string postgres://secret');
    });
    const original = console.error;
    console.error = () => {};
    try {
      const res = await handler(new Request('http://localhost/api/x'), context);
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain('secret');
    } finally {
      console.error = original;
    }
  });
});
