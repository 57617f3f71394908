// The dashboard's figures (docs/decisions/0032-attribution-and-dashboard.md), for every staff role:
//   GET /api/admin/dashboard[?from=YYYY-MM-DD&to=YYYY-MM-DD]   viewer → DashboardReply (src/features/dashboard/contract.ts),
//   its `revenue` from the pipeline feature (docs/decisions/0047-pipeline.md)
// Agency days (America/New_York), both included; without them the last 4 full weeks ending today.
// 401/403/503 from the role guard; 422 invalid_fields naming `from` or `to` (not a date, from after to, a period
// over DASHBOARD_MAX_DAYS).
import type { Config } from '@netlify/functions';
import { adminEndpoint } from '../../src/features/accounts/staff-endpoint.ts';
import { getDashboard } from '../../src/features/dashboard/dashboard.ts';
import { dashboardPeriod } from '../../src/features/dashboard/period.ts';
import { revenueFigures } from '../../src/features/pipeline/revenue.ts';
import { json } from '../../src/server/http.ts';

export default adminEndpoint((url) => ({
  GET: {
    role: 'viewer',
    run: async ({ db }) => {
      const period = dashboardPeriod(url);
      const [figures, revenue] = await Promise.all([getDashboard(db, period), revenueFigures(db, period)]);
      return json({ ...figures, revenue });
    },
  },
}));

export const config: Config = { path: '/api/admin/dashboard' };
