/**
 * The accounts' contract, browser-safe: the portal's account and role forms (their schemas live in
 * src/lib/forms beside the other forms' fields) and the replies of `/api/admin/me` and `/api/admin/roles`.
 */
import type { SiteContext } from '../../config/platform.ts';
import type { Role } from '../../lib/statuses.ts';

export * from '../../lib/forms/account.schema.ts';
export * from '../../lib/forms/role.schema.ts';

/** A role held, with its holder's email ('' once the account is gone). */
export interface RoleItem {
  id: string;
  userId: string;
  email: string;
  role: Role;
  createdAt: Date;
}

/** The signed-in user, for the portal to decide what to show. */
export interface Me {
  user: {
    id: string;
    email: string;
    name: string;
    /** Whether the account signs in with a code from an authenticator app too. */
    twoFactorEnabled: boolean;
    /** Whether this user must have it on (STAFF_2FA_REQUIRED and any role) before the staff API answers. */
    twoFactorRequired: boolean;
    /** Whether the password is a temporary one (printed by `npm run admin -- create`) to replace first. */
    passwordChangeRequired: boolean;
  };
  /** Highest first. */
  roles: Role[];
  /** The site this portal belongs to: a preview works on its own copy of the data and mails only staff. */
  site: SiteContext;
}

/** One of the signed-in user's own sessions (GET /api/admin/sessions), never its token. */
export interface OwnSession {
  id: string;
  /** From the User-Agent it signed in with: "iPhone", "Windows computer", "Unknown device". */
  device: string;
  /** "Firefox 128", "Unknown browser". */
  browser: string;
  /** The address it signed in from: IPv4 as it is, IPv6 as its /64 (`2001:db8:1:2::/64`); null if unknown. */
  ipAddress: string | null;
  createdAt: Date;
  /** When it was last used (to the minute: the session row is touched at most once a minute). */
  lastUsedAt: Date;
  /** Whether it is the session of the browser asking. */
  current: boolean;
}

/** The answer of POST /api/admin/sessions/sign-out-others. */
export interface SessionsEnded {
  ended: number;
}

/** The answer of POST /api/admin/people/:id/remove: what went, and the leads still theirs, to give to others. */
export interface RemovedColleague {
  email: string;
  rolesRemoved: Role[];
  sessionsEnded: number;
  leads: { id: string; name: string; email: string; company: string; waiting: boolean }[];
}

/** The answer of POST /api/admin/people/:id/reset-two-factor. */
export interface TwoFactorReset {
  email: string;
  hadTwoFactor: boolean;
}

export { confirmIdentitySchema, type ConfirmIdentityValues } from '../../lib/forms/people.schema.ts';
