// The signed-in staff member, for the portal to decide what to show (any signed-in user, role or not):
//   GET /api/admin/me → 200 { user: { id, email, name, twoFactorEnabled, twoFactorRequired,
//                                      passwordChangeRequired },
//                              roles: Role[] (highest first), site }
// where `site` is `local`, `production` or `preview` (the portal marks a preview with a ribbon), and
// `twoFactorRequired` says that this user must have two-factor sign-in on (STAFF_2FA_REQUIRED and any role, or
// the deprecated ADMIN_2FA_REQUIRED and the admin role): without it, every other admin call answers 403
// two_factor_required and the portal shows the setup.
// `passwordChangeRequired`: the password is a temporary one (npm run admin -- create); every other admin call
// answers 403 password_change_required and the portal shows only the form that changes it.
// 401 unauthenticated without a session.
import type { Config } from '@netlify/functions';
import { adminEndpoint } from '../../src/features/accounts/staff-endpoint.ts';
import type { Me } from '../../src/features/accounts/contract.ts';
import { json } from '../../src/server/http.ts';
import { siteContext } from '../../src/config/platform.ts';

export default adminEndpoint(() => ({
  GET: {
    role: null,
    run: async ({ user, roles, twoFactorRequired }) =>
      json({
        user: {
          id: user.id,
          email: user.email,
          name: user.name,
          twoFactorEnabled: user.twoFactorEnabled,
          twoFactorRequired,
          passwordChangeRequired: user.passwordChangeRequired,
        },
        roles,
        site: siteContext(),
      } satisfies Me),
  },
}));

export const config: Config = { path: '/api/admin/me' };
