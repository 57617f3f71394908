/** The replies of `/api/admin/roles` (types only: the portal imports them without any server code). */
import type { Role } from '../../lib/statuses.ts';

/** A role held, with its holder's email ('' once the account is gone). */
export interface RoleItem {
  id: string;
  userId: string;
  email: string;
  role: Role;
  createdAt: Date;
}
