/**
 * The browser editor's local mode (`npm run cms`): Decap's own proxy (decap-server, working-tree mode) answers at
 * LOCAL_PROXY_PATH on the site's own origin, so the editor at http://localhost:4321/cms reads and writes the
 * files under `content/` of `dir` with no account and no network, and its Content-Security-Policy needs no other
 * origin. decap-server itself would read and write any file of `dir` (`.env`, `.git/hooks/…`, `package.json`), so
 * every request passes four checks first (docs/security.md, review item 2), each refusal a 4xx JSON naming why:
 * - the peer is this computer (the socket's loopback address; `npm run cms` listens on loopback only, scripts/serve.ts);
 * - its Origin is this server's own (no other site open in the developer's browser);
 * - it carries the run's secret in LOCAL_TOKEN_HEADER: random per run, written only into the editor page this
 *   server serves to a loopback name (editorPage), so neither another program on the machine nor a page that
 *   rebinds its own name to 127.0.0.1 holds it;
 * - it is one of the working-tree actions, and every path it names is under `content/` (entries and their images:
 *   every folder of src/lib/cms-config.ts is there), relative, without `..`, and not leading out through a link.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { LOCAL_PROXY_PATH, LOCAL_TOKEN_HEADER } from '../../src/lib/cms-config.ts';
import { originFromHost } from './node-http.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;
interface App extends Handler {
  use(path: string, ...handlers: (Handler | App)[]): void;
}

const require = createRequire(import.meta.url);

/** The folder of `dir` the editor may touch. */
export const CONTENT_FOLDER = 'content';

/** Whether an address is this computer's own: 127.0.0.0/8 or ::1 (also IPv4 written as IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '');
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

/** Whether a HOST to listen on is loopback only: `localhost` or a loopback address. */
export const isLoopbackHost = (host: string): boolean => host === 'localhost' || isLoopbackAddress(host);

/** A refusal: its status, its reason (a code) and the sentence the editor shows (Decap reads `error`). */
export interface Refusal {
  status: number;
  reason: string;
  error: string;
}

const refuse = (status: number, reason: string, error: string): Refusal => ({ status, reason, error });

/** The actions of decap-server's working-tree mode and the paths each names. */
const PATHS_OF: Record<string, (params: Record<string, unknown>) => unknown[]> = {
  info: () => [],
  getDeployPreview: () => [],
  entriesByFolder: (p) => [p.folder],
  entriesByFiles: (p) => (Array.isArray(p.files) ? p.files.map((f) => (f as { path?: unknown })?.path) : [p.files]),
  getEntry: (p) => [p.path],
  persistEntry: (p) => {
    const files = [...(p.entry ? [p.entry] : []), ...(Array.isArray(p.dataFiles) ? p.dataFiles : [])];
    const data = files.flatMap((f) => {
      const file = f as { path?: unknown; newPath?: unknown };
      return file?.newPath === undefined ? [file?.path] : [file?.path, file.newPath];
    });
    const assets = Array.isArray(p.assets) ? p.assets.map((a) => (a as { path?: unknown })?.path) : [];
    return [...data, ...assets];
  },
  getMedia: (p) => [p.mediaFolder],
  getMediaFile: (p) => [p.path],
  persistMedia: (p) => [(p.asset as { path?: unknown } | undefined)?.path],
  deleteFile: (p) => [p.path],
  deleteFiles: (p) => (Array.isArray(p.paths) ? p.paths : [p.paths]),
};

/** Why `dir`'s editor may not touch `file`, or null when it is a path under `content/`. */
export function contentPathRefusal(dir: string, file: unknown): Refusal | null {
  if (typeof file !== 'string' || !file || file.includes('\0') || file.includes('\\'))
    return refuse(400, 'bad_path', 'A path must be a file name under content/.');
  if (file.startsWith('/') || path.isAbsolute(file) || /^[a-z]:/i.test(file))
    return refuse(403, 'absolute_path', `"${file}" is an absolute path: the editor writes only under content/.`);
  if (file.split('/').includes('..'))
    return refuse(403, 'path_traversal', `"${file}" climbs out with "..": the editor writes only under content/.`);
  const clean = path.posix.normalize(file);
  if (clean !== CONTENT_FOLDER && !clean.startsWith(`${CONTENT_FOLDER}/`))
    return refuse(403, 'outside_content', `"${file}" is not under content/: the editor reads and writes only there.`);
  // A link inside content/ may not lead out: the nearest part of the path that exists must be in content/.
  const root = path.resolve(dir, CONTENT_FOLDER);
  let existing = path.resolve(dir, clean);
  while (!existsSync(existing) && existing.startsWith(root) && existing !== root) existing = path.dirname(existing);
  if (existsSync(root) && existsSync(existing)) {
    const real = realpathSync(existing);
    const realRoot = realpathSync(root);
    if (real !== realRoot && !real.startsWith(`${realRoot}${path.sep}`))
      return refuse(403, 'outside_content', `"${file}" leads out of content/ through a link.`);
  }
  return null;
}

/** Why a parsed request body may not go on to decap-server, or null. */
export function bodyRefusal(dir: string, body: unknown): Refusal | null {
  const { action, params } = (body ?? {}) as { action?: unknown; params?: unknown };
  const pathsOf = typeof action === 'string' && Object.hasOwn(PATHS_OF, action) ? PATHS_OF[action] : undefined;
  if (!pathsOf) return refuse(400, 'unknown_action', `The local proxy does not do "${String(action)}".`);
  const paths = pathsOf((params ?? {}) as Record<string, unknown>);
  for (const file of paths) {
    const refusal = contentPathRefusal(dir, file);
    if (refusal) return refusal;
  }
  return null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface LocalEditorProxy {
  /** Answers a request to LOCAL_PROXY_PATH. */
  handle: Handler;
  /** The run's secret (the tests hand it to their requests as the editor page does). */
  token: string;
  /** The editor page /cms with the run's secret in it, for a loopback peer at a loopback name; else as it is. */
  editorPage(response: Response, req: IncomingMessage): Promise<Response>;
}

export interface ProxyOptions {
  /** The run's secret; random by default. */
  token?: string;
  /** The peer's address (the socket's own by default; the tests stand in another computer here). */
  peerOf?: (req: IncomingMessage) => string | undefined;
}

/** The proxy for the working tree at `dir`; `fallbackHost` is the server's host:port. */
export async function localEditorProxy(
  dir: string,
  fallbackHost: string,
  { token = randomBytes(32).toString('base64url'), peerOf = (req) => req.socket.remoteAddress }: ProxyOptions = {},
): Promise<LocalEditorProxy> {
  const express = require('express') as (() => App) & { json(options: { limit: string }): Handler };
  const { registerLocalFs } = require('decap-server/dist/middlewares') as {
    registerLocalFs(app: App, options: { logLevel: string }): Promise<void>;
  };
  // The proxy reads its folder from this variable when it is registered.
  process.env.GIT_REPO_DIRECTORY = dir;
  const proxy = express();
  await registerLocalFs(proxy, { logLevel: 'warn' });
  const app = express();
  const base = LOCAL_PROXY_PATH.slice(0, -'/api/v1'.length);
  const expected = digest(token);

  const send = (res: ServerResponse, { status, reason, error }: Refusal) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ error, reason }));
  };
  const caller: Handler = (req, res, next) => {
    if (!isLoopbackAddress(peerOf(req)))
      return send(res, refuse(403, 'not_loopback', 'The local editor answers this computer only.'));
    if (req.headers.origin !== originFromHost(req.headers.host, fallbackHost))
      return send(res, refuse(403, 'wrong_origin', 'Only the editor on this server may write to the working tree.'));
    const given = req.headers[LOCAL_TOKEN_HEADER];
    if (typeof given !== 'string' || !given)
      return send(res, refuse(401, 'no_token', "The request lacks this run's editor secret: open /cms again."));
    if (!timingSafeEqual(digest(given), expected))
      return send(res, refuse(403, 'wrong_token', "The editor secret is not this run's: open /cms again."));
    next?.();
  };
  // The body read once here (decap-server's own reader then leaves it be) and its paths checked.
  const body = express.json({ limit: '50mb' });
  const paths: Handler = (req, res, next) => {
    const refusal = bodyRefusal(dir, (req as IncomingMessage & { body?: unknown }).body);
    return refusal ? send(res, refusal) : next?.();
  };
  // A body that is not JSON, or over the limit, stops at the reader: its refusal in the same shape.
  const unreadable = (_error: unknown, _req: IncomingMessage, res: ServerResponse, _next: () => void) =>
    send(res, refuse(400, 'bad_body', 'The request body is not JSON the local proxy reads.'));
  app.use(base, caller, body, paths, proxy, unreadable as unknown as Handler);

  return {
    handle: app,
    token,
    async editorPage(response, req) {
      const host = req.headers.host?.replace(/:\d+$/, '') ?? '';
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith('text/html') || !isLoopbackAddress(peerOf(req))) return response;
      if (host !== 'localhost' && !isLoopbackAddress(host)) return response;
      const page = (await response.text()).replace(
        'id="cms-settings"',
        `id="cms-settings" data-local-token="${token}"`,
      );
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      headers.set('Cache-Control', 'no-store');
      return new Response(page, { status: response.status, headers });
    },
  };
}
