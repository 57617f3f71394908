/**
 * Blog posts for editors: list, create, update, delete. A slug is unique (409 `slug_taken`) and made from
 * the title when left empty; `published_at` is set the first time a post is published and kept after
 * (an unpublished post that comes back keeps its original date).
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blogPosts, type BlogPost } from '../../db/schema.ts';
import { postSchema, type PostInput, type PostPatch } from '../../lib/forms/post.schema.ts';
import { slugify } from '../../lib/slugify.ts';
import { ApiError, fieldErrors, invalidFields, notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { purgeBlogCache } from './cache.ts';
import type { AllItems } from '../../lib/list-page.ts';
import type { PostItem } from './contract.ts';

/** Called after a change that visitors can see (a post published, edited while published, unpublished or
 * deleted): the public blog's cached pages are purged, so the change shows at once (docs/decisions/0013-blog-live-without-rebuild.md). */
export async function onPostsChanged(): Promise<void> {
  await purgeBlogCache();
}

/** Every post, newest first (drafts too: this is the editors' list). */
export async function listPosts(db: Db): Promise<AllItems<PostItem>> {
  return { items: await db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id)) };
}

const slugTaken = () =>
  new ApiError(409, 'slug_taken', 'Another post already uses this slug.', {
    slug: 'This slug is already used by another post',
  });

/** The slug to store: the one given, else the title's; 422 when the title has nothing to make one of. */
function slugOf(post: PostInput): string {
  const slug = post.slug || slugify(post.title);
  if (!slug) throw invalidFields({ slug: 'Enter a slug: the title has no letters or digits' });
  return slug;
}

/** Runs a write that may hit the unique slug index, answering that case with 409 slug_taken. */
async function uniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const codes = [error, (error as { cause?: unknown })?.cause].map((e) => (e as { code?: unknown })?.code);
    if (codes.includes('23505')) throw slugTaken(); // unique_violation: the slug index is the only unique one
    throw error;
  }
}

/** What the audit log keeps of a post: enough to name it after it is gone. */
const postDetail = (post: BlogPost) => ({ title: post.title, slug: post.slug });

/** A new post by `author` (the signed-in editor); one created published is recorded as published with it. */
export async function createPost(db: Db, author: AuditActor, input: PostInput): Promise<BlogPost> {
  const slug = slugOf(input);
  const publishedAt = input.status === 'published' ? new Date() : null;
  const post = await uniqueSlug(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(blogPosts)
        .values({ ...input, slug, authorId: author.id, publishedAt })
        .returning();
      if (row!.status === 'published') {
        await recordAudit(tx, author, 'post.publish', { type: 'post', id: row!.id }, postDetail(row!));
      }
      return row!;
    }),
  );
  if (post.status === 'published') await onPostsChanged();
  return post;
}

/**
 * Changes the fields given; the merged post must pass the whole form's rules. An empty slug is remade.
 * A change of status is recorded as a publish or an unpublish in the same transaction (an edit that keeps
 * the status records nothing).
 */
export async function updatePost(
  db: Db,
  actor: AuditActor,
  id: string | undefined,
  patch: PostPatch,
): Promise<BlogPost> {
  if (!isUuid(id)) throw notFound('post');
  const { before, after } = await uniqueSlug(() =>
    db.transaction(async (tx) => {
      // The row lock keeps two saves from both believing they publish first (published_at is set once).
      const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
      if (!current) throw notFound('post');
      const merged = postSchema.safeParse({ ...current, ...definedOnly(patch) });
      if (!merged.success) throw invalidFields(fieldErrors(merged.error.issues));
      const publishedAt =
        merged.data.status === 'published' ? (current.publishedAt ?? new Date()) : current.publishedAt;
      const [updated] = await tx
        .update(blogPosts)
        .set({ ...merged.data, slug: slugOf(merged.data), publishedAt, updatedAt: new Date() })
        .where(eq(blogPosts.id, id))
        .returning();
      if (updated!.status !== current.status) {
        const action = updated!.status === 'published' ? 'post.publish' : 'post.unpublish';
        await recordAudit(tx, actor, action, { type: 'post', id }, postDetail(updated!));
      }
      return { before: current, after: updated! };
    }),
  );
  if (before.status === 'published' || after.status === 'published') await onPostsChanged();
  return after;
}

/** Deletes a post (draft or published, recorded either way with the status it had); 404 when there is none. */
export async function deletePost(db: Db, actor: AuditActor, id: string | undefined): Promise<void> {
  if (!isUuid(id)) throw notFound('post');
  const gone = await db.transaction(async (tx) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!row) throw notFound('post');
    await recordAudit(tx, actor, 'post.delete', { type: 'post', id }, { ...postDetail(row), status: row.status });
    return row;
  });
  if (gone.status === 'published') await onPostsChanged();
}

// A key sent as undefined must not erase the stored value when the patch is spread over the row.
const definedOnly = (patch: PostPatch) =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
