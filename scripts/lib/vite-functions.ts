/**
 * `npm run dev`: the same function router as `npm start`, mounted in Astro's dev server. Functions load
 * through Vite, so an edit to a function or a service it imports takes effect on the next request.
 */
import type { Plugin } from 'vite';
import { useDatabase } from '../../src/db/client.ts';
import { openDatabase } from '../../src/db/embedded.ts';
import { startLocalBlobs } from './blobs.ts';
import { createRouter } from './functions.ts';
import { clientIp, sendResponse, toRequest } from './node-http.ts';

export function localFunctions(): Plugin {
  return {
    name: 'local-netlify-functions',
    apply: 'serve',
    async configureServer(server) {
      const stopBlobs = await startLocalBlobs();
      // The embedded database (or DATABASE_URL), handed to the functions, which never open PGlite
      // themselves; while `npm start` runs, this joins its socket.
      const database = openDatabase();
      database.catch((error: Error) => console.error(`The functions have no database: ${error.message}`));
      useDatabase(database);
      server.httpServer?.once('close', () => {
        void stopBlobs();
        void database.then((handle) => handle.close());
      });
      const router = createRouter((file) => server.ssrLoadModule(file) as never);
      server.middlewares.use(async (req, res, next) => {
        if (!req.url?.startsWith('/api/')) return next();
        try {
          const response = await router.handle(toRequest(req), clientIp(req));
          if (!response) return next();
          await sendResponse(res, response, req.method === 'HEAD');
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
