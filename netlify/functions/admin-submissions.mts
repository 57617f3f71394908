// Audit submissions for staff (decision 12); viewers read, editors also set the status:
//   GET   /api/admin/submissions?status=&q=&spam=&page=    viewer → { items, total, page, pageSize }
//   GET   /api/admin/submissions/export.csv?status=&q=&spam= viewer → text/csv attachment of every match
//   GET   /api/admin/submissions/:id                       viewer → { submission, sections, documents }
//   PATCH /api/admin/submissions/:id { status }            editor → { submission }
// Each change of status is recorded in the audit log (submission.status).
// 401/403/503 from the role guard, 404 not_found, 422 invalid_fields (bad filter or status).
import type { Config } from '@netlify/functions';
import { csvAttachment } from '../../src/server/admin/download.ts';
import { adminEndpoint, readJson } from '../../src/server/admin/endpoint.ts';
import {
  exportSubmissions,
  getSubmission,
  listSubmissions,
  submissionStatusSchema,
  submissionsQuery,
  updateSubmissionStatus,
} from '../../src/server/admin/submissions.ts';
import { json } from '../../src/server/http.ts';

export default adminEndpoint((url, { id }) => {
  // By path, not by params: which pattern names the groups when several match is the router's choice.
  if (url.pathname.endsWith('/export.csv')) {
    return {
      GET: {
        role: 'viewer',
        run: async ({ db }) => csvAttachment('audit-submissions', await exportSubmissions(db, submissionsQuery(url))),
      },
    };
  }
  if (id === undefined) {
    return {
      GET: { role: 'viewer', run: async ({ db }) => json(await listSubmissions(db, submissionsQuery(url))) },
    };
  }
  return {
    GET: { role: 'viewer', run: async ({ db }) => json(await getSubmission(db, id)) },
    PATCH: {
      role: 'editor',
      run: async ({ db, user }, request) => {
        const { status } = await readJson(request, submissionStatusSchema);
        return json({ submission: await updateSubmissionStatus(db, user, id, status) });
      },
    },
  };
});

export const config: Config = {
  path: ['/api/admin/submissions', '/api/admin/submissions/export.csv', '/api/admin/submissions/:id'],
};
