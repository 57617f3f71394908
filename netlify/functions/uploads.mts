// Documents of the intake, sent in parts of at most 4 MB (decision 6); every route needs the upload token
// of `POST /api/audits` as `Authorization: Bearer …`:
//   POST   /api/uploads                            { fileName, fileSize } → 201 { uploadId, partSize, partCount }
//   PUT    /api/uploads/:uploadId/parts/:index     raw bytes (application/octet-stream) → 200 { received }
//   POST   /api/uploads/:uploadId/complete         → 201 { document: { id, fileName, fileSize, fileType } }
//   DELETE /api/uploads/:uploadId                  → 204
// 429 rate_limited (UPLOAD_RATE_LIMIT per client address, with Retry-After), 401 invalid_upload_token,
// 404 upload_not_found (also for another submission's upload), 4xx { error } with the reason a file is
// refused (422 invalid_fields when no visible file name is left), 503 unavailable when the database or the
// store cannot be reached.
import type { Config } from '@netlify/functions';
import { getDb, type Db } from '../../src/db/client.ts';
import { PART_BYTES, uploadStartSchema } from '../../src/lib/forms/uploads.ts';
import { checkOrigin, parseJson, readBody } from '../../src/server/guards.ts';
import { allowMethods, apiError, json, withErrors, type FnContext } from '../../src/server/http.ts';
import { clientAddressKey, hitRateLimit, UPLOAD_RATE_LIMIT } from '../../src/server/rate-limit.ts';
import { bearerToken, submissionForToken } from '../../src/server/upload-tokens.ts';
import {
  abortUpload,
  completeUpload,
  partTooLarge,
  putUploadPart,
  startUpload,
  UploadError,
} from '../../src/server/uploads.ts';

type Route = 'start' | 'part' | 'complete' | 'upload';

const methods: Record<Route, string> = { start: 'POST', part: 'PUT', complete: 'POST', upload: 'DELETE' };

function routeOf(request: Request, params: FnContext['params']): Route {
  if (params.index !== undefined) return 'part';
  if (params.uploadId === undefined) return 'start';
  return new URL(request.url).pathname.endsWith('/complete') ? 'complete' : 'upload';
}

const unavailable = () =>
  apiError(503, 'unavailable', 'We could not handle your document just now. Please try again in a minute.', undefined, {
    'Retry-After': '30',
  });

/** The API's answer to a client over its limit, as the forms and sign-in give it. */
const rateLimited = (retryAfter: number) =>
  apiError(429, 'rate_limited', 'Too many upload requests from your network. Please try again later.', undefined, {
    'Retry-After': String(retryAfter),
  });

export default withErrors(async (request, context) => {
  const route = routeOf(request, context.params);
  const guard = allowMethods(request, [methods[route]]) ?? checkOrigin(request);
  if (guard) return guard;

  const db = await getDb().catch(() => null);
  if (!db) return unavailable();
  // Counted before the token is checked, so the limit also slows down anyone guessing tokens.
  const limited = await hitRateLimit(db.db, `upload:${clientAddressKey(context.ip)}`, UPLOAD_RATE_LIMIT).catch(
    () => null,
  );
  if (!limited) return unavailable();
  if (!limited.allowed) return rateLimited(limited.retryAfter);
  const token = bearerToken(request);
  let submissionId: string | null;
  try {
    submissionId = token ? await submissionForToken(db.db, token) : null;
  } catch (error) {
    console.error(`[${context.requestId}] upload token not checked:`, error);
    return unavailable();
  }
  if (!submissionId) {
    return apiError(
      401,
      'invalid_upload_token',
      'The permission to upload documents for this audit is missing or has expired.',
    );
  }

  try {
    return await answer(route, request, context, db.db, submissionId);
  } catch (error) {
    if (error instanceof UploadError) {
      const headers = error.status === 503 ? { 'Retry-After': '30' } : undefined;
      return apiError(error.status, error.code, error.message, error.fields, headers);
    }
    console.error(`[${context.requestId}] ${request.method} ${new URL(request.url).pathname} failed:`, error);
    return unavailable();
  }
});

async function answer(
  route: Route,
  request: Request,
  context: FnContext,
  db: Db,
  submissionId: string,
): Promise<Response> {
  const uploadId = context.params.uploadId ?? '';
  switch (route) {
    case 'start': {
      const parsed = await parseJson(request, uploadStartSchema);
      if ('response' in parsed) return parsed.response;
      return json(await startUpload(db, submissionId, parsed.data), { status: 201 });
    }
    case 'part': {
      if (!(request.headers.get('content-type') ?? '').startsWith('application/octet-stream')) {
        return apiError(415, 'unsupported_media_type', 'Send each part as application/octet-stream.');
      }
      const bytes = await readBody(request, PART_BYTES);
      if (!bytes) throw partTooLarge();
      const index = /^\d{1,4}$/.test(context.params.index ?? '') ? Number(context.params.index) : -1;
      return json(await putUploadPart(db, submissionId, uploadId, index, bytes));
    }
    case 'complete':
      return json({ document: await completeUpload(db, submissionId, uploadId) }, { status: 201 });
    case 'upload':
      await abortUpload(db, submissionId, uploadId);
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  }
}

export const config: Config = {
  path: [
    '/api/uploads',
    '/api/uploads/:uploadId',
    '/api/uploads/:uploadId/parts/:index',
    '/api/uploads/:uploadId/complete',
  ],
};
