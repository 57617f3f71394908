import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler, headersFor, readHeaderRules } from '../../../scripts/lib/static.ts';

let root: string;
let serve: ReturnType<typeof createStaticHandler>;

beforeAll(() => {
  const parent = mkdtempSync(path.join(tmpdir(), 'static-'));
  root = path.join(parent, 'dist');
  mkdirSync(path.join(root, 'services'), { recursive: true });
  writeFileSync(path.join(parent, 'secret.txt'), 'outside');
  mkdirSync(path.join(root, '_astro'));
  writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(root, 'about.html'), '<h1>about</h1>');
  writeFileSync(path.join(root, 'services/event-planning.html'), '<h1>events</h1>');
  writeFileSync(path.join(root, '404.html'), '<h1>Oops! Page not found</h1>');
  writeFileSync(path.join(root, '_astro/app.js'), 'console.log(1)'.repeat(50));
  const toml = path.join(root, 'netlify.toml');
  writeFileSync(
    toml,
    `[[headers]]\n  for = "/*"\n  [headers.values]\n    X-Frame-Options = "DENY"\n\n[[headers]]\n  for = "/_astro/*"\n  [headers.values]\n    Cache-Control = "public, max-age=31536000, immutable"\n`,
  );
  serve = createStaticHandler(root, readHeaderRules(toml));
});

const get = (url: string, init?: RequestInit) => serve(new Request(`http://localhost${url}`, init))!;

describe('static file handler (the local CDN)', () => {
  it('serves pretty URLs the way Netlify does', async () => {
    expect(await get('/').text()).toBe('<h1>home</h1>');
    expect(await get('/about').text()).toBe('<h1>about</h1>');
    expect(await get('/services/event-planning').text()).toBe('<h1>events</h1>');
    expect(get('/about').headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('answers an unknown path with 404.html and a 404 status', async () => {
    const res = get('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Oops! Page not found');
  });

  it('never serves a file outside the publish folder', async () => {
    for (const attempt of [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/%E0%A4%A',
    ]) {
      expect(get(attempt).status, attempt).toBe(404);
    }
  });

  it('applies the netlify.toml header rules that match the path', () => {
    expect(get('/about').headers.get('x-frame-options')).toBe('DENY');
    expect(get('/about').headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(get('/_astro/app.js').headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headersFor(readHeaderRules(path.join(root, 'netlify.toml')), '/x')).toEqual({ 'X-Frame-Options': 'DENY' });
  });

  it('compresses text for clients that accept it', async () => {
    const res = get('/_astro/app.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe('console.log(1)'.repeat(50));
  });

  it('leaves other methods to the functions and answers HEAD without a body', async () => {
    expect(serve(new Request('http://localhost/about', { method: 'POST' }))).toBeNull();
    const head = get('/about', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
