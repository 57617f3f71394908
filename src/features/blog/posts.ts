/** The published posts, as the public blog reads them (drafts never leave the portal). */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blogPosts, type BlogPost } from '../../db/schema.ts';

/** Posts per page of `/blog`. */
export const POSTS_PER_PAGE = 10;

const published = eq(blogPosts.status, 'published');

/** One page of published posts, newest first, with the number of pages. */
export async function listPublishedPosts(db: Db, page = 1): Promise<{ posts: BlogPost[]; pages: number }> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(blogPosts).where(published);
  const posts = await db
    .select()
    .from(blogPosts)
    .where(published)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt))
    .limit(POSTS_PER_PAGE)
    .offset((page - 1) * POSTS_PER_PAGE);
  return { posts, pages: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)) };
}

/** Every published post, newest first (the feed and the sitemap). */
export function allPublishedPosts(db: Db): Promise<BlogPost[]> {
  return db.select().from(blogPosts).where(published).orderBy(desc(blogPosts.publishedAt));
}

/** A published post by its slug, or null (drafts and unknown slugs alike). */
export async function findPublishedPost(db: Db, slug: string): Promise<BlogPost | null> {
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(and(published, eq(blogPosts.slug, slug)));
  return post ?? null;
}
