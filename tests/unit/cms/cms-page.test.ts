// /cms: the built editor page, served by its function with the editor's own headers; the local proxy of
// `npm run cms` writes to the working tree only for a page of its own server.
import { createServer, type Server } from 'node:http';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cms, { config } from '../../../netlify/functions/cms.mts';
import { distDir } from '../../../scripts/lib/built-site.ts';
import { localEditorProxy } from '../../../scripts/lib/cms-proxy.ts';
import { LOCAL_PROXY_PATH } from '../../../src/lib/cms-config.ts';
import { CMS_HEADERS } from '../../../src/server/security-headers.ts';
import { call } from '../function-harness.ts';

describe('the /cms function', () => {
  it('serves the built editor page with the editor policy, noindex and no caching of a stale page', async () => {
    expect(config.path).toBe('/cms');
    const response = await call(cms, '/cms', undefined, { method: 'GET' });
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(CMS_HEADERS)) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const page = await response.text();
    expect(page).toBe(readFileSync(path.join(distDir, 'cms-shell.html'), 'utf8'));
    expect(page).toContain('<meta name="robots" content="noindex, nofollow"');
    // The site's stylesheet is handed to the preview, not applied to the editor's own screen.
    expect(page).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(page).toMatch(/data-stylesheets="\/_astro\/global\.[\w-]+\.css"/);
  });

  it('answers nothing but GET and HEAD', async () => {
    expect((await call(cms, '/cms', {}, { method: 'POST' })).status).toBe(405);
  });

  it('is not in the sitemap', () => {
    const sitemap = readFileSync(path.join(distDir, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).not.toContain('/cms');
  });
});

describe("npm run cms's local proxy", () => {
  let server: Server;
  let base: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'cms-proxy-'));

  beforeAll(async () => {
    cpSync(path.resolve(import.meta.dirname, '../../../content/testimonials'), path.join(dir, 'content/testimonials'), {
      recursive: true,
    });
    const handler = await localEditorProxy(dir, '127.0.0.1:0');
    server = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (body: unknown, origin: string | undefined) =>
    fetch(`${base}${LOCAL_PROXY_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
      body: JSON.stringify(body),
    });
  const write = {
    action: 'persistEntry',
    params: {
      branch: 'main',
      entry: { slug: 'new-quote', path: 'content/testimonials/new-quote.yaml', raw: 'quote: Hello\n' },
      assets: [],
      options: { commitMessage: 'Create', useWorkflow: false, status: 'draft' },
    },
  };

  it('refuses a page of another origin, or a request with none, and writes nothing', async () => {
    for (const origin of ['http://evil.example', undefined]) {
      const response = await post(write, origin);
      expect(response.status).toBe(403);
    }
    expect(existsSync(path.join(dir, 'content/testimonials/new-quote.yaml'))).toBe(false);
  });

  it("lets the server's own page list and write the working tree", async () => {
    const info = await (await post({ action: 'info' }, base)).json();
    expect(info).toMatchObject({ repo: path.basename(dir), type: 'local_fs' });
    const saved = await post(write, base);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(readFileSync(path.join(dir, 'content/testimonials/new-quote.yaml'), 'utf8')).toBe('quote: Hello\n');
  });
});
