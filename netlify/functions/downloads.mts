// A resource's gated file (docs/decisions/0041-resource-downloads.md):
//   POST /api/downloads        the download form: 201 { id } when stored (the mail with the private link queued);
//                              4xx { error } with the fields otherwise, as every public form (public-form.ts)
//   GET  /downloads/:token     the file, byte for byte as the build made it, counted against the link's limit;
//                              an unknown, expired or used-up link is the site's 404 page
// HEAD answers the headers of a GET and counts nothing (mail scanners fetch links). Nothing is cached by a shared
// cache or indexed, and no Referer carries the token on; the log never prints the token.
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/db/client.ts';
import { downloadSchema } from '../../src/lib/forms/download.schema.ts';
import { downloadIsLive, openDownload, submitDownloadRequest } from '../../src/features/leads/download-requests.ts';
import { formEndpoint } from '../../src/features/leads/public-form.ts';
import { attachment } from '../../src/server/download.ts';
import { notFoundPage, unavailablePage } from '../../src/server/built-page.ts';
import { ApiError } from '../../src/server/errors.ts';
import { allowMethods, requestLabel, withErrors } from '../../src/server/http.ts';
import { loggable } from '../../src/server/loggable.ts';
import { readResourceFile, resourceFileEntry } from '../../src/features/leads/resource-files.ts';

const form = formEndpoint({
  schema: downloadSchema,
  submit: async (db, input, counted, request) => {
    const file = await resourceFileEntry(input.resource);
    const origin = new URL(request.url).origin;
    return { id: (await submitDownloadRequest(db, input, file, origin, new Date(), counted)).id };
  },
  unavailableMessage: 'We could not send your file just now. Please try again in a minute.',
});

/** What every answer of a link carries, the 404 included: the token is in its URL. */
function privately(response: Response): Response {
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('X-Robots-Tag', 'noindex');
  response.headers.set('Referrer-Policy', 'no-referrer');
  return response;
}

export default withErrors(async (request, context) => {
  if (new URL(request.url).pathname.startsWith('/api/')) return form(request, context);
  const guard = allowMethods(request, ['GET', 'HEAD']);
  if (guard) return privately(guard);
  const token = context.params.token ?? '';
  const head = request.method === 'HEAD';
  try {
    const { db } = await getDb();
    const { resource } = head ? await downloadIsLive(db, token) : await openDownload(db, token);
    const entry = await resourceFileEntry(resource);
    if (!entry) return privately(await notFoundPage()); // the resource lost its file since the mail
    const file = { name: entry.fileName, type: entry.contentType, size: entry.bytes };
    return privately(attachment(head ? new Uint8Array() : await readResourceFile(entry), file));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return privately(await notFoundPage());
    console.error(`${requestLabel(request, context)} not served:`, loggable(error));
    return privately(unavailablePage('Your file'));
  }
});

// Literals: Netlify reads this object without running the module. Its Config type lists no HEAD, though
// its bundler (zip-it-and-ship-it's method list) and router take it.
export const config: Omit<Config, 'method'> & { method: ('GET' | 'HEAD' | 'POST')[] } = {
  path: ['/api/downloads', '/downloads/:token'],
  method: ['GET', 'HEAD', 'POST'],
};
