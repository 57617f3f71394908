/**
 * The blog's contract, browser-safe: the post form's schema (src/lib/forms/post.schema.ts, beside the other
 * forms' fields) and the replies of `/api/admin/posts`.
 */
import type { PostStatus } from '../../lib/statuses.ts';

export * from '../../lib/forms/post.schema.ts';

/** A post as the editors' list and editor show it, drafts too: every field of it. */
export interface PostItem {
  id: string;
  title: string;
  slug: string;
  /** Markdown. */
  content: string;
  excerpt: string;
  featuredImageUrl: string;
  status: PostStatus;
  authorId: string;
  createdAt: Date;
  updatedAt: Date;
  /** Set when first published, kept when unpublished. */
  publishedAt: Date | null;
}
