// The portal's System page, for admins only (docs/decisions/0042-agency-runs-it-alone.md):
//   GET /api/admin/system  admin → SystemReply { ok, checkedAt, sections: [{ id, title, ok, summary, details, todo }] }
// Everything /api/health's detail reports, in words, with what to do; plus queued deletions, the schedules' last
// runs and this deploy. No token needed: the admin's session is the key. 401/403/503 from the role guard.
import type { Config } from '@netlify/functions';
import { adminEndpoint } from '../../src/features/accounts/staff-endpoint.ts';
import { systemReport } from '../../src/features/system/system.ts';
import { probeDocumentsStore } from '../../src/features/uploads/stores.ts';
import { json } from '../../src/server/http.ts';

export default adminEndpoint(() => ({
  GET: {
    role: 'admin',
    run: async ({ db }, _request, context) =>
      json(
        await systemReport(db, probeDocumentsStore, {
          id: context.deploy?.id ?? null,
          context: context.deploy?.context ?? null,
        }),
        { headers: { 'Cache-Control': 'private, no-store' } },
      ),
  },
}));

export const config: Config = { path: '/api/admin/system' };
