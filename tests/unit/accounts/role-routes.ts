/** Every admin route with the least role it needs and a fresh target per call, for the role matrix. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as auditLogFn from '../../../netlify/functions/admin-audit-log.mts';
import * as dashboardFn from '../../../netlify/functions/admin-dashboard.mts';
import * as documentsFn from '../../../netlify/functions/admin-documents.mts';
import * as mailFn from '../../../netlify/functions/admin-mail.mts';
import * as meFn from '../../../netlify/functions/admin-me.mts';
import * as messagesFn from '../../../netlify/functions/admin-messages.mts';
import * as postsFn from '../../../netlify/functions/admin-posts.mts';
import * as reportsFn from '../../../netlify/functions/admin-reports.mts';
import * as rolesFn from '../../../netlify/functions/admin-roles.mts';
import * as submissionsFn from '../../../netlify/functions/admin-submissions.mts';
import * as systemFn from '../../../netlify/functions/admin-system.mts';
import type { DbHandle } from '../../../src/db/client.ts';
import { auditReports, uploadedDocuments, userRoles, type Role } from '../../../src/db/schema.ts';
import { deliverReport } from '../../../src/features/reports/delivery.ts';
import { openReport } from '../../../src/features/reports/report.ts';
import { commandLine } from '../../../src/server/action-log.ts';
import { documentsStore } from '../../../src/features/uploads/stores.ts';
import { leadRoutes } from './lead-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import type { Route } from './route.ts';
import { addMail, addMessage, addPost, addSubmission, addUser } from '../staff-harness.ts';

export type { Route };

/** The routes, their targets made in `handle`'s database; `freshUser` adds an account with `roles`. */
export function adminRoutes(handle: DbHandle) {
  const fixed = (path: string, body?: unknown) => async () => ({ path, body });
  const submission = async () => (await addSubmission(handle)).id;
  const message = async () => (await addMessage(handle)).id;
  const post = async () => (await addPost(handle)).id;
  /** A submission whose report is opened and every area scored, ready to deliver. */
  async function scoredReport(): Promise<string> {
    const report = await openReport(handle.db, await submission());
    const areas = Object.fromEntries(
      Object.entries(report.areas).map(([id, area]) => [id, { ...area, score: 3 }]),
    ) as typeof report.areas;
    await handle.db.update(auditReports).set({ areas }).where(eq(auditReports.submissionId, report.submissionId));
    return report.submissionId;
  }

  async function document(): Promise<string> {
    const submissionId = await submission();
    const key = `${submissionId}/${Date.now()}-${randomUUID()}.pdf`;
    await documentsStore().set(key, new Blob(['%PDF-1.7 test']));
    const [row] = await handle.db
      .insert(uploadedDocuments)
      .values({ auditSubmissionId: submissionId, fileName: 'deck.pdf', filePath: key, fileSize: 13, fileType: 'pdf' })
      .returning();
    return row!.id;
  }

  async function freshUser(roles: Role[] = []) {
    const user = {
      id: randomUUID(),
      email: `${randomUUID()}@example.com`,
      name: 'Someone',
      twoFactorEnabled: false,
      passwordChangeRequired: false,
      sessionId: randomUUID(),
    };
    await addUser(handle, user, roles);
    return user;
  }

  const routes: Record<string, Route> = {
    'GET /api/admin/me': { fn: meFn, method: 'GET', needs: null, success: 200, prepare: fixed('/api/admin/me') },
    'GET /api/admin/submissions': {
      fn: submissionsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/submissions'),
    },
    'GET /api/admin/submissions/export.csv': {
      fn: submissionsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/submissions/export.csv'),
    },
    'GET /api/admin/submissions/overdue': {
      fn: submissionsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/submissions/overdue'),
    },
    'GET /api/admin/submissions/:id': {
      fn: submissionsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: async () => ({ path: `/api/admin/submissions/${await submission()}` }),
    },
    'PATCH /api/admin/submissions/:id': {
      fn: submissionsFn,
      method: 'PATCH',
      needs: 'editor',
      success: 200,
      prepare: async () => ({ path: `/api/admin/submissions/${await submission()}`, body: { status: 'reviewed' } }),
    },
    'GET /api/admin/documents/:id': {
      fn: documentsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: async () => ({ path: `/api/admin/documents/${await document()}` }),
    },
    'GET /api/admin/messages': {
      fn: messagesFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/messages'),
    },
    'GET /api/admin/messages/export.csv': {
      fn: messagesFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/messages/export.csv'),
    },
    'POST /api/admin/messages/:id/open': {
      fn: messagesFn,
      method: 'POST',
      needs: 'viewer',
      success: 200,
      prepare: async () => ({ path: `/api/admin/messages/${await message()}/open` }),
    },
    'PATCH /api/admin/messages/:id': {
      fn: messagesFn,
      method: 'PATCH',
      needs: 'editor',
      success: 200,
      prepare: async () => ({ path: `/api/admin/messages/${await message()}`, body: { status: 'replied' } }),
    },
    'GET /api/admin/posts': {
      fn: postsFn,
      method: 'GET',
      needs: 'editor',
      success: 200,
      prepare: fixed('/api/admin/posts'),
    },
    'POST /api/admin/posts': {
      fn: postsFn,
      method: 'POST',
      needs: 'editor',
      success: 201,
      prepare: async () => ({ path: '/api/admin/posts', body: { title: `Post ${randomUUID()}` } }),
    },
    'PATCH /api/admin/posts/:id': {
      fn: postsFn,
      method: 'PATCH',
      needs: 'editor',
      success: 200,
      prepare: async () => ({ path: `/api/admin/posts/${await post()}`, body: { excerpt: 'Shorter.' } }),
    },
    'DELETE /api/admin/posts/:id': {
      fn: postsFn,
      method: 'DELETE',
      needs: 'editor',
      success: 204,
      prepare: async () => ({ path: `/api/admin/posts/${await post()}` }),
    },
    'GET /api/admin/reports/:id': {
      fn: reportsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: async () => ({ path: `/api/admin/reports/${await submission()}` }),
    },
    'PUT /api/admin/reports/:id': {
      fn: reportsFn,
      method: 'PUT',
      needs: 'editor',
      success: 200,
      prepare: async () => {
        const report = await openReport(handle.db, await submission());
        return {
          path: `/api/admin/reports/${report.submissionId}`,
          body: { revision: 0, summary: '', areas: report.areas },
        };
      },
    },
    'POST /api/admin/reports/:id/deliver': {
      fn: reportsFn,
      method: 'POST',
      needs: 'editor',
      success: 201,
      prepare: async () => ({ path: `/api/admin/reports/${await scoredReport()}/deliver`, body: {} }),
    },
    'DELETE /api/admin/reports/:id/deliveries/:deliveryId': {
      fn: reportsFn,
      method: 'DELETE',
      needs: 'editor',
      success: 204,
      prepare: async () => {
        const id = await scoredReport();
        const { delivery } = await deliverReport(handle.db, commandLine, id, 'http://localhost');
        return { path: `/api/admin/reports/${id}/deliveries/${delivery.id}` };
      },
    },
    'GET /api/admin/roles': {
      fn: rolesFn,
      method: 'GET',
      needs: 'admin',
      success: 200,
      prepare: fixed('/api/admin/roles'),
    },
    'POST /api/admin/roles': {
      fn: rolesFn,
      method: 'POST',
      needs: 'admin',
      success: 201,
      prepare: async () => ({ path: '/api/admin/roles', body: { email: (await freshUser()).email } }),
    },
    'DELETE /api/admin/roles/:id': {
      fn: rolesFn,
      method: 'DELETE',
      needs: 'admin',
      success: 204,
      prepare: async () => {
        const user = await freshUser(['viewer']);
        const [row] = await handle.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
        return { path: `/api/admin/roles/${row!.id}` };
      },
    },
    'GET /api/admin/audit-log': {
      fn: auditLogFn,
      method: 'GET',
      needs: 'admin',
      success: 200,
      prepare: fixed('/api/admin/audit-log'),
    },
    'GET /api/admin/audit-log/export': {
      fn: auditLogFn,
      method: 'GET',
      needs: 'admin',
      success: 200,
      prepare: fixed('/api/admin/audit-log/export'),
    },
    'GET /api/admin/mail': {
      fn: mailFn,
      method: 'GET',
      needs: 'admin',
      success: 200,
      prepare: fixed('/api/admin/mail?status=failed'),
    },
    'POST /api/admin/mail/test': {
      fn: mailFn,
      method: 'POST',
      needs: 'admin',
      success: 201,
      prepare: fixed('/api/admin/mail/test', {}),
    },
    'GET /api/admin/mail/unmatched': {
      fn: mailFn,
      method: 'GET',
      needs: 'admin',
      success: 200,
      prepare: fixed('/api/admin/mail/unmatched'),
    },
    'GET /api/admin/mail/:id': {
      fn: mailFn,
      method: 'GET',
      needs: 'admin',
      success: 200,
      prepare: async () => ({ path: `/api/admin/mail/${(await addMail(handle)).id}` }),
    },
    'POST /api/admin/mail/:id/retry': {
      fn: mailFn,
      method: 'POST',
      needs: 'admin',
      success: 200,
      prepare: async () => ({ path: `/api/admin/mail/${(await addMail(handle)).id}/retry`, body: {} }),
    },
    ...leadRoutes(handle),
    'GET /api/admin/dashboard': {
      fn: dashboardFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: fixed('/api/admin/dashboard?from=2026-03-02&to=2026-03-15'),
    },
    ...sessionRoutes(handle),
    'GET /api/admin/system': {
      fn: systemFn,
      method: 'GET',
      needs: 'admin',
      success: 200,
      prepare: fixed('/api/admin/system'),
    },
  };

  return { routes, freshUser };
}
