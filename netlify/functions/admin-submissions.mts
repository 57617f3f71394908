// Audit submissions for staff (docs/decisions/0012-staff-lists-page-filter-search-export.md); viewers read, editors also set the status:
//   GET   /api/admin/submissions?status=&q=&spam=&page=    viewer → { items, total, page, pageSize }
//   GET   /api/admin/submissions/export.csv?status=&q=&spam= viewer → text/csv attachment of every match
//   GET   /api/admin/submissions?…&due=overdue|review|audit&sort=newest|due  (the clock: docs/decisions/0027-audit-workbench.md)
//   GET   /api/admin/submissions/overdue                   viewer → { review, audit } overdue now (spam aside)
//   GET   /api/admin/submissions/:id                       viewer → { submission, sections, documents }
//   PATCH /api/admin/submissions/:id { status }            editor → { submission }
// Each change of status is recorded in the audit log (submission.status).
// 401/403/503 from the role guard, 404 not_found, 422 invalid_fields (bad filter or status).
import type { Config } from '@netlify/functions';
import { adminEndpoint, listRoutes } from '../../src/features/accounts/staff-endpoint.ts';
import {
  exportSubmissions,
  getSubmission,
  listSubmissions,
  overdueCounts,
  submissionsQuery,
  updateSubmissionStatus,
} from '../../src/features/leads/submissions.ts';
import { submissionStatusSchema, type SubmissionStatusReply } from '../../src/features/leads/contract.ts';
import { readJson } from '../../src/server/guards.ts';
import { json } from '../../src/server/http.ts';

export default adminEndpoint((url, { id }) => {
  // Before the list's routes: the router may give this path no id (the literal pattern) or `overdue` as one.
  if (url.pathname.endsWith('/overdue')) {
    return { GET: { role: 'viewer', run: async ({ db }) => json(await overdueCounts(db)) } };
  }
  const list = listRoutes(url, id, {
    role: 'viewer',
    exportPath: '/export.csv',
    file: 'audit-submissions',
    query: (url) => submissionsQuery(url),
    page: listSubmissions,
    csv: exportSubmissions,
  });
  if (list) return list;
  return {
    GET: { role: 'viewer', run: async ({ db }) => json(await getSubmission(db, id)) },
    PATCH: {
      role: 'editor',
      run: async ({ db, user }, request) => {
        const { status } = await readJson(request, submissionStatusSchema);
        return json({ submission: await updateSubmissionStatus(db, user, id, status) } satisfies SubmissionStatusReply);
      },
    },
  };
});

export const config: Config = {
  path: [
    '/api/admin/submissions',
    '/api/admin/submissions/export.csv',
    '/api/admin/submissions/overdue',
    '/api/admin/submissions/:id',
  ],
};
