import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { originFromHost, sendResponse, toRequest } from '../../../scripts/lib/node-http.ts';

let server: Server;
let port: number;

beforeAll(async () => {
  // Answers with the URL the web Request got, which is what a function (and its Origin check) sees.
  server = createServer(async (req, res) => {
    const request = toRequest(req);
    await sendResponse(res, Response.json({ url: request.url, method: request.method, body: await request.text() }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends a raw request with exactly this Host header (or none) and request target. */
function call(target: string, host?: string, init: { method?: string; body?: string } = {}) {
  return new Promise<{ url: string; method: string; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: init.method ?? 'GET',
        setHost: false,
        headers: host === undefined ? {} : { host },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk)).on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('request URL from the Host header', () => {
  it('takes a valid host[:port] as the origin, normalised as a browser writes its Origin', () => {
    const cases: [string, string][] = [
      ['localhost:4321', 'http://localhost:4321'],
      ['127.0.0.1:4321', 'http://127.0.0.1:4321'],
      ['192.168.1.20:4321', 'http://192.168.1.20:4321'],
      ['[::1]:4321', 'http://[::1]:4321'],
      ['[fe80::1ff:fe23:4567:890a]', 'http://[fe80::1ff:fe23:4567:890a]'],
      ['localhost', 'http://localhost'],
      ['app.localhost:4321', 'http://app.localhost:4321'],
    ];
    for (const [host, origin] of cases) expect(originFromHost(host, 'localhost:4321'), host).toBe(origin);
  });

  it('takes another name only when it is one of the site’s own origins (a DNS-rebinding page keeps the fallback)', () => {
    for (const host of ['evil.example:4321', 'devbox.local:8080', 'Bolesta-Staging.Example.COM']) {
      expect(originFromHost(host, 'localhost:4321'), host).toBe('http://localhost:4321');
    }
    vi.stubEnv('SITE_URL', 'https://bolesta-staging.example.com');
    vi.stubEnv('ALLOWED_ORIGINS', 'http://devbox.local:8080, https://other.example');
    try {
      expect(originFromHost('Bolesta-Staging.Example.COM', 'localhost:4321')).toBe(
        'http://bolesta-staging.example.com',
      );
      expect(originFromHost('devbox.local:8080', 'localhost:4321')).toBe('http://devbox.local:8080');
      expect(originFromHost('evil.example:4321', 'localhost:4321')).toBe('http://localhost:4321');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('falls back to localhost:PORT on a missing or malformed Host', () => {
    for (const host of [
      undefined,
      '',
      ' ',
      'evil.example/path',
      'evil.example?x',
      'evil.example#x',
      'user@evil.example',
      'user:pw@evil.example',
      'a b',
      'evil.example:',
      ':4321',
      'evil.example:99999',
      'evil.example:4321:1',
      'evil.example:http',
      '999.1.1.1',
      'foo.123',
      '-bad.example',
      'bad-.example',
      'a..b',
      '.example',
      'évil.example',
      'xn--',
      'evil.example\\x',
      '[zz::1]',
      '[::1',
      'localhost:4321, evil.example',
      `${'a'.repeat(300)}.example`,
    ]) {
      expect(originFromHost(host, 'localhost:4321'), String(host)).toBe('http://localhost:4321');
    }
  });

  it('builds the request URL a function sees from the Host it was sent to', async () => {
    expect((await call('/api/contact?x=1', `127.0.0.1:${port}`)).url).toBe(`http://127.0.0.1:${port}/api/contact?x=1`);
    expect((await call('/api/contact', `localhost:${port}`)).url).toBe(`http://localhost:${port}/api/contact`);
    expect((await call('/api/contact', '192.168.1.20:4321')).url).toBe('http://192.168.1.20:4321/api/contact');
    expect((await call('/', 'evil.example/x')).url).toBe(`http://localhost:${port}/`);
  });

  it('keeps the origin whatever the request target says, and passes the body along', async () => {
    // `//host/path` would be a scheme-relative URL to new URL(); it is a path here.
    expect((await call('//evil.example/api/contact', `localhost:${port}`)).url).toBe(
      `http://localhost:${port}//evil.example/api/contact`,
    );
    expect((await call('http://evil.example/api/contact?a=1', `localhost:${port}`)).url).toBe(
      `http://localhost:${port}/api/contact?a=1`,
    );
    expect(await call('/api/echo', `127.0.0.1:${port}`, { method: 'POST', body: 'hello' })).toEqual({
      url: `http://127.0.0.1:${port}/api/echo`,
      method: 'POST',
      body: 'hello',
    });
  });
});
