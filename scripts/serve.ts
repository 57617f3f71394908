/**
 * `npm start`: serves the production build in `dist/` with the Netlify Functions at their `/api/...`
 * paths and Netlify Blobs on disk, in one process, with no network and no account. Netlify's own
 * `@netlify/dev` rebuilds a function on every request (about 280 ms, 7 requests/s here), so this small
 * server stands in for the CDN and the functions runtime locally. See README "Local runtime".
 */
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useDatabase } from '../src/db/client.ts';
import { DatabaseLockedError, openDatabase } from '../src/db/embedded.ts';
import { startLocalBlobs } from './lib/blobs.ts';
import { createRouter } from './lib/functions.ts';
import { clientIp, sendResponse, toRequest } from './lib/node-http.ts';
import { createStaticHandler, readHeaderRules } from './lib/static.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.env.DIST_DIR ?? path.join(root, 'dist'));
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build in ${dist}. Run \`npm run build\` first (\`npm start\` does both).`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const origin = `http://localhost:${port}`;

const stopBlobs = await startLocalBlobs();
// This process owns the database: open (and migrate) it now, so a locked folder fails at start, not on a
// visitor's submit, and share it so the admin CLI and tests can reach it while the server runs.
const database = await openDatabase().catch((error) => {
  console.error(error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
});
if (database.driver !== 'pglite' || !database.share) {
  console.log(`Database: ${database.driver}`);
} else {
  console.log(`Database: embedded PGlite, shared on ${await database.share()}`);
}
useDatabase(database);
const router = createRouter((file) => import(file));
const serveStatic = createStaticHandler(dist, readHeaderRules(path.join(root, 'netlify.toml')));

const server = createServer(async (req, res) => {
  try {
    const request = toRequest(req, origin);
    const response =
      (await router.handle(request, clientIp(req))) ??
      serveStatic(request) ??
      Response.json({ error: { code: 'method_not_allowed', message: 'Method not allowed' } }, { status: 405 });
    await sendResponse(res, response, req.method === 'HEAD');
  } catch (error) {
    console.error(`${req.method} ${req.url} failed:`, error);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end('{"error":{"code":"internal","message":"Something went wrong on our side."}}');
  }
});

server.listen(port, host, () => console.log(`Serving dist/ and netlify/functions at ${origin}`));

// Scheduled functions (the mail outbox drain) run every minute here; Netlify runs them on their cron.
const scheduled = await router.scheduled();
const timer = setInterval(() => {
  for (const job of scheduled) job.run().catch((error) => console.error(`${job.file} failed:`, error));
}, 60_000);
timer.unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    void Promise.allSettled([stopBlobs(), database.close()]).finally(() => process.exit(0));
  });
}
