// Blog posts, managed by editors (docs/decisions/0013-blog-live-without-rebuild.md):
//   GET    /api/admin/posts                 editor → { items: BlogPost[] } newest first
//   POST   /api/admin/posts { title, slug?, content, excerpt, featuredImageUrl, status }
//                                           editor → 201 { post } (author = the signed-in user)
//   PATCH  /api/admin/posts/:id { any of those fields }  editor → { post }
//   DELETE /api/admin/posts/:id             editor → 204
// Publishing, unpublishing and deleting are recorded in the audit log (post.publish, post.unpublish, post.delete).
// 401/403/503 from the role guard, 404 not_found, 409 slug_taken, 422 invalid_fields.
import type { Config } from '@netlify/functions';
import { MAX_CONTENT_LENGTH, postPatchSchema, postSchema } from '../../src/features/blog/contract.ts';
import { adminEndpoint, deleteAction } from '../../src/features/accounts/staff-endpoint.ts';
import { createPost, deletePost, listPosts, updatePost } from '../../src/features/blog/post-admin.ts';
import { readJson } from '../../src/server/guards.ts';
import { json } from '../../src/server/http.ts';

// A post's Markdown may be far longer than a form's 64 KB (up to 4 bytes a character in UTF-8).
const MAX_BODY = 4 * MAX_CONTENT_LENGTH + 64 * 1024;

export default adminEndpoint((_url, { id }) => {
  if (id === undefined) {
    return {
      GET: { role: 'editor', run: async ({ db }) => json(await listPosts(db)) },
      POST: {
        role: 'editor',
        run: async ({ db, user }, request) => {
          const input = await readJson(request, postSchema, MAX_BODY);
          return json({ post: await createPost(db, user, input) }, { status: 201 });
        },
      },
    };
  }
  return {
    PATCH: {
      role: 'editor',
      run: async ({ db, user }, request) =>
        json({ post: await updatePost(db, user, id, await readJson(request, postPatchSchema, MAX_BODY)) }),
    },
    DELETE: deleteAction('editor', ({ db, user }) => deletePost(db, user, id)),
  };
});

export const config: Config = { path: ['/api/admin/posts', '/api/admin/posts/:id'] };
