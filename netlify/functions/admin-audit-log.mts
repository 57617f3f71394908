// The audit log, read by admins only; it has no write route (rows come from the changes they record):
//   GET /api/admin/audit-log?action=&page=      admin → { items, total, page, pageSize } newest first
//   GET /api/admin/audit-log/export?action=     admin → text/csv attachment of every matching row
// 401/403/503 from the role guard, 405 for any other method, 422 invalid_fields (bad action or page).
import type { Config } from '@netlify/functions';
import { adminEndpoint, listRoutes } from '../../src/features/accounts/staff-endpoint.ts';
import { auditLogQuery, exportAuditLog, listAuditLog } from '../../src/features/action-log/log.ts';

export default adminEndpoint((url) =>
  listRoutes(url, undefined, {
    role: 'admin',
    exportPath: '/export',
    file: 'audit-log',
    query: auditLogQuery,
    page: listAuditLog,
    csv: exportAuditLog,
  }),
);

export const config: Config = { path: ['/api/admin/audit-log', '/api/admin/audit-log/export'] };
