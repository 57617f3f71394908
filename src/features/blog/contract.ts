/** The replies of `/api/admin/posts` (types only: the portal imports them without any server code). */
import type { BlogPost } from '../../db/schema.ts';

/** A post as the editors' list shows it: the whole row, drafts too. */
export type PostItem = BlogPost;
