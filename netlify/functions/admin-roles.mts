// Staff roles, managed by admins (docs/decisions/0010-roles-enforced-on-the-server.md):
//   GET    /api/admin/roles                   admin → { items: [{ id, userId, email, role, createdAt }] } newest first
//   POST   /api/admin/roles { email, role? }  admin → 201 { role: { id, userId, email, role, createdAt } }
//   DELETE /api/admin/roles/:id               admin → 204
// Each grant and removal is recorded in the audit log (role.grant, role.remove).
// 401/403/503 from the role guard, 404 user_not_found / not_found, 409 role_exists / last_admin,
// 422 invalid_fields.
import type { Config } from '@netlify/functions';
import { adminEndpoint, deleteAction } from '../../src/features/accounts/staff-endpoint.ts';
import { addRoleSchema } from '../../src/features/accounts/contract.ts';
import { addRole, listRoles, removeRole } from '../../src/features/accounts/role-grants.ts';
import { readJson } from '../../src/server/guards.ts';
import { json } from '../../src/server/http.ts';

export default adminEndpoint((_url, { id }) => {
  if (id === undefined) {
    return {
      GET: { role: 'admin', run: async ({ db }) => json(await listRoles(db)) },
      POST: {
        role: 'admin',
        run: async ({ db, user }, request) =>
          json({ role: await addRole(db, user, await readJson(request, addRoleSchema)) }, { status: 201 }),
      },
    };
  }
  return { DELETE: deleteAction('admin', ({ db, user }) => removeRole(db, user, id)) };
});

export const config: Config = { path: ['/api/admin/roles', '/api/admin/roles/:id'] };
