/**
 * One deploy of the parity run, as Netlify serves it: the ZIP artifacts run by Netlify's own local runtime
 * (`FunctionsHandler` of @netlify/functions-dev: each invocation in a fresh Worker, through lambda-local and
 * the archive's own `___netlify-entry-point.mjs` + `___netlify-bootstrap.mjs`, the code Lambda runs), the
 * built files of `dist/` for every other path, and in front of both what Netlify's edge does: the 6 MB
 * payload limit, binary bodies base64-encoded, the client's `x-nf-*` headers dropped and the platform's set.
 *
 *   node scripts/parity/server.ts '<InstanceOptions as JSON>'
 *
 * Its environment is the functions' environment (the workers inherit it), so the parent passes exactly
 * what Netlify gives a function and settings travel in the argument instead. It prints one line
 * `parity-ready {"port":…,"user":…}` once it serves.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { mockLocation, Reactive, shouldBase64Encode } from '@netlify/dev-utils';
import { FunctionsHandler } from '@netlify/functions-dev';
import { createStaticHandler, readHeaderRules } from '../lib/static.ts';
import { adoptManifest, type Manifest } from './manifest.ts';

export interface InstanceOptions {
  /** The folder of ZIP artifacts and their manifest.json. */
  artifacts: string;
  /** Where the runtime unzips the archives (its project root); the functions cannot write it. */
  root: string;
  dist: string;
  netlifyToml: string;
  /** The address visitors use (DNS and TLS stand-ins): the URL a function sees is on this origin. */
  publicUrl: string;
  deploy: { id: string; context: string; published: boolean; branch: string };
  port?: number;
  /** Print each invocation's import time (`npm run bench:cold`, scripts/parity/manifest.ts). */
  timeImports?: boolean;
}

/** Lambda's request payload limit, which Netlify's synchronous functions share. */
const PAYLOAD_LIMIT = 6 * 1024 * 1024;

const options = JSON.parse(process.argv[2] ?? '{}') as InstanceOptions;

// Netlify never sets these for a function; a run that leaked them from the shell would prove nothing.
for (const name of ['NODE_ENV', 'CONTEXT']) {
  if (name in process.env) throw new Error(`${name} is set: a deployed function never sees it`);
}

const manifest = JSON.parse(readFileSync(path.join(options.artifacts, 'manifest.json'), 'utf8')) as Manifest;
const functions = new FunctionsHandler({
  projectRoot: options.root,
  // '' (and `match(request, '')` below): serve the archives as they are. With a build folder the runtime
  // would rebuild each unzipped archive from source with zip-it-and-ship-it, which fails for an archive.
  destPath: '',
  config: new Reactive({}),
  settings: {},
  manifest,
  geolocation: mockLocation,
  siteId: process.env.SITE_ID,
  userFunctionsPath: options.artifacts,
});
await adoptManifest(functions, manifest, options.root, options.timeImports);
const user = dropPrivileges(options.root);

const serveStatic = createStaticHandler(path.resolve(options.dist), readHeaderRules(options.netlifyToml));
const publicUrl = new URL(options.publicUrl);

const server = http.createServer((req, res) => {
  handle(req)
    .then((response) => send(response, res, req.method === 'HEAD'))
    .catch((error: unknown) => {
      console.error(`${req.method} ${req.url} failed in the front server:`, error);
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('Bad gateway\n');
    });
});
server.listen(options.port ?? 0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`parity-ready ${JSON.stringify({ port, user })}`);
});
process.on('SIGTERM', () => process.exit(0));

async function handle(req: http.IncomingMessage): Promise<Response> {
  const url = new URL(req.url ?? '/', publicUrl);
  const method = req.method ?? 'GET';
  const headers = platformHeaders(req);
  const match = await functions.match(new Request(url, { method, headers }), '');
  if (!match || (match.preferStatic && serveStatic(new Request(url))?.ok)) {
    req.resume(); // a static file takes no body
    return serveStatic(new Request(url, { method, headers })) ?? new Response('Method not allowed', { status: 405 });
  }
  if (method === 'GET' || method === 'HEAD') {
    req.resume();
    return await match.handle(new Request(url, { method, headers }));
  }
  const body = await readPayload(req, headers.get('content-type'));
  if (body === 'too large') return payloadTooLarge();
  headers.set('content-length', String(body.raw));
  return await match.handle(new Request(url, { method, headers, body: body.payload }));
}

/**
 * The request headers a function sees on Netlify: the client's, without any `x-nf-*` (only the edge sets
 * those) or forwarding headers, and with the platform's. FunctionsHandler itself adds `x-nf-site-id`,
 * `x-nf-geo` and `x-nf-client-connection-ip` (from the `x-forwarded-for` set here).
 */
function platformHeaders(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (/^(x-nf-|x-forwarded-|forwarded$|connection$|keep-alive$|transfer-encoding$|content-length$)/i.test(name)) {
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value ?? '']) headers.append(name, item);
  }
  const { deploy } = options;
  headers.set('host', publicUrl.host);
  headers.set('x-forwarded-proto', publicUrl.protocol.slice(0, -1));
  headers.set('x-forwarded-for', req.socket.remoteAddress ?? '');
  headers.set('x-nf-request-id', randomBytes(13).toString('hex').toUpperCase());
  headers.set('x-nf-deploy-id', deploy.id);
  headers.set('x-nf-deploy-context', deploy.context);
  headers.set('x-nf-deploy-published', deploy.published ? '1' : '0');
  headers.set('x-nf-branch', deploy.branch);
  return headers;
}

/**
 * The body as it travels in the Lambda event: text as it is, anything else base64-encoded (Netlify's
 * edge does so; FunctionsHandler reads the body with `request.text()` and marks it base64 by the same
 * `shouldBase64Encode`, so raw bytes would be mangled). Over 6 MB as it travels: refused.
 */
async function readPayload(
  req: http.IncomingMessage,
  contentType: string | null,
): Promise<{ payload: string; raw: number } | 'too large'> {
  const base64 = shouldBase64Encode(contentType ?? '');
  const travels = (bytes: number) => (base64 ? Math.ceil(bytes / 3) * 4 : bytes);
  if (travels(Number(req.headers['content-length'] ?? 0)) > PAYLOAD_LIMIT) return discard(req);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (travels(size) > PAYLOAD_LIMIT) return discard(req);
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  return { payload: base64 ? bytes.toString('base64') : bytes.toString('utf8'), raw: size };
}

/** Reads and drops the rest of a refused body, so the client can read the 413 (RFC 9112, 9.6). */
function discard(req: http.IncomingMessage): 'too large' {
  req.resume();
  return 'too large';
}

/** The platform's refusal, written by no function. */
const payloadTooLarge = () =>
  new Response('Payload Too Large: a function takes at most 6 MB (binary counted base64-encoded).\n', {
    status: 413,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/** Writes a fetch Response to Node's response, each `Set-Cookie` on its own (Headers joins the others). */
async function send(response: Response, res: http.ServerResponse, head: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  // Runtime bookkeeping that Netlify's edge keeps to itself.
  for (const [name, value] of response.headers) if (!/^(x-nf-|set-cookie$)/.test(name)) headers[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (response.body && !head) for await (const chunk of response.body) res.write(chunk);
  res.end();
}

/**
 * Lambda runs a function in a read-only /var/task. We run as root, which file modes do not stop, so once
 * the runtime has unpacked the archives (as root: the files stay root's, 0644/0755) this process becomes
 * `nobody` for good, before it serves anything: every worker, so every function, runs as `nobody`, who can
 * write /tmp but neither the archives nor the repository. Run as another user, the unpacked archives lose
 * their write bits instead. Either way a probe write must fail, or the instance refuses to start.
 */
function dropPrivileges(root: string): string {
  if (process.getuid?.() === 0 && process.setuid && process.setgid && process.setgroups) {
    const nobody = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .map((line) => line.split(':'))
      .find((fields) => fields[0] === 'nobody');
    if (!nobody?.[2] || !nobody[3]) throw new Error('no user "nobody" in /etc/passwd to run the functions as');
    process.setgroups([Number(nobody[3])]);
    process.setgid(Number(nobody[3]));
    process.setuid(Number(nobody[2]));
  } else {
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => path.join(root, f))) {
      chmodSync(file, statSync(file).mode & ~0o222);
    }
  }
  const probe = path.join(root, '.unzipped', 'write-probe');
  try {
    writeFileSync(probe, 'x');
  } catch {
    return `${process.getuid?.() === 65534 ? 'nobody' : 'uid'} ${process.getuid?.()}`;
  }
  throw new Error(`${probe} could be written: the functions would not run read-only, refusing to start`);
}
