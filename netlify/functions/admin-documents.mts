// A document of an audit, or one a lead mailed (docs/decisions/0040), streamed from the private Blobs store
// (docs/decisions/0006-uploads-in-parts.md):
//   GET /api/admin/documents/:id   viewer → the file as an attachment (Content-Type from its extension,
//                                  Content-Length, Cache-Control: private, no-store, nosniff); each
//                                  download is recorded in the audit log (document.download)
// 401/403/503 from the role guard, 404 not_found when the row or its blob is missing.
import type { Config } from '@netlify/functions';
import { openDocument } from '../../src/features/uploads/documents.ts';
import { attachment } from '../../src/server/download.ts';
import { adminEndpoint } from '../../src/features/accounts/staff-endpoint.ts';

export default adminEndpoint((_url, { id }) => ({
  GET: {
    role: 'viewer',
    run: async ({ db, user }) => {
      const file = await openDocument(db, user, id);
      return attachment(file.body, file);
    },
  },
}));

export const config: Config = { path: '/api/admin/documents/:id' };
