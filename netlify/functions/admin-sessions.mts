// The signed-in staff member's own sessions (docs/security.md "Sessions"), for any role; never another account's:
//   GET  /api/admin/sessions                              → { items: [{ id, device, browser, ipAddress,
//                                                              createdAt, lastUsedAt, current }] } last used first
//   POST /api/admin/sessions/:id/sign-out { password }     → 204 (that session ends)
//   POST /api/admin/sessions/sign-out-others { password }  → { ended } (every session but this one ends)
// Each sign-out needs the account's password (422 invalid_fields { password } when wrong, counted as a failed
// sign-in; 429 while the account is locked) and is recorded in the audit log (account.session-signout,
// account.session-signout-others). 404 for an id that is not one of the caller's sessions; 409 current_session
// for this browser's own (Sign Out ends it). 401/403/503 from the role guard.
import type { Config } from '@netlify/functions';
import { adminEndpoint } from '../../src/features/accounts/staff-endpoint.ts';
import { confirmPasswordSchema } from '../../src/features/accounts/contract.ts';
import { endOtherOwnSessions, endOwnSession, listOwnSessions } from '../../src/features/accounts/own-sessions.ts';
import { readJson } from '../../src/server/guards.ts';
import { json, noContent } from '../../src/server/http.ts';

const password = async (request: Request) => (await readJson(request, confirmPasswordSchema)).password;

export default adminEndpoint((url, { id }) => {
  if (url.pathname.endsWith('/sign-out-others')) {
    return {
      POST: {
        role: 'viewer',
        run: async ({ db, user }, request) => json(await endOtherOwnSessions(db, user, await password(request))),
      },
    };
  }
  if (id !== undefined) {
    return {
      POST: {
        role: 'viewer',
        run: async ({ db, user }, request) => {
          await endOwnSession(db, user, id, await password(request));
          return noContent();
        },
      },
    };
  }
  return { GET: { role: 'viewer', run: async ({ db, user }) => json(await listOwnSessions(db, user)) } };
});

export const config: Config = {
  path: ['/api/admin/sessions', '/api/admin/sessions/sign-out-others', '/api/admin/sessions/:id/sign-out'],
};
