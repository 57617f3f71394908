/**
 * The browser editor's local mode (`npm run cms`): Decap's own proxy (decap-server, working-tree mode) answers at
 * LOCAL_PROXY_PATH on the site's own origin, so the editor at http://localhost:4321/cms reads and writes the
 * files under `content/` of `dir` with no account and no network, and its Content-Security-Policy needs no other
 * origin. Only a page of this very server may call it: a request whose Origin is not the server's own is
 * refused, so no other site open in the developer's browser can write to the working tree.
 */
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_PROXY_PATH } from '../../src/lib/cms-config.ts';
import { originFromHost } from './node-http.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;
interface App extends Handler {
  use(path: string, ...handlers: (Handler | App)[]): void;
}

const require = createRequire(import.meta.url);

/** The proxy's request handler for the working tree at `dir`; `fallbackHost` is the server's host:port. */
export async function localEditorProxy(dir: string, fallbackHost: string): Promise<Handler> {
  const express = require('express') as () => App;
  const { registerLocalFs } = require('decap-server/dist/middlewares') as {
    registerLocalFs(app: App, options: { logLevel: string }): Promise<void>;
  };
  // The proxy reads its folder from this variable when it is registered.
  process.env.GIT_REPO_DIRECTORY = dir;
  const proxy = express();
  await registerLocalFs(proxy, { logLevel: 'warn' });
  const app = express();
  const base = LOCAL_PROXY_PATH.slice(0, -'/api/v1'.length);
  const sameOrigin: Handler = (req, res, next) => {
    if (req.headers.origin === originFromHost(req.headers.host, fallbackHost)) return next?.();
    res.writeHead(403, { 'Content-Type': 'application/json' });
    res.end('{"error":"Only the editor on this server may write to the working tree."}');
  };
  app.use(base, sameOrigin, proxy);
  return app;
}
