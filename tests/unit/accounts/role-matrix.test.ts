// Every admin route × every kind of caller (docs/decisions/0010-roles-enforced-on-the-server.md), and the Origin check of every state change.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as meFn from '../../../netlify/functions/admin-me.mts';
import * as submissionsFn from '../../../netlify/functions/admin-submissions.mts';
import * as webhookFn from '../../../netlify/functions/resend-webhook.mts';
import * as calFn from '../../../netlify/functions/cal-webhook.mts';
import * as calendlyFn from '../../../netlify/functions/calendly-webhook.mts';
import { hasRole } from '../../../src/features/accounts/require-role.ts';
import { adminRoutes, type Route } from './role-routes.ts';
import { errorOf, request, seedStaff, signIn, type Actor } from '../staff-harness.ts';
import { useLocalBlobs } from '../test-blobs.ts';
import { quietConsole, useTestDatabase } from '../test-db.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

useLocalBlobs('admin-roles-test');
const handle = useTestDatabase();
quietConsole('log'); // the test mail and retried mail go out through the console transport
beforeAll(() => seedStaff(handle));

const { routes, freshUser } = adminRoutes(handle);

const actors: Actor[] = ['anonymous', 'noRole', 'viewer', 'editor', 'admin'];

/** The status an actor gets on a route: 401 without a session, 403 without the role, else its success. */
function expected(route: Route, actor: Actor): number {
  if (actor === 'anonymous') return 401;
  if (route.needs === null) return route.success;
  return actor !== 'noRole' && hasRole([actor], route.needs) ? route.success : 403;
}

const cases = Object.entries(routes).flatMap(([name, route]) =>
  actors.map((actor) => ({ name, route, actor, status: expected(route, actor) })),
);

describe('the role matrix: every route × anonymous, no role, viewer, editor, admin', () => {
  it.each(cases)('$name as $actor → $status', async ({ route, actor, status }) => {
    signIn(actor);
    const { path: url, body } = await route.prepare();
    const res = await request(route.fn, route.method, url, body);
    expect(res.status).toBe(status);
    if (status === 401)
      expect(await errorOf(res)).toEqual({ code: 'unauthenticated', message: 'User not authenticated' });
    if (status === 403) expect((await errorOf(res)).code).toBe('forbidden');
  });

  it('lists exactly the rights of docs/decisions/0010-roles-enforced-on-the-server.md', () => {
    const allowed = (actor: Actor) =>
      Object.entries(routes)
        .filter(([, route]) => expected(route, actor) < 400)
        .map(([name]) => name);
    expect(allowed('noRole')).toEqual(['GET /api/admin/me']);
    expect(allowed('viewer')).toEqual([
      'GET /api/admin/me',
      'GET /api/admin/submissions',
      'GET /api/admin/submissions/export.csv',
      'GET /api/admin/submissions/overdue',
      'GET /api/admin/submissions/:id',
      'GET /api/admin/documents/:id',
      'GET /api/admin/messages',
      'GET /api/admin/messages/export.csv',
      'POST /api/admin/messages/:id/open',
      'GET /api/admin/reports/:id',
      'GET /api/admin/leads',
      'GET /api/admin/leads/export.csv',
      'GET /api/admin/leads/overdue',
      'GET /api/admin/leads/revision',
      'GET /api/admin/leads/staff',
      'GET /api/admin/leads/:id',
      'GET /api/admin/pipeline',
      'GET /api/admin/pipeline/settings',
      'GET /api/admin/dashboard',
      // Any role manages its own sessions (never another account's: own-sessions.test.ts).
      'GET /api/admin/sessions',
      'POST /api/admin/sessions/:id/sign-out',
      'POST /api/admin/sessions/sign-out-others',
    ]);
    expect(allowed('editor')).toEqual(
      Object.keys(routes).filter(
        (name) =>
          !name.includes('/roles') &&
          !name.includes('/audit-log') &&
          !name.includes('/mail') &&
          !name.includes('/system') &&
          !name.includes('/people') &&
          // The pipeline's probabilities and stale thresholds (docs/decisions/0047-pipeline.md) are an admin's.
          name !== 'PUT /api/admin/pipeline/settings' &&
          // A person's export, erasure and client flag (docs/privacy.md) are an admin's.
          !/\/leads\/:id\/(export|erase|client)$/.test(name),
      ),
    );
    expect(allowed('admin')).toEqual(Object.keys(routes));
  });
});

describe('POST /api/webhooks/resend: no session counts, only a signature', () => {
  beforeAll(() => {
    vi.stubEnv('RESEND_WEBHOOK_SECRET', `whsec_${Buffer.from('the-role-matrix-webhook-key-123').toString('base64')}`);
    return () => void vi.unstubAllEnvs();
  });
  it.each(actors)('as %s without a signature → 401 invalid_signature, whatever the session', async (actor) => {
    signIn(actor);
    const res = await request(webhookFn, 'POST', '/api/webhooks/resend', { type: 'email.delivered', data: {} });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('invalid_signature');
  });
});

describe('POST /api/webhooks/calendly and /api/webhooks/cal: no session counts, only a signature', () => {
  beforeAll(() => {
    vi.stubEnv('CALENDLY_WEBHOOK_SIGNING_KEY', 'the-role-matrix-calendly-key-0123');
    vi.stubEnv('CAL_WEBHOOK_SECRET', 'the-role-matrix-cal-secret-4567');
    return () => void vi.unstubAllEnvs();
  });
  const hooks = [
    { path: '/api/webhooks/calendly', fn: calendlyFn, body: { event: 'invitee.created', payload: {} } },
    { path: '/api/webhooks/cal', fn: calFn, body: { triggerEvent: 'BOOKING_CREATED', payload: {} } },
  ];
  it.each(actors.flatMap((actor) => hooks.map((hook) => ({ actor, ...hook }))))(
    '$path as $actor without a signature → 401 invalid_signature, whatever the session',
    async ({ actor, fn, path, body }) => {
      signIn(actor);
      const res = await request(fn, 'POST', path, body);
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe('invalid_signature');
    },
  );
});

describe('Origin on every state change', () => {
  const changes = Object.entries(routes).filter(([, route]) => route.method !== 'GET');

  it.each(
    changes.flatMap(([name, route]) => [null, 'https://evil.example'].map((origin) => ({ name, route, origin }))),
  )('$name from origin $origin → 403 forbidden_origin, and nothing done', async ({ route, origin }) => {
    signIn('admin');
    const { path: url, body } = await route.prepare();
    const refused = await request(route.fn, route.method, url, body, { origin });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('forbidden_origin');
    // The same call from the site still succeeds: the refused one changed nothing it depends on.
    expect((await request(route.fn, route.method, url, body)).status).toBe(route.success);
  });

  it('lets reads through without an Origin (a download link sends none)', async () => {
    signIn('viewer');
    const res = await request(submissionsFn, 'GET', '/api/admin/submissions', undefined, { origin: null });
    expect(res.status).toBe(200);
  });
});

describe('GET /api/admin/me', () => {
  it('answers the user, the roles held (highest first) and the site it serves', async () => {
    const account = await freshUser(['viewer', 'editor']);
    signIn(account);
    const { id, email, name, twoFactorEnabled, passwordChangeRequired } = account;
    const res = await request(meFn, 'GET', '/api/admin/me');
    expect(await res.json()).toEqual({
      user: { id, email, name, twoFactorEnabled, passwordChangeRequired, twoFactorRequired: false },
      roles: ['editor', 'viewer'],
      site: 'local',
    });
  });

  it('answers a signed-in user without a role with no roles', async () => {
    signIn('noRole');
    expect(await (await request(meFn, 'GET', '/api/admin/me')).json()).toMatchObject({ roles: [] });
  });

  it('refuses other methods with 405', async () => {
    signIn('admin');
    const res = await request(meFn, 'POST', '/api/admin/me', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});
