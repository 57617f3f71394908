import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as postsFn from '../../../netlify/functions/admin-posts.mts';
import { blogPosts } from '../../../src/db/schema.ts';
import { addPost, errorOf, request, seedStaff, signIn, staff, useAdminDatabase } from '../staff-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = useAdminDatabase();
beforeEach(async () => {
  await seedStaff(handle);
  signIn('editor');
});

const create = (body: unknown) => request(postsFn, 'POST', '/api/admin/posts', body);
const update = (id: string, body: unknown) => request(postsFn, 'PATCH', `/api/admin/posts/${id}`, body);
const remove = (id: string) => request(postsFn, 'DELETE', `/api/admin/posts/${id}`);
const created = async (body: unknown) => {
  const res = await create(body);
  expect(res.status).toBe(201);
  return (await res.json()).post;
};
const updated = async (id: string, body: unknown) => {
  const res = await update(id, body);
  expect(res.status).toBe(200);
  return (await res.json()).post;
};
const rows = () => handle.db.select().from(blogPosts);

describe('POST /api/admin/posts', () => {
  it('stores a draft by the signed-in editor with the slug made from the title', async () => {
    const post = await created({ title: '  CRO Marketing: 5 Lessons -- from 2025! ' });
    expect(post).toMatchObject({
      title: 'CRO Marketing: 5 Lessons -- from 2025!',
      slug: 'cro-marketing-5-lessons-from-2025',
      content: '',
      excerpt: '',
      featuredImageUrl: '',
      status: 'draft',
      authorId: staff.editor.id,
      publishedAt: null,
    });
    expect(await rows()).toHaveLength(1);
  });

  it('keeps an explicit slug and sets published_at when it is published at once', async () => {
    const post = await created({
      title: 'Hello',
      slug: 'my-custom-slug',
      content: '# Hello\n\nWorld',
      excerpt: 'Short',
      featuredImageUrl: 'https://cdn.example/hero.png',
      status: 'published',
    });
    expect(post).toMatchObject({ slug: 'my-custom-slug', status: 'published', content: '# Hello\n\nWorld' });
    expect(Date.now() - new Date(post.publishedAt).getTime()).toBeLessThan(60_000);
  });

  it('answers 409 slug_taken with the field when the slug is used, made or given', async () => {
    await created({ title: 'Same Title' });
    for (const body of [{ title: 'Same title' }, { title: 'Other', slug: 'same-title' }]) {
      const res = await create(body);
      expect(res.status).toBe(409);
      const error = await errorOf(res);
      expect(error.code).toBe('slug_taken');
      expect(error.fields).toEqual({ slug: 'This slug is already used by another post' });
    }
    expect(await rows()).toHaveLength(1);
  });

  it('refuses bad posts with 422 and a message per field', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ title: '' }, { title: 'Title is required' }],
      [{ title: 'T', status: 'published', content: '   ' }, { content: 'Content is required to publish' }],
      [{ title: 'T', slug: 'Bad Slug' }, { slug: 'Use lowercase letters and digits joined by single hyphens' }],
      [{ title: 'T', slug: 'double--hyphen' }, { slug: 'Use lowercase letters and digits joined by single hyphens' }],
      [
        { title: 'T', featuredImageUrl: 'javascript:alert(1)' },
        { featuredImageUrl: 'Enter an http(s) URL, or leave it empty' },
      ],
      [{ title: 'T', status: 'archived' }, { status: 'Choose draft or published' }],
      [{ title: '!!!' }, { slug: 'Enter a slug: the title has no letters or digits' }],
    ];
    for (const [body, fields] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await errorOf(res)).fields).toEqual(fields);
    }
    expect(await rows()).toEqual([]);
  });
});

describe('GET /api/admin/posts', () => {
  it('lists every post, drafts too, newest first', async () => {
    await addPost(handle, { title: 'Old', createdAt: new Date('2025-01-01') });
    await addPost(handle, { title: 'New', status: 'published', createdAt: new Date('2025-03-01') });
    await addPost(handle, { title: 'Middle', createdAt: new Date('2025-02-01') });
    const { items } = await (await request(postsFn, 'GET', '/api/admin/posts')).json();
    expect(items.map((p: { title: string }) => p.title)).toEqual(['New', 'Middle', 'Old']);
  });
});

describe('PATCH /api/admin/posts/:id', () => {
  it('sets published_at the first time only: kept on unpublish and on publishing again', async () => {
    const draft = await created({ title: 'Launch', content: 'Body' });
    const published = await updated(draft.id, { status: 'published' });
    expect(published.publishedAt).not.toBeNull();
    const edited = await updated(draft.id, { content: 'Body, edited' });
    expect(edited.publishedAt).toBe(published.publishedAt);
    const unpublished = await updated(draft.id, { status: 'draft' });
    expect(unpublished).toMatchObject({ status: 'draft', publishedAt: published.publishedAt });
    const again = await updated(draft.id, { status: 'published' });
    expect(again).toMatchObject({ status: 'published', publishedAt: published.publishedAt });
  });

  it('changes only the fields sent, stamps updated_at and keeps the author', async () => {
    const post = await addPost(handle, {
      title: 'Title',
      slug: 'title',
      excerpt: 'Keep me',
      updatedAt: new Date('2025-01-01'),
    });
    signIn('admin');
    const after = await updated(post.id, { title: 'New title' });
    expect(after).toMatchObject({ title: 'New title', slug: 'title', excerpt: 'Keep me', authorId: staff.editor.id });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(post.updatedAt.getTime());
    expect((await updated(post.id, { slug: '' })).slug).toBe('new-title'); // an emptied slug is made again
  });

  it('checks the merged post: publishing an empty draft needs content', async () => {
    const { id } = await created({ title: 'Empty' });
    const res = await update(id, { status: 'published' });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ content: 'Content is required to publish' });
    expect((await update(id, { title: ' ' })).status).toBe(422);
    expect((await rows())[0]).toMatchObject({ status: 'draft', title: 'Empty', publishedAt: null });
  });

  it('answers 409 slug_taken when renaming onto another post’s slug, and 404 for an unknown post', async () => {
    await created({ title: 'First' });
    const second = await created({ title: 'Second' });
    const res = await update(second.id, { slug: 'first' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields).toEqual({ slug: 'This slug is already used by another post' });
    expect((await update(second.id, { slug: 'second' })).status).toBe(200); // its own slug is no conflict
    expect((await update('7a1c3a4e-0000-4000-8000-000000000000', { title: 'x' })).status).toBe(404);
  });
});

describe('DELETE /api/admin/posts/:id', () => {
  it('answers 204 and the post is gone; a second delete is 404', async () => {
    const { id } = await created({ title: 'Doomed' });
    const res = await remove(id);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await handle.db.select().from(blogPosts).where(eq(blogPosts.id, id))).toEqual([]);
    expect((await remove(id)).status).toBe(404);
    expect((await remove('nope')).status).toBe(404);
  });
});
