// The audit log, read by admins only; it has no write route (rows come from the changes they record):
//   GET /api/admin/audit-log?action=&page=      admin → { items, total, page, pageSize } newest first
//   GET /api/admin/audit-log/export?action=     admin → text/csv attachment of every matching row
// 401/403/503 from the role guard, 405 for any other method, 422 invalid_fields (bad action or page).
import type { Config } from '@netlify/functions';
import { csvAttachment } from '../../src/server/admin/download.ts';
import { adminEndpoint } from '../../src/server/admin/endpoint.ts';
import { auditLogQuery, exportAuditLog, listAuditLog } from '../../src/server/audit-log.ts';
import { json } from '../../src/server/http.ts';

export default adminEndpoint((url) => {
  // By path, not by params: the export's path has no param to tell it from the list.
  if (url.pathname.endsWith('/export')) {
    return {
      GET: {
        role: 'admin',
        run: async ({ db }) => csvAttachment('audit-log', await exportAuditLog(db, auditLogQuery(url))),
      },
    };
  }
  return { GET: { role: 'admin', run: async ({ db }) => json(await listAuditLog(db, auditLogQuery(url))) } };
});

export const config: Config = { path: ['/api/admin/audit-log', '/api/admin/audit-log/export'] };
