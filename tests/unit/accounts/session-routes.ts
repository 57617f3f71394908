/**
 * The own-sessions routes for the role matrix (role-routes.ts): each call signs out a fresh session of whoever is
 * signed in, with that account's password (made here once per account, as better-auth stores one).
 */
import { randomUUID } from 'node:crypto';
import * as sessionsFn from '../../../netlify/functions/admin-sessions.mts';
import type { DbHandle } from '../../../src/db/client.ts';
import { accounts, sessions } from '../../../src/db/schema.ts';
import { currentUser } from '../staff-harness.ts';
import type { Route } from './route.ts';

/** The password of every account the matrix signs in as. */
export const MATRIX_PASSWORD = 'the matrix password';

export function sessionRoutes(handle: DbHandle): Record<string, Route> {
  const withPassword = new Set<string>();
  /** The signed-in account, with a password and one more session of its own (null when nobody is signed in). */
  async function otherSession(): Promise<string | null> {
    const user = currentUser();
    if (!user) return null;
    if (!withPassword.has(user.id)) {
      const { hashPassword } = await import('../../../src/features/accounts/password-hash.ts');
      const password = await hashPassword(MATRIX_PASSWORD);
      await handle.db
        .insert(accounts)
        .values({ id: `a-${user.id}`, accountId: user.id, providerId: 'credential', userId: user.id, password })
        .onConflictDoNothing();
      withPassword.add(user.id);
    }
    const [row] = await handle.db
      .insert(sessions)
      .values({ id: randomUUID(), token: randomUUID(), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) })
      .returning();
    return row!.id;
  }
  const body = { password: MATRIX_PASSWORD };
  return {
    'GET /api/admin/sessions': {
      fn: sessionsFn,
      method: 'GET',
      needs: 'viewer',
      success: 200,
      prepare: async () => ({ path: '/api/admin/sessions' }),
    },
    'POST /api/admin/sessions/:id/sign-out': {
      fn: sessionsFn,
      method: 'POST',
      needs: 'viewer',
      success: 204,
      prepare: async () => ({ path: `/api/admin/sessions/${(await otherSession()) ?? randomUUID()}/sign-out`, body }),
    },
    'POST /api/admin/sessions/sign-out-others': {
      fn: sessionsFn,
      method: 'POST',
      needs: 'viewer',
      success: 200,
      prepare: async () => {
        await otherSession();
        return { path: '/api/admin/sessions/sign-out-others', body };
      },
    },
  };
}
