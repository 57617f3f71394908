import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRouter, type Router } from '../../../scripts/lib/functions.ts';

let router: Router;

beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'functions-'));
  writeFileSync(
    path.join(dir, 'echo.mjs'),
    `export default async (req, ctx) => Response.json({ method: req.method, params: ctx.params, ip: ctx.ip, id: typeof ctx.requestId });
     export const config = { path: ['/api/echo', '/api/echo/:id/parts/:n'], excludedPath: '/api/echo/skip/parts/:n' };`,
  );
  writeFileSync(
    path.join(dir, 'posts.mjs'),
    `export default async () => new Response('created', { status: 201 });
     export const config = { path: '/api/posts', method: 'POST' };`,
  );
  writeFileSync(
    path.join(dir, 'boom.mjs'),
    `export default async () => { throw new Error('db password is hunter2'); };
     export const config = { path: '/api/boom' };`,
  );
  writeFileSync(
    path.join(dir, 'drain.mjs'),
    `export default async () => new Response('drained');
     export const config = { schedule: '* * * * *' };`,
  );
  router = createRouter((file) => import(file), dir);
});

const call = (url: string, init?: RequestInit) =>
  router.handle(new Request(`http://localhost${url}`, init), '10.1.2.3');

describe('local function router', () => {
  it('matches config.path and passes its named groups as params', async () => {
    const res = await call('/api/echo/abc/parts/2');
    expect(await res!.json()).toEqual({ method: 'GET', params: { id: 'abc', n: '2' }, ip: '10.1.2.3', id: 'string' });
    expect((await (await call('/api/echo'))!.json()).params).toEqual({});
  });

  it('honours excludedPath and config.method, and leaves unclaimed paths alone', async () => {
    expect(await call('/api/echo/skip/parts/1')).toBeNull();
    expect(await call('/api/posts')).toBeNull();
    expect((await call('/api/posts', { method: 'POST' }))!.status).toBe(201);
    expect(await call('/about')).toBeNull();
  });

  it('answers an uncaught throw with a bare 500 that leaks nothing', async () => {
    const res = (await call('/api/boom'))!;
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text).error.code).toBe('internal');
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/at .*\.mjs/);
  });

  it('lists scheduled functions so a local timer can run them', async () => {
    const scheduled = await router.scheduled();
    expect(scheduled.map((s) => path.basename(s.file))).toEqual(['drain.mjs']);
    expect(await (await scheduled[0]!.run()).text()).toBe('drained');
  });
});
