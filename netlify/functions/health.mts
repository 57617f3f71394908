// GET /api/health: whether the site's dependencies work (database reachable and migrated, auth secret, settings,
// mail, blobs); 200, or 503 when one does not (src/features/system/health.ts). It runs even when settings are missing.
//   anyone:                                { "ok": true|false }, cached by Netlify's CDN for 30 s
//   Authorization: Bearer <HEALTH_TOKEN>:  { ok, site, checks } naming what each check found; never cached
//   another Bearer value (or HEALTH_TOKEN unset): 401, never cached
import type { Config } from '@netlify/functions';
import { platformEnv } from '../../src/config/platform.ts';
import { probeDocumentsStore } from '../../src/features/uploads/stores.ts';
import { healthOk, healthReport } from '../../src/features/system/health.ts';
import { healthAccess } from '../../src/features/system/health-access.ts';
import { allowMethods, apiError, json, withErrors } from '../../src/server/http.ts';

export default withErrors(
  async (request) => {
    const refused = allowMethods(request, ['GET', 'HEAD']);
    if (refused) return refused;
    const env = platformEnv();
    const access = healthAccess(request, env.HEALTH_TOKEN);
    if (access === 'refused') {
      return apiError(401, 'unauthorized', 'The health detail needs the site’s HEALTH_TOKEN.', undefined, {
        'WWW-Authenticate': 'Bearer',
        'Cache-Control': 'private, no-store',
      });
    }
    if (access === 'detail') {
      const report = await healthReport(probeDocumentsStore);
      return json(report, { status: report.ok ? 200 : 503, headers: { 'Cache-Control': 'private, no-store' } });
    }
    const ok = await healthOk(probeDocumentsStore);
    return json(
      { ok },
      {
        status: ok ? 200 : 503,
        headers: {
          // Browsers ask again each time; Netlify's CDN answers for 30 s, so a flood of requests costs no queries.
          'Cache-Control': 'public, max-age=0, must-revalidate',
          'Netlify-CDN-Cache-Control': 'public, s-maxage=30',
          // A request with the token must never be answered from this cached public answer.
          Vary: 'Authorization',
        },
      },
    );
  },
  { checkSettings: false },
);

export const config: Config = { path: '/api/health' };
