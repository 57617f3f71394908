/**
 * The blog's contract, browser-safe: the post form's schema (src/lib/forms/post.schema.ts, beside the other
 * forms' fields) and the replies of `/api/admin/posts`.
 */
import type { BlogPost } from '../../db/schema.ts';

export * from '../../lib/forms/post.schema.ts';

/** A post as the editors' list shows it: the whole row, drafts too. */
export type PostItem = BlogPost;
