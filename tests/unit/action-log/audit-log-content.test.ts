// The audit log records publishing, unpublishing and deleting posts and each document download, in the
// change's own transaction; refusals write nothing.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as documentsFn from '../../../netlify/functions/admin-documents.mts';
import * as postsFn from '../../../netlify/functions/admin-posts.mts';
import { blogPosts, uploadedDocuments } from '../../../src/db/schema.ts';
import { documentsStore } from '../../../src/features/uploads/stores.ts';
import { addPost, addSubmission, request, signIn } from '../staff-harness.ts';
import { row, useAuditLogDatabase } from './audit-log-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, logged, withAuditLogFailing } = useAuditLogDatabase();

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
