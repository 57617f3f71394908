// The pipeline (docs/decisions/0047-pipeline.md): the Pipeline tab's board, and the admin's settings per stage.
//   GET /api/admin/pipeline?owner=mine|unassigned|<id>&source=&from=YYYY-MM-DD&to=YYYY-MM-DD
//                                        viewer → BoardReply (columns per open stage; the period's won and lost)
//   GET /api/admin/pipeline/settings     viewer → { stages: [{ stage, probability, staleDays }] }
//   PUT /api/admin/pipeline/settings { stages }   admin → { stages } (pipeline.settings in the action log)
// A lead's stage changes through POST /api/admin/leads/:id/stage (admin-leads.mts). The period is the Dashboard's
// (agency days; without it the last 4 weeks). 401/403/503 from the role guard; 422 invalid_fields naming the field.
import type { Config } from '@netlify/functions';
import { adminEndpoint } from '../../src/features/accounts/staff-endpoint.ts';
import { dashboardPeriod } from '../../src/features/dashboard/period.ts';
import { boardQuery, getBoard } from '../../src/features/pipeline/board.ts';
import { pipelineSettingsSchema } from '../../src/features/pipeline/contract.ts';
import { saveStageSettings, stageSettings } from '../../src/features/pipeline/settings.ts';
import { readJson } from '../../src/server/guards.ts';
import { json } from '../../src/server/http.ts';

export default adminEndpoint((url) => {
  const part = url.pathname.replace(/^\/api\/admin\/pipeline\/?/, '');
  if (part === 'settings') {
    return {
      GET: { role: 'viewer', run: async ({ db }) => json({ stages: await stageSettings(db) }) },
      PUT: {
        role: 'admin',
        run: async ({ db, user }, request) => {
          const { stages } = await readJson(request, pipelineSettingsSchema);
          return json({ stages: await saveStageSettings(db, user, stages) });
        },
      },
    };
  }
  if (part) return {};
  return {
    GET: {
      role: 'viewer',
      run: async ({ db, user }) => json(await getBoard(db, boardQuery(url, user.id), dashboardPeriod(url))),
    },
  };
});

export const config: Config = { path: ['/api/admin/pipeline', '/api/admin/pipeline/settings'] };
