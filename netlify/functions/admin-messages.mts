// Contact messages for staff (docs/decisions/0012-staff-lists-page-filter-search-export.md); viewers read (opening one reads it), editors set the status:
//   GET   /api/admin/messages?status=&q=&spam=&page=     viewer → { items, total, page, pageSize }
//   GET   /api/admin/messages/export.csv?status=&q=&spam= viewer → text/csv attachment of every match
//   POST  /api/admin/messages/:id/open                   viewer → { message } (unread becomes read)
//   PATCH /api/admin/messages/:id { status }             editor → { message }
// Each change of status, the first opening too, is recorded in the audit log (message.status).
// 401/403/503 from the role guard, 404 not_found, 422 invalid_fields (bad filter or status).
import type { Config } from '@netlify/functions';
import { adminEndpoint, listRoutes } from '../../src/features/accounts/staff-endpoint.ts';
import {
  exportMessages,
  listMessages,
  messagesQuery,
  openMessage,
  updateMessageStatus,
} from '../../src/features/leads/messages.ts';
import { messageStatusSchema } from '../../src/features/leads/contract.ts';
import { readJson } from '../../src/server/guards.ts';
import { json } from '../../src/server/http.ts';

export default adminEndpoint((url, { id }) => {
  const list = listRoutes(url, id, {
    role: 'viewer',
    exportPath: '/export.csv',
    file: 'contact-messages',
    query: messagesQuery,
    page: listMessages,
    csv: exportMessages,
  });
  if (list) return list;
  if (url.pathname.endsWith('/open')) {
    return {
      POST: { role: 'viewer', run: async ({ db, user }) => json({ message: await openMessage(db, user, id) }) },
    };
  }
  return {
    PATCH: {
      role: 'editor',
      run: async ({ db, user }, request) => {
        const { status } = await readJson(request, messageStatusSchema);
        return json({ message: await updateMessageStatus(db, user, id, status) });
      },
    },
  };
});

export const config: Config = {
  path: [
    '/api/admin/messages',
    '/api/admin/messages/export.csv',
    '/api/admin/messages/:id',
    '/api/admin/messages/:id/open',
  ],
};
