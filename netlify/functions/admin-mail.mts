// Mail that is seen to work, for admins only (no body is ever shown):
//   GET  /api/admin/mail?status=failed|retrying|bounced&page=  admin → { items, total, page, pageSize } latest tried first
//   GET  /api/admin/mail/unmatched                      admin → { items } mail received on the reply domain that
//                                                        matched no lead (an unknown or forged token), newest first
//   POST /api/admin/mail/test                           admin → 201 { mail } (queued to the staff inbox, then sent)
//   GET  /api/admin/mail/:id                            admin → { mail } (status, attempts, lastError, times)
//   POST /api/admin/mail/:id/retry                      admin → { mail } (a failed mail back to pending, then sent)
// Items and `mail` are { id, kind, to, subject, status, attempts, lastError, createdAt, lastAttemptAt, sentAt }.
// The test and each retry are recorded in the audit log (mail.test, mail.retry); both drain the outbox after the
// answer, as a form submit does. 401/403/503 from the role guard, 404 not_found, 409 not_failed, 422 invalid_fields.
import type { Config } from '@netlify/functions';
import { adminEndpoint } from '../../src/features/accounts/staff-endpoint.ts';
import { listMail, mailItem, mailQuery, queueTestMail, retryMail } from '../../src/features/mail/mail-admin.ts';
import { unmatchedMail } from '../../src/features/leads/mail-events.ts';
import { json } from '../../src/server/http.ts';
import { drainInBackground } from '../../src/server/mail/sender.ts';

export default adminEndpoint((url, { id }) => {
  if (url.pathname.replace(/\/$/, '') === '/api/admin/mail/unmatched') {
    return { GET: { role: 'admin', run: async ({ db }) => json({ items: await unmatchedMail(db) }) } };
  }
  if (url.pathname.replace(/\/$/, '') === '/api/admin/mail/test') {
    return {
      POST: {
        role: 'admin',
        run: async ({ db, user }, _request, context) => {
          const mail = await queueTestMail(db, user);
          context.waitUntil(drainInBackground(db));
          return json({ mail }, { status: 201 });
        },
      },
    };
  }
  if (id === undefined) {
    return { GET: { role: 'admin', run: async ({ db }) => json(await listMail(db, mailQuery(url))) } };
  }
  if (url.pathname.endsWith('/retry')) {
    return {
      POST: {
        role: 'admin',
        run: async ({ db, user }, _request, context) => {
          const mail = await retryMail(db, user, id);
          context.waitUntil(drainInBackground(db));
          return json({ mail });
        },
      },
    };
  }
  return { GET: { role: 'admin', run: async ({ db }) => json({ mail: await mailItem(db, id) }) } };
});

export const config: Config = {
  path: [
    '/api/admin/mail',
    '/api/admin/mail/test',
    '/api/admin/mail/unmatched',
    '/api/admin/mail/:id',
    '/api/admin/mail/:id/retry',
  ],
};
