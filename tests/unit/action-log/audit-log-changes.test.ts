// The audit log records role grants and removals and status changes in the change's own transaction;
// refusals and non-changes write nothing.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as messagesFn from '../../../netlify/functions/admin-messages.mts';
import * as rolesFn from '../../../netlify/functions/admin-roles.mts';
import * as submissionsFn from '../../../netlify/functions/admin-submissions.mts';
import { auditSubmissions, contactMessages, userRoles } from '../../../src/db/schema.ts';
import { addMessage, addSubmission, errorOf, request, signIn, staff } from '../staff-harness.ts';
import { row, useAuditLogDatabase } from './audit-log-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, logged, withAuditLogFailing } = useAuditLogDatabase();

describe('roles', () => {
  const grant = (body: unknown) => request(rolesFn, 'POST', '/api/admin/roles', body);
  const remove = (id: string) => request(rolesFn, 'DELETE', `/api/admin/roles/${id}`);
  const roleId = async (userId: string, role: string) =>
    (await handle.db.select().from(userRoles).where(eq(userRoles.userId, userId))).find((r) => r.role === role)!.id;

  it('records a grant: who, to whom, which role', async () => {
    signIn('admin');
    expect((await grant({ email: staff.noRole.email, role: 'editor' })).status).toBe(201);
    expect(await logged()).toEqual([
      row('admin', 'role.grant', 'user', staff.noRole.id, { role: 'editor', email: staff.noRole.email }),
    ]);
  });

  it('records a removal with the role and the holder’s email', async () => {
    signIn('admin');
    const id = await roleId(staff.viewer.id, 'viewer');
    expect((await remove(id)).status).toBe(204);
    expect(await logged()).toEqual([
      row('admin', 'role.remove', 'user', staff.viewer.id, { role: 'viewer', email: staff.viewer.email }),
    ]);
  });

  it('records nothing for a refused grant or removal (role held, no account, last admin)', async () => {
    signIn('admin');
    expect((await grant({ email: staff.viewer.email, role: 'viewer' })).status).toBe(409);
    expect((await grant({ email: 'stranger@example.com', role: 'viewer' })).status).toBe(404);
    const last = await remove(await roleId(staff.admin.id, 'admin'));
    expect(last.status).toBe(409);
    expect((await errorOf(last)).code).toBe('last_admin');
    expect((await remove(randomUUID())).status).toBe(404);
    expect(await logged()).toEqual([]);
  });

  it('grants nothing when its row cannot be written, and removes nothing either (one transaction)', async () => {
    signIn('admin');
    const id = await roleId(staff.viewer.id, 'viewer');
    await withAuditLogFailing(async () => {
      expect((await grant({ email: staff.noRole.email, role: 'editor' })).status).toBe(503);
      expect((await remove(id)).status).toBe(503);
    });
    expect(await handle.db.select().from(userRoles).where(eq(userRoles.userId, staff.noRole.id))).toEqual([]);
    expect(await roleId(staff.viewer.id, 'viewer')).toBe(id);
    expect(await logged()).toEqual([]);
  });
});

describe('statuses', () => {
  const patchSubmission = (id: string, status: string) =>
    request(submissionsFn, 'PATCH', `/api/admin/submissions/${id}`, { status });
  const patchMessage = (id: string, status: string) =>
    request(messagesFn, 'PATCH', `/api/admin/messages/${id}`, { status });
  const openMessage = (id: string) => request(messagesFn, 'POST', `/api/admin/messages/${id}/open`);

  it('records a submission’s change from and to; the same status again records nothing', async () => {
    signIn('editor');
    const { id } = await addSubmission(handle);
    expect((await patchSubmission(id, 'reviewed')).status).toBe(200);
    expect((await patchSubmission(id, 'reviewed')).status).toBe(200);
    expect((await patchSubmission(id, 'completed')).status).toBe(200);
    expect(await logged()).toEqual([
      row('editor', 'submission.status', 'submission', id, { from: 'pending', to: 'reviewed' }),
      row('editor', 'submission.status', 'submission', id, { from: 'reviewed', to: 'completed' }),
    ]);
  });

  it('records nothing for a refused status change (unknown submission, invalid status, a viewer)', async () => {
    const { id } = await addSubmission(handle);
    signIn('editor');
    expect((await patchSubmission(randomUUID(), 'reviewed')).status).toBe(404);
    expect((await patchSubmission(id, 'archived')).status).toBe(422);
    signIn('viewer');
    expect((await patchSubmission(id, 'reviewed')).status).toBe(403);
    expect(await logged()).toEqual([]);
  });

  it('changes no status whose row cannot be written', async () => {
    signIn('editor');
    const { id } = await addSubmission(handle);
    await withAuditLogFailing(async () => {
      expect((await patchSubmission(id, 'completed')).status).toBe(503);
    });
    const [stored] = await handle.db.select().from(auditSubmissions).where(eq(auditSubmissions.id, id));
    expect(stored!.status).toBe('pending');
    expect(await logged()).toEqual([]);
  });

  it('records a message’s change, and its first opening (unread → read) once, by the viewer who opened it', async () => {
    const { id } = await addMessage(handle);
    signIn('viewer');
    expect((await openMessage(id)).status).toBe(200);
    expect((await openMessage(id)).status).toBe(200); // already read: nothing changes, nothing recorded
    signIn('editor');
    expect((await patchMessage(id, 'replied')).status).toBe(200);
    expect((await patchMessage(id, 'replied')).status).toBe(200);
    expect(await logged()).toEqual([
      row('viewer', 'message.status', 'message', id, { from: 'unread', to: 'read', via: 'open' }),
      row('editor', 'message.status', 'message', id, { from: 'read', to: 'replied' }),
    ]);
  });

  it('leaves a message unread when the row of its opening cannot be written', async () => {
    const { id } = await addMessage(handle);
    signIn('viewer');
    await withAuditLogFailing(async () => {
      expect((await openMessage(id)).status).toBe(503);
    });
    const [stored] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored!.status).toBe('unread');
  });
});
