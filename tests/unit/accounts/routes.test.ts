// The ways into an account are the ones the site offers (AUTH_ROUTES), and nothing better-auth mounts beside them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import auth from '../../../netlify/functions/auth.mts';
import { useDatabase, type DbHandle } from '../../../src/db/client.ts';
import { AUTH_ROUTES } from '../../../src/features/accounts/auth-request.ts';
import { getAuth } from '../../../src/features/accounts/auth.ts';
import { call } from '../function-harness.ts';
import { openTestDatabase } from '../test-db.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  useDatabase(handle);
}, 60_000);
afterAll(() => handle.close());

/** Every route better-auth mounts on this configuration, with a concrete path for one with a parameter. */
function mounted(): { route: string; method: string }[] {
  const api = getAuth(handle.db).api as unknown as Record<string, { path?: string; options?: { method?: unknown } }>;
  return Object.values(api)
    .filter((endpoint) => endpoint.path)
    .map((endpoint) => {
      const method = endpoint.options?.method;
      return {
        route: endpoint.path!.replace(/:\w+/g, 'x'),
        method: Array.isArray(method) ? String(method[0]) : String(method ?? 'GET'),
      };
    });
}

describe('the ways into an account', () => {
  it('are exactly the ones the portal and its mail links use', () => {
    expect([...AUTH_ROUTES].sort()).toEqual(
      [
        '/change-password',
        '/get-session',
        '/request-password-reset',
        '/reset-password',
        '/send-verification-email',
        '/sign-in/email',
        '/sign-out',
        '/sign-up/email',
        '/two-factor/disable',
        '/two-factor/enable',
        '/two-factor/generate-backup-codes',
        '/two-factor/verify-backup-code',
        '/two-factor/verify-totp',
        '/verify-email',
      ].sort(),
    );
    // Each of them is a route better-auth really mounts (a typo here would leave a real one unreachable).
    const real = new Set(mounted().map((m) => m.route));
    for (const route of AUTH_ROUTES) expect(real, route).toContain(route);
  });

  it('answers 404 to every other route better-auth mounts, before better-auth sees it', async () => {
    const others = mounted().filter((m) => !AUTH_ROUTES.has(m.route));
    expect(others.map((m) => m.route)).toEqual(
      expect.arrayContaining(['/sign-in/social', '/delete-user', '/change-email', '/list-sessions', '/callback/x']),
    );
    for (const { route, method } of others) {
      const res = await call(auth, `/api/auth${route}`, method === 'GET' ? undefined : {}, { method });
      expect(res.status, `${method} ${route}`).toBe(404);
      expect(await res.json(), route).toEqual({ error: { code: 'not_found', message: 'There is no such page.' } });
    }
  });

  it('are each listed in docs/security.md', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/security.md'), 'utf8');
    for (const route of AUTH_ROUTES) expect(doc, route).toContain(`\`${route}\``);
  });
});
