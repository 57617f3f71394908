// GET /api/health: the state of every dependency (database reachable and migrated, auth secret, mail,
// blobs) as JSON; 200 when all is well, 503 with `ok: false` naming what is missing (src/server/health.ts).
// It runs even when settings are missing, since saying which is its job.
import type { Config } from '@netlify/functions';
import { probeDocumentsStore } from '../../src/features/uploads/stores.ts';
import { healthReport } from '../../src/server/health.ts';
import { allowMethods, json, withErrors } from '../../src/server/http.ts';

export default withErrors(
  async (request) => {
    const refused = allowMethods(request, ['GET', 'HEAD']);
    if (refused) return refused;
    const report = await healthReport(probeDocumentsStore);
    return json(report, { status: report.ok ? 200 : 503 });
  },
  { checkSettings: false },
);

export const config: Config = { path: '/api/health' };
