/**
 * `npm start`: serves the production build in `dist/` with the Netlify Functions at their `/api/...`
 * paths and Netlify Blobs on disk, in one process, with no network and no account. Netlify's own
 * `@netlify/dev` rebuilds a function on every request (about 280 ms, 7 requests/s here), so this small
 * server stands in for the CDN and the functions runtime locally. See docs/architecture.md, "Local runtime".
 */
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useDatabase } from '../src/db/client.ts';
import { redactUrl } from '../src/server/redact.ts';
import { DatabaseLockedError, openDatabase } from '../src/db/embedded.ts';
import { startLocalBlobs, useBlobsContext } from './lib/blobs.ts';
import { createRouter, type ModuleLoader } from './lib/functions.ts';
import { clientIp, sendResponse, toRequest } from './lib/node-http.ts';
import { startScheduler } from './lib/scheduler.ts';
import { isLoopbackHost, localEditorProxy } from './lib/cms-proxy.ts';
import { LOCAL_PROXY_PATH } from '../src/lib/cms-config.ts';
import { createStaticHandler, readHeaderRules } from './lib/static.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.env.DIST_DIR ?? path.join(root, 'dist'));
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
// `npm run cms` (--cms): the browser editor at /cms writes to this folder's content/ (CMS_LOCAL_DIR: another).
const editorDir = process.env.CMS_LOCAL_DIR ?? (process.argv.includes('--cms') ? root : undefined);
// The editor writes to the working tree: it is served to this computer only (scripts/lib/cms-proxy.ts).
if (editorDir && !isLoopbackHost(host)) {
  console.error(
    `The content editor (npm run cms, CMS_LOCAL_DIR) writes to ${path.resolve(editorDir)}, so it listens on this ` +
      `computer only: HOST must be 127.0.0.1, ::1 or localhost, not "${host}". Unset HOST, or use \`npm start\` ` +
      'to show the site to another device without the editor.',
  );
  process.exit(1);
}

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build in ${dist}. Run \`npm run build\` first (\`npm start\` does both).`);
  process.exit(1);
}

// LOCAL_BLOBS_CONTEXT names a Blobs store already running (bench:faults' store behind its fault proxy): it is used
// as is, and this server starts none of its own. Read here only: deployed functions get Netlify's context.
const stopBlobs = process.env.LOCAL_BLOBS_CONTEXT
  ? useBlobsContext(process.env.LOCAL_BLOBS_CONTEXT)
  : await startLocalBlobs();
// This process owns the database: open (and migrate) it now, so a locked folder fails at start, not on a
// visitor's submit, and share it so the admin CLI and tests can reach it while the server runs.
// A server named by DATABASE_URL is reached with the deployed functions' time limits (FUNCTION_DB_TIMEOUTS).
const database = await openDatabase({ timeouts: true }).catch((error) => {
  console.error(error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
});
if (database.driver !== 'pglite' || !database.share) {
  console.log(`Database: ${database.driver}`);
} else {
  console.log(`Database: embedded PGlite, shared on ${await database.share()}`);
}
useDatabase(database);
// Each function module loaded once: an `import()` of every function on every request was ~2% of the CPU under load.
const loaded = new Map<string, ReturnType<ModuleLoader>>();
const router = createRouter((file) => {
  let module = loaded.get(file);
  if (!module) loaded.set(file, (module = import(file)));
  return module;
});
const editorProxy = editorDir ? await localEditorProxy(path.resolve(editorDir), `${host}:${port}`) : undefined;
const serveStatic = createStaticHandler(dist, readHeaderRules(path.join(root, 'netlify.toml')));

/** Stops the Blobs server and closes the database, then exits. */
async function shutdown(code: number): Promise<never> {
  await Promise.allSettled([stopBlobs(), database.close()]);
  process.exit(code);
}

// Each scheduled function runs at the minutes its own cron matches (UTC), as on Netlify. An invalid
// schedule stops the start here, as it would fail the deploy there.
const scheduled = await router.scheduled();
let stopScheduler = () => {};
try {
  stopScheduler = startScheduler(scheduled);
} catch (error) {
  console.error((error as Error).message);
  await shutdown(1);
}
const schedules = scheduled.map((job) => `${path.basename(job.file)} "${job.schedule}"`);
if (schedules.length) console.log(`Scheduled (UTC): ${schedules.join(', ')}`);

const server = createServer(async (req, res) => {
  if (editorProxy && req.url?.split('?')[0] === LOCAL_PROXY_PATH) return editorProxy.handle(req, res);
  try {
    // The URL is on the origin of the Host header, so forms work at localhost, 127.0.0.1 or a LAN address.
    const request = toRequest(req);
    let response =
      (await router.handle(request, clientIp(req))) ??
      serveStatic(request) ??
      Response.json({ error: { code: 'method_not_allowed', message: 'Method not allowed' } }, { status: 405 });
    // The editor page carries the run's secret that the local proxy asks of every request.
    if (editorProxy && new URL(request.url).pathname === '/cms') response = await editorProxy.editorPage(response, req);
    await sendResponse(res, response, req.method === 'HEAD');
  } catch (error) {
    console.error(`${req.method} ${redactUrl(req.url ?? '')} failed:`, error);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end('{"error":{"code":"internal","message":"Something went wrong on our side."}}');
  }
});

server.listen(port, host, () => {
  console.log(`Serving dist/ and netlify/functions at http://localhost:${port}`);
  if (editorDir)
    console.log(`Content editor: http://localhost:${port}/cms (writes to ${path.resolve(editorDir)}/content)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopScheduler();
    server.close();
    void shutdown(0);
  });
}
