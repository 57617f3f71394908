/**
 * `npm run dev`: the same function router as `npm start`, mounted in Astro's dev server. Functions load
 * through Vite, so an edit to a function or a service it imports takes effect on the next request.
 */
import type { Plugin } from 'vite';
import { startLocalBlobs } from './blobs.ts';
import { createRouter } from './functions.ts';
import { clientIp, sendResponse, toRequest } from './node-http.ts';

export function localFunctions(): Plugin {
  return {
    name: 'local-netlify-functions',
    apply: 'serve',
    async configureServer(server) {
      const stopBlobs = await startLocalBlobs();
      server.httpServer?.once('close', () => void stopBlobs());
      const router = createRouter((file) => server.ssrLoadModule(file) as never);
      server.middlewares.use(async (req, res, next) => {
        if (!req.url?.startsWith('/api/')) return next();
        try {
          const origin = `http://${req.headers.host ?? 'localhost'}`;
          const response = await router.handle(toRequest(req, origin), clientIp(req));
          if (!response) return next();
          await sendResponse(res, response, req.method === 'HEAD');
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
