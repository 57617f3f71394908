/**
 * Who is asking: the signed-in user of a request, read from its better-auth session cookie. Every admin
 * function reaches the session through here (and `requireRole` in roles.ts), never through better-auth.
 */
import type { Db } from '../../db/client.ts';
import { endSession, isPastLimits } from './session-limits.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** Whether the account signs in with a code from an authenticator app too. */
  twoFactorEnabled: boolean;
  /** Whether the password is a temporary one its owner must replace first (temporary-password.ts). */
  passwordChangeRequired: boolean;
  /** The id (not the token) of the session the request came with: "this device" among the account's sessions. */
  sessionId: string;
}

/**
 * The user whose live session the request's cookie carries, or null (no cookie, expired, signed out).
 * better-auth's session rules (session-limits.ts) already end a session past its 12-hour or idle limit;
 * the check here keeps the rule where every admin endpoint reads the session, whatever better-auth does.
 */
export async function getSessionUser(db: Db, request: Request): Promise<SessionUser | null> {
  const { getAuth } = await import('./auth.ts');
  const session = await getAuth(db).api.getSession({ headers: request.headers });
  if (!session) return null;
  if (isPastLimits(session.session)) {
    await endSession(db, session.session.token);
    return null;
  }
  return {
    id: session.user.id,
    email: session.user.email,
    name: session.user.name,
    twoFactorEnabled: session.user.twoFactorEnabled === true,
    passwordChangeRequired: session.user.passwordChangeRequired === true,
    sessionId: session.session.id,
  };
}
