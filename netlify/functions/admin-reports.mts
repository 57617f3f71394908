// The audit report of a submission (docs/decisions/0027-audit-workbench.md); viewers read, editors edit and deliver:
//   GET    /api/admin/reports/:id                                 viewer → ReportDetail (the first open writes the rules' draft)
//   PUT    /api/admin/reports/:id { revision, summary, areas }   editor → ReportSaved
//   POST   /api/admin/reports/:id/deliver                         editor → 201 ReportDelivered (the private link, shown once)
//   DELETE /api/admin/reports/:id/deliveries/:deliveryId          editor → 204 (the link answers 404 from then on)
// Each save, delivery and revocation is recorded in the audit log (report.save, report.deliver, report.revoke).
// 401/403/503 from the role guard, 404 not_found, 409 stale_revision, 422 invalid_fields (a bad body, an
// unknown package, or unscored areas at delivery).
import type { Config } from '@netlify/functions';
import { adminEndpoint, deleteAction } from '../../src/features/accounts/staff-endpoint.ts';
import { deliverReport, revokeDelivery } from '../../src/features/reports/delivery.ts';
import { openReport, saveReport } from '../../src/features/reports/report.ts';
import { readJson } from '../../src/server/guards.ts';
import { json } from '../../src/server/http.ts';
import { REPORT_SAVE_MAX_BYTES, reportSaveSchema } from '../../src/features/reports/contract.ts';

export default adminEndpoint((url, { id, deliveryId }) => {
  if (deliveryId !== undefined) {
    return { DELETE: deleteAction('editor', ({ db, user }) => revokeDelivery(db, user, id, deliveryId)) };
  }
  if (url.pathname.endsWith('/deliver')) {
    return {
      POST: {
        role: 'editor',
        run: async ({ db, user }, request) =>
          json(await deliverReport(db, user, id, new URL(request.url).origin), { status: 201 }),
      },
    };
  }
  return {
    GET: { role: 'viewer', run: async ({ db }) => json(await openReport(db, id)) },
    PUT: {
      role: 'editor',
      run: async ({ db, user }, request) =>
        json(await saveReport(db, user, id, await readJson(request, reportSaveSchema, REPORT_SAVE_MAX_BYTES))),
    },
  };
});

export const config: Config = {
  path: ['/api/admin/reports/:id', '/api/admin/reports/:id/deliver', '/api/admin/reports/:id/deliveries/:deliveryId'],
};
