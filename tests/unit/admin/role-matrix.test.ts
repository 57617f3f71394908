// Every admin route × every kind of caller (docs/decisions/0010-roles-enforced-on-the-server.md), and the Origin check of every state change.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as auditLogFn from '../../../netlify/functions/admin-audit-log.mts';
import * as documentsFn from '../../../netlify/functions/admin-documents.mts';
import * as meFn from '../../../netlify/functions/admin-me.mts';
import * as messagesFn from '../../../netlify/functions/admin-messages.mts';
import * as postsFn from '../../../netlify/functions/admin-posts.mts';
import * as rolesFn from '../../../netlify/functions/admin-roles.mts';
import * as submissionsFn from '../../../netlify/functions/admin-submissions.mts';
import { uploadedDocuments, userRoles, type Role } from '../../../src/db/schema.ts';
import { hasRole } from '../../../src/server/roles.ts';
import { documentsStore } from '../../../src/server/uploads.ts';
import {
  addMessage,
  addPost,
  addSubmission,
  addUser,
  errorOf,
  request,
  seedStaff,
  signIn,
  type Actor,
  type FunctionModule,
} from './harness.ts';
import { useLocalBlobs } from '../test-blobs.ts';
import { useTestDatabase } from '../test-db.ts';

vi.mock('../../../src/server/session.ts', () => ({ getSessionUser: vi.fn() }));

useLocalBlobs('admin-roles-test');
const handle = useTestDatabase();
beforeAll(() => seedStaff(handle));

interface Route {
  fn: FunctionModule;
  method: string;
  /** The least role that may call it; null: any signed-in user. */
  needs: Role | null;
  success: number;
  /** A fresh target for each call (a delete must find something to delete). */
  prepare: () => Promise<{ path: string; body?: unknown }>;
}

const fixed = (path: string, body?: unknown) => async () => ({ path, body });
const submission = async () => (await addSubmission(handle)).id;
const message = async () => (await addMessage(handle)).id;
const post = async () => (await addPost(handle)).id;

async function document(): Promise<string> {
  const submissionId = await submission();
  const key = `${submissionId}/${Date.now()}-${randomUUID()}.pdf`;
  await documentsStore().set(key, new Blob(['%PDF-1.7 test']));
  const [row] = await handle.db
    .insert(uploadedDocuments)
    .values({ auditSubmissionId: submissionId, fileName: 'deck.pdf', filePath: key, fileSize: 13, fileType: 'pdf' })
    .returning();
  return row!.id;
}

async function freshUser(roles: Role[] = []) {
  const user = { id: randomUUID(), email: `${randomUUID()}@example.com`, name: 'Someone', twoFactorEnabled: false };
  await addUser(handle, user, roles);
  return user;
}

const routes: Record<string, Route> = {
  'GET /api/admin/me': { fn: meFn, method: 'GET', needs: null, success: 200, prepare: fixed('/api/admin/me') },
  'GET /api/admin/submissions': {
    fn: submissionsFn,
    method: 'GET',
    needs: 'viewer',
    success: 200,
    prepare: fixed('/api/admin/submissions'),
  },
  'GET /api/admin/submissions/export.csv': {
    fn: submissionsFn,
    method: 'GET',
    needs: 'viewer',
    success: 200,
    prepare: fixed('/api/admin/submissions/export.csv'),
  },
  'GET /api/admin/submissions/:id': {
    fn: submissionsFn,
    method: 'GET',
    needs: 'viewer',
    success: 200,
    prepare: async () => ({ path: `/api/admin/submissions/${await submission()}` }),
  },
  'PATCH /api/admin/submissions/:id': {
    fn: submissionsFn,
    method: 'PATCH',
    needs: 'editor',
    success: 200,
    prepare: async () => ({ path: `/api/admin/submissions/${await submission()}`, body: { status: 'reviewed' } }),
  },
  'GET /api/admin/documents/:id': {
    fn: documentsFn,
    method: 'GET',
    needs: 'viewer',
    success: 200,
    prepare: async () => ({ path: `/api/admin/documents/${await document()}` }),
  },
  'GET /api/admin/messages': {
    fn: messagesFn,
    method: 'GET',
    needs: 'viewer',
    success: 200,
    prepare: fixed('/api/admin/messages'),
  },
  'GET /api/admin/messages/export.csv': {
    fn: messagesFn,
    method: 'GET',
    needs: 'viewer',
    success: 200,
    prepare: fixed('/api/admin/messages/export.csv'),
  },
  'POST /api/admin/messages/:id/open': {
    fn: messagesFn,
    method: 'POST',
    needs: 'viewer',
    success: 200,
    prepare: async () => ({ path: `/api/admin/messages/${await message()}/open` }),
  },
  'PATCH /api/admin/messages/:id': {
    fn: messagesFn,
    method: 'PATCH',
    needs: 'editor',
    success: 200,
    prepare: async () => ({ path: `/api/admin/messages/${await message()}`, body: { status: 'replied' } }),
  },
  'GET /api/admin/posts': {
    fn: postsFn,
    method: 'GET',
    needs: 'editor',
    success: 200,
    prepare: fixed('/api/admin/posts'),
  },
  'POST /api/admin/posts': {
    fn: postsFn,
    method: 'POST',
    needs: 'editor',
    success: 201,
    prepare: async () => ({ path: '/api/admin/posts', body: { title: `Post ${randomUUID()}` } }),
  },
  'PATCH /api/admin/posts/:id': {
    fn: postsFn,
    method: 'PATCH',
    needs: 'editor',
    success: 200,
    prepare: async () => ({ path: `/api/admin/posts/${await post()}`, body: { excerpt: 'Shorter.' } }),
  },
  'DELETE /api/admin/posts/:id': {
    fn: postsFn,
    method: 'DELETE',
    needs: 'editor',
    success: 204,
    prepare: async () => ({ path: `/api/admin/posts/${await post()}` }),
  },
  'GET /api/admin/roles': {
    fn: rolesFn,
    method: 'GET',
    needs: 'admin',
    success: 200,
    prepare: fixed('/api/admin/roles'),
  },
  'POST /api/admin/roles': {
    fn: rolesFn,
    method: 'POST',
    needs: 'admin',
    success: 201,
    prepare: async () => ({ path: '/api/admin/roles', body: { email: (await freshUser()).email } }),
  },
  'DELETE /api/admin/roles/:id': {
    fn: rolesFn,
    method: 'DELETE',
    needs: 'admin',
    success: 204,
    prepare: async () => {
      const user = await freshUser(['viewer']);
      const [row] = await handle.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
      return { path: `/api/admin/roles/${row!.id}` };
    },
  },
  'GET /api/admin/audit-log': {
    fn: auditLogFn,
    method: 'GET',
    needs: 'admin',
    success: 200,
    prepare: fixed('/api/admin/audit-log'),
  },
  'GET /api/admin/audit-log/export': {
    fn: auditLogFn,
    method: 'GET',
    needs: 'admin',
    success: 200,
    prepare: fixed('/api/admin/audit-log/export'),
  },
};

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
      'GET /api/admin/submissions/:id',
      'GET /api/admin/documents/:id',
      'GET /api/admin/messages',
      'GET /api/admin/messages/export.csv',
      'POST /api/admin/messages/:id/open',
    ]);
    expect(allowed('editor')).toEqual(
      Object.keys(routes).filter((name) => !name.includes('/roles') && !name.includes('/audit-log')),
    );
    expect(allowed('admin')).toEqual(Object.keys(routes));
  });
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
    const user = await freshUser(['viewer', 'editor']);
    signIn(user);
    const res = await request(meFn, 'GET', '/api/admin/me');
    expect(await res.json()).toEqual({
      user: { ...user, twoFactorRequired: false },
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
