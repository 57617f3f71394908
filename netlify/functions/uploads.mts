// Documents of the intake, sent in parts of at most 4 MB (docs/decisions/0006-uploads-in-parts.md); every route needs the upload token
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
import { PART_BYTES, uploadStartSchema } from '../../src/features/uploads/contract.ts';
import { ApiError } from '../../src/server/errors.ts';
import { readBody, readJson } from '../../src/server/guards.ts';
import { json, noContent } from '../../src/server/http.ts';
import { uploadEndpoint } from '../../src/features/uploads/endpoint.ts';
import {
  abortUpload,
  completeUpload,
  partTooLarge,
  putUploadPart,
  startUpload,
} from '../../src/features/uploads/flow.ts';

export default uploadEndpoint((url, { uploadId, index }) => {
  if (uploadId === undefined) {
    return {
      POST: async ({ db, submissionId }, request) =>
        json(await startUpload(db, submissionId, await readJson(request, uploadStartSchema)), { status: 201 }),
    };
  }
  if (index !== undefined) {
    return {
      PUT: async ({ db, submissionId }, request) => {
        if (!(request.headers.get('content-type') ?? '').startsWith('application/octet-stream')) {
          throw new ApiError(415, 'unsupported_media_type', 'Send each part as application/octet-stream.');
        }
        const bytes = await readBody(request, PART_BYTES);
        if (!bytes) throw partTooLarge();
        const part = /^\d{1,4}$/.test(index) ? Number(index) : -1;
        return json(await putUploadPart(db, submissionId, uploadId, part, bytes));
      },
    };
  }
  if (url.pathname.endsWith('/complete')) {
    return {
      POST: async ({ db, submissionId }) =>
        json({ document: await completeUpload(db, submissionId, uploadId) }, { status: 201 }),
    };
  }
  return {
    DELETE: async ({ db, submissionId }) => {
      await abortUpload(db, submissionId, uploadId);
      return noContent();
    },
  };
});

export const config: Config = {
  path: [
    '/api/uploads',
    '/api/uploads/:uploadId',
    '/api/uploads/:uploadId/parts/:index',
    '/api/uploads/:uploadId/complete',
  ],
};
