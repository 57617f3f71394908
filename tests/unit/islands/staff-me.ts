/** The signed-in staff member the portal's island tests render for (`/api/admin/me`'s reply), a viewer by default. */
import type { Me } from '../../../src/islands/admin/shared/portal-session.ts';

export const staffMe = (user: Partial<Me['user']> = {}, rest: Partial<Omit<Me, 'user'>> = {}): Me => ({
  user: {
    id: 'u1',
    email: 'ada@agency.example',
    name: 'Ada',
    twoFactorEnabled: false,
    twoFactorRequired: false,
    passwordChangeRequired: false,
    ...user,
  },
  roles: ['viewer'],
  site: 'local',
  ...rest,
});
