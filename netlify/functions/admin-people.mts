// People management, admins only (docs/decisions/0042-agency-runs-it-alone.md, docs/security.md):
//   POST /api/admin/people/:id/reset-two-factor { password, code }  admin → { email, hadTwoFactor }
//        the admin's own password and, when their two-factor sign-in is on, their current code first; the
//        colleague's authenticator and recovery codes go, every session of theirs ends, they are mailed
//   POST /api/admin/people/:id/remove                              admin → { email, rolesRemoved, sessionsEnded, leads }
//        every role and every session of the colleague at once; the leads they own, to reassign
// `:id` is the account's id (User Roles lists it). Each is recorded in the audit log (account.two-factor-reset,
// staff.remove). 401/403/503 from the role guard, 404 not_found, 409 own_account / last_admin / not_staff,
// 422 invalid_fields (password, code), 429 while the admin's account is locked by failed sign-ins.
import type { Config } from '@netlify/functions';
import { confirmIdentitySchema } from '../../src/features/accounts/contract.ts';
import { removeColleague, resetColleagueTwoFactor } from '../../src/features/accounts/people.ts';
import { adminEndpoint } from '../../src/features/accounts/staff-endpoint.ts';
import { readJson } from '../../src/server/guards.ts';
import { json } from '../../src/server/http.ts';
import { mailOrigin } from '../../src/server/origins.ts';
import { drainInBackground } from '../../src/server/mail/sender.ts';

export default adminEndpoint((url, { id }) => {
  if (url.pathname.endsWith('/reset-two-factor')) {
    return {
      POST: {
        role: 'admin',
        run: async ({ db, user }, request, context) => {
          const body = await readJson(request, confirmIdentitySchema);
          const reset = await resetColleagueTwoFactor(db, user, id, body, mailOrigin(request));
          context.waitUntil(drainInBackground(db));
          return json(reset);
        },
      },
    };
  }
  return { POST: { role: 'admin', run: async ({ db, user }) => json(await removeColleague(db, user, id)) } };
});

export const config: Config = {
  path: ['/api/admin/people/:id/reset-two-factor', '/api/admin/people/:id/remove'],
};
