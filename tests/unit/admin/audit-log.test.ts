// The audit log: each recorded action writes the right row in the change's own transaction, refusals and
// non-changes write none, admins read it newest first and as CSV, and nothing can rewrite it.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as auditLogFn from '../../../netlify/functions/admin-audit-log.mts';
import * as documentsFn from '../../../netlify/functions/admin-documents.mts';
import * as messagesFn from '../../../netlify/functions/admin-messages.mts';
import * as postsFn from '../../../netlify/functions/admin-posts.mts';
import * as rolesFn from '../../../netlify/functions/admin-roles.mts';
import * as submissionsFn from '../../../netlify/functions/admin-submissions.mts';
import {
  auditLog,
  auditSubmissions,
  blogPosts,
  contactMessages,
  uploadedDocuments,
  userRoles,
  type AuditAction,
} from '../../../src/db/schema.ts';
import { PAGE_SIZE } from '../../../src/server/admin/list-query.ts';
import { documentsStore } from '../../../src/server/uploads.ts';
import { parseCsv } from './csv-parse.ts';
import {
  addMessage,
  addPost,
  addSubmission,
  errorOf,
  request,
  seedStaff,
  signIn,
  staff,
  useAdminDatabase,
} from './harness.ts';
import { useLocalBlobs } from '../test-blobs.ts';

vi.mock('../../../src/server/session.ts', () => ({ getSessionUser: vi.fn() }));

useLocalBlobs('audit-log-test');
// TRUNCATE is the one way to empty the log: the trigger refuses DELETE, as the last tests show.
const handle = useAdminDatabase({ truncate: ['audit_log'] });
afterEach(() => vi.restoreAllMocks());
beforeEach(async () => {
  await seedStaff(handle);
});

/** Every row, oldest first. */
const logged = () => handle.db.select().from(auditLog).orderBy(asc(auditLog.at), asc(auditLog.id));

/** The row a change should have written, by `actor`. */
const row = (actor: keyof typeof staff, action: AuditAction, targetType: string, targetId: string, detail: object) => ({
  id: expect.any(String),
  at: expect.any(Date),
  actorId: staff[actor].id,
  actorEmail: staff[actor].email,
  action,
  targetType,
  targetId,
  detail,
});

/** Makes every insert into audit_log fail, as a full disk or a lost connection would, for the length of `fn`. */
async function withAuditLogFailing(fn: () => Promise<void>): Promise<void> {
  await handle.db.execute(sql`
    create function audit_log_test_refuse() returns trigger language plpgsql as $$
    begin raise exception 'audit_log insert failed (test)'; end; $$`);
  await handle.db.execute(sql`
    create trigger audit_log_test_refuse before insert on audit_log
    for each row execute function audit_log_test_refuse()`);
  vi.spyOn(console, 'error').mockImplementation(() => {}); // the endpoint logs the failure it answers as 503
  try {
    await fn();
  } finally {
    await handle.db.execute(sql`drop trigger audit_log_test_refuse on audit_log`);
    await handle.db.execute(sql`drop function audit_log_test_refuse()`);
  }
}

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

describe('posts', () => {
  const create = (body: unknown) => request(postsFn, 'POST', '/api/admin/posts', body);
  const update = (id: string, body: unknown) => request(postsFn, 'PATCH', `/api/admin/posts/${id}`, body);
  const remove = (id: string) => request(postsFn, 'DELETE', `/api/admin/posts/${id}`);

  it('records publishing (at creation or later), unpublishing and deleting, with the title and slug', async () => {
    signIn('editor');
    const created = await create({ title: 'Straight Out', content: 'Live at once.', status: 'published' });
    expect(created.status).toBe(201);
    const live = (await created.json()).post;
    const draft = await addPost(handle, { title: 'Slow Burn', slug: 'slow-burn', content: 'Later.' });
    expect((await update(draft.id, { excerpt: 'Edited, still a draft.' })).status).toBe(200);
    expect((await update(draft.id, { status: 'published' })).status).toBe(200);
    expect((await update(draft.id, { excerpt: 'Edited while published.' })).status).toBe(200);
    expect((await update(draft.id, { status: 'draft' })).status).toBe(200);
    expect((await remove(draft.id)).status).toBe(204);
    expect((await remove(live.id)).status).toBe(204);
    const slowBurn = { title: 'Slow Burn', slug: 'slow-burn' };
    expect(await logged()).toEqual([
      row('editor', 'post.publish', 'post', live.id, { title: 'Straight Out', slug: 'straight-out' }),
      row('editor', 'post.publish', 'post', draft.id, slowBurn),
      row('editor', 'post.unpublish', 'post', draft.id, slowBurn),
      row('editor', 'post.delete', 'post', draft.id, { ...slowBurn, status: 'draft' }),
      row('editor', 'post.delete', 'post', live.id, {
        title: 'Straight Out',
        slug: 'straight-out',
        status: 'published',
      }),
    ]);
  });

  it('records nothing for a draft created, a refused save or an unknown post', async () => {
    signIn('editor');
    expect((await create({ title: 'Just a draft' })).status).toBe(201);
    const taken = await addPost(handle, { slug: 'taken' });
    const other = await addPost(handle, { content: 'Something to publish.' });
    expect((await update(other.id, { slug: 'taken', status: 'published' })).status).toBe(409);
    expect((await update(taken.id, { title: '', status: 'published' })).status).toBe(422);
    expect((await remove(randomUUID())).status).toBe(404);
    expect(await logged()).toEqual([]);
  });

  it('deletes and publishes nothing when the row cannot be written', async () => {
    signIn('editor');
    const post = await addPost(handle, { content: 'Something to publish.' });
    await withAuditLogFailing(async () => {
      expect((await update(post.id, { status: 'published' })).status).toBe(503);
      expect((await remove(post.id)).status).toBe(503);
    });
    const [stored] = await handle.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(stored).toMatchObject({ status: 'draft', publishedAt: null });
  });
});

describe('documents', () => {
  async function storeDocument(withBlob = true) {
    const submission = await addSubmission(handle);
    const key = `${submission.id}/${Date.now()}-${randomUUID().slice(0, 8)}.pdf`;
    if (withBlob) await documentsStore().set(key, new Blob(['%PDF-1.7 test']));
    const [doc] = await handle.db
      .insert(uploadedDocuments)
      .values({ auditSubmissionId: submission.id, fileName: 'Deck.pdf', filePath: key, fileSize: 13, fileType: 'pdf' })
      .returning();
    return doc!;
  }
  const download = (id: string) => request(documentsFn, 'GET', `/api/admin/documents/${id}`);

  it('records each download with the file name and its submission', async () => {
    signIn('viewer');
    const doc = await storeDocument();
    const res = await download(doc.id);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.7 test');
    expect(await logged()).toEqual([
      row('viewer', 'document.download', 'document', doc.id, {
        fileName: 'Deck.pdf',
        submissionId: doc.auditSubmissionId,
      }),
    ]);
  });

  it('records nothing for a document that is not there, and hands out none it cannot record', async () => {
    signIn('viewer');
    expect((await download(randomUUID())).status).toBe(404);
    expect((await download((await storeDocument(false)).id)).status).toBe(404);
    const doc = await storeDocument();
    await withAuditLogFailing(async () => {
      expect((await download(doc.id)).status).toBe(503);
    });
    expect(await logged()).toEqual([]);
  });
});

describe('GET /api/admin/audit-log and its export', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 9, 0, seconds));

  /** `n` rows one second apart, the first the oldest; every third one a download. */
  async function seedRows(n: number) {
    const values = Array.from({ length: n }, (_, i) => ({
      at: at(i),
      actorId: staff.editor.id,
      actorEmail: staff.editor.email,
      action: (i % 3 === 0 ? 'document.download' : 'submission.status') as AuditAction,
      targetType: i % 3 === 0 ? 'document' : 'submission',
      targetId: `target-${i}`,
      detail: { n: i },
    }));
    await handle.db.insert(auditLog).values(values);
  }
  const list = async (query = '') => {
    const res = await request(auditLogFn, 'GET', `/api/admin/audit-log${query}`);
    expect(res.status).toBe(200);
    return res.json();
  };

  it('pages newest first, 50 a page, ties in the same instant by id', async () => {
    signIn('admin');
    await seedRows(PAGE_SIZE + 5);
    const first = await list();
    expect(first).toMatchObject({ total: PAGE_SIZE + 5, page: 1, pageSize: PAGE_SIZE });
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      at: at(PAGE_SIZE + 4).toISOString(),
      actorId: staff.editor.id,
      actorEmail: staff.editor.email,
      action: 'document.download', // 54 is a multiple of 3
      targetType: 'document',
      targetId: `target-${PAGE_SIZE + 4}`,
      detail: { n: PAGE_SIZE + 4 },
    });
    const second = await list('?page=2');
    const numbers = [...first.items, ...second.items].map((r: { detail: { n: number } }) => r.detail.n);
    expect(numbers).toEqual(Array.from({ length: PAGE_SIZE + 5 }, (_, i) => PAGE_SIZE + 4 - i));

    // Same instant: the larger id first, on every page alike.
    await handle.db.execute(sql`truncate audit_log`);
    const same = Array.from({ length: 3 }, (_, i) => ({
      at: at(0),
      actorId: 'x',
      actorEmail: 'x@example.com',
      action: 'post.delete' as const,
      targetType: 'post',
      targetId: String(i),
    }));
    await handle.db.insert(auditLog).values(same);
    const ids = (await list()).items.map((r: { id: string }) => r.id);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('filters by action, and refuses an unknown action or page with 422', async () => {
    signIn('admin');
    await seedRows(9);
    const downloads = await list('?action=document.download');
    expect(downloads.total).toBe(3);
    expect(downloads.items.map((r: { detail: { n: number } }) => r.detail.n)).toEqual([6, 3, 0]);
    for (const query of ['?action=role.rename', '?page=0', '?page=x']) {
      const res = await request(auditLogFn, 'GET', `/api/admin/audit-log${query}`);
      expect(res.status).toBe(422);
      expect((await errorOf(res)).code).toBe('invalid_fields');
    }
  });

  it('exports every row as CSV, newest first, the detail as JSON, formulas neutralised', async () => {
    signIn('admin');
    await handle.db.insert(auditLog).values([
      {
        at: at(1),
        actorId: staff.admin.id,
        actorEmail: staff.admin.email,
        action: 'role.grant',
        targetType: 'user',
        targetId: staff.viewer.id,
        detail: { role: 'viewer', email: staff.viewer.email },
      },
      {
        at: at(2),
        actorId: staff.editor.id,
        actorEmail: '=HYPERLINK("http://evil.example")',
        action: 'post.delete',
        targetType: 'post',
        targetId: 'p1',
        detail: { title: 'Say "hi", then go', slug: 'hi' },
      },
    ]);
    const res = await request(auditLogFn, 'GET', '/api/admin/audit-log/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['id', 'at', 'actor_id', 'actor_email', 'action', 'target_type', 'target_id', 'detail']);
    // jsonb keeps its own key order, so the detail is compared as the JSON it reads back as.
    expect(rows.map((r) => [...r.slice(1, 7), JSON.parse(r[7]!)])).toEqual([
      [
        at(2).toISOString(),
        staff.editor.id,
        `'=HYPERLINK("http://evil.example")`,
        'post.delete',
        'post',
        'p1',
        { title: 'Say "hi", then go', slug: 'hi' },
      ],
      [
        at(1).toISOString(),
        staff.admin.id,
        staff.admin.email,
        'role.grant',
        'user',
        staff.viewer.id,
        { role: 'viewer', email: staff.viewer.email },
      ],
    ]);
    const filtered = await request(auditLogFn, 'GET', '/api/admin/audit-log/export?action=role.grant');
    expect(parseCsv((await filtered.text()).replace(/^\uFEFF/, ''))).toHaveLength(2);
  });

  it('offers no way to write: POST, PATCH, PUT and DELETE are 405', async () => {
    signIn('admin');
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      for (const url of ['/api/admin/audit-log', '/api/admin/audit-log/export']) {
        const res = await request(auditLogFn, method, url, method === 'DELETE' ? undefined : {});
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('GET');
      }
    }
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE and DELETE of a row, whoever asks', async () => {
    signIn('admin');
    expect((await request(rolesFn, 'POST', '/api/admin/roles', { email: staff.noRole.email })).status).toBe(201);
    const [before] = await logged();
    await expect(handle.db.execute(sql`update audit_log set actor_email = 'someone@else.example'`)).rejects.toThrow();
    await expect(handle.db.update(auditLog).set({ action: 'role.remove' })).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(handle.db.delete(auditLog).where(eq(auditLog.id, before!.id))).rejects.toThrow();
    expect(await logged()).toEqual([before]);
  });

  it('the refusal names the rule (append-only) and the operation', async () => {
    // The trigger runs for each row: on an empty table there would be nothing to refuse.
    await handle.db
      .insert(auditLog)
      .values({ actorId: 'x', actorEmail: 'x', action: 'post.delete', targetType: 'post', targetId: 'p' });
    const error = await handle.db.execute(sql`delete from audit_log`).catch((e: unknown) => e);
    const messages = [error, (error as { cause?: unknown }).cause].map((e) => String((e as Error)?.message));
    expect(messages.join(' ')).toMatch(/audit_log is append-only: DELETE refused/);
  });

  it('no source file updates or deletes audit_log rows', async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const offending: string[] = [];
    // `.update(auditLog` / `.delete(auditLog` in drizzle, `update audit_log` / `delete from audit_log` in SQL.
    const rewrite = /\.(update|delete)\(\s*auditLog\b|\b(update|delete\s+from)\s+"?audit_log\b/i;
    for (const dir of ['src', 'netlify', 'scripts']) {
      for (const entry of await readdir(path.join(root, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(ts|mts|tsx|js|mjs|astro)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        if (rewrite.test(await readFile(file, 'utf8'))) offending.push(path.relative(root, file));
      }
    }
    expect(offending).toEqual([]);
  });
});
