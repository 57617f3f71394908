/**
 * Blog posts (editors and admins): the list, and the form to create or edit a post (PostEditor.tsx);
 * delete asks first.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { api } from './api.ts';
import { Badge } from './Badge.tsx';
import { day, dayTime } from './format.ts';
import { PostEditor } from './PostEditor.tsx';

interface Post {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featuredImageUrl: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

export function PostsTab() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Post | 'new' | null>(null);
  const list = useQuery({ queryKey: ['posts'], queryFn: () => api<{ items: Post[] }>('/api/admin/posts') });
  useEffect(() => {
    if (list.error) toast.error(`Error fetching blog posts: ${list.error.message}`);
  }, [list.error]);

  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/posts/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Blog post deleted successfully');
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
    onError: (error) => toast.error(`Error deleting blog post: ${error.message}`),
  });

  return (
    <section aria-labelledby="posts-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="posts-heading" className="text-lg font-semibold">
          Blog Posts
        </h3>
        {!editing && (
          <button
            type="button"
            onClick={() => setEditing('new')}
            className="rounded-md bg-brand-800 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
          >
            New Post
          </button>
        )}
      </div>
      {editing && (
        <PostEditor
          key={editing === 'new' ? 'new' : editing.id}
          post={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {list.data?.items.map((p) => (
          <li key={p.id} data-post={p.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-semibold text-ink">{p.title}</p>
              <p className="text-sm text-slate-600">
                /blog/{p.slug} · updated {dayTime(p.updatedAt)}
                {p.publishedAt && ` · published ${day(p.publishedAt)}`}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <Badge value={p.status} />
              <button
                type="button"
                onClick={() => setEditing(p)}
                className="text-sm font-semibold text-brand-700 underline"
              >
                Edit<span className="sr-only"> {p.title}</span>
              </button>
              <button
                type="button"
                onClick={() => window.confirm('Are you sure you want to delete this blog post?') && remove.mutate(p.id)}
                className="text-sm font-semibold text-red-700 underline"
              >
                Delete<span className="sr-only"> {p.title}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      {list.data?.items.length === 0 && <p className="mt-4 text-slate-600">No blog posts yet.</p>}
    </section>
  );
}
