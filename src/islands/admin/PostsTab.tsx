/**
 * Blog posts (editors and admins): the list, and one form to create or edit a post (title, slug, content
 * of 10 rows, excerpt of 2, featured image URL, status); delete asks first. The server decides the slug
 * rules and `published_at`; its field messages show under the fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Json } from '../../lib/json.ts';
import { postStatuses } from '../../lib/statuses.ts';
import type { AllItems } from '../../server/admin/list-query.types.ts';
import type { PostItem } from '../../server/admin/posts.types.ts';
import { api, ApiError } from './api.ts';
import { Badge } from './Badge.tsx';
import { buttonClass } from '../ui/button.ts';
import { DataList } from '../ui/DataTable.tsx';
import { TabSection } from '../ui/TabSection.tsx';
import { day, dayTime } from './format.ts';
import { useAdminList, useRemove } from './useList.ts';

type Post = Json<PostItem>;

type Draft = Pick<Post, 'title' | 'slug' | 'content' | 'excerpt' | 'featuredImageUrl' | 'status'>;
const blank: Draft = { title: '', slug: '', content: '', excerpt: '', featuredImageUrl: '', status: 'draft' };

export function PostsTab() {
  const [editing, setEditing] = useState<Post | 'new' | null>(null);
  const list = useAdminList<AllItems<Post>>(['posts'], '/api/admin/posts', 'Error fetching blog posts: ');
  const remove = useRemove('posts', {
    question: 'Are you sure you want to delete this blog post?',
    done: 'Blog post deleted successfully',
    failed: 'Error deleting blog post: ',
  });

  return (
    <TabSection
      title="Blog Posts"
      actions={
        !editing && (
          <button type="button" onClick={() => setEditing('new')} className={buttonClass({ size: 'sm' })}>
            New Post
          </button>
        )
      }
    >
      {editing && (
        <PostForm
          key={editing === 'new' ? 'new' : editing.id}
          post={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <DataList
        className="mt-6"
        list={list}
        loading="Loading blog posts…"
        empty="No blog posts yet."
        rowData={(p) => ({ 'data-post': p.id })}
        itemClassName="flex flex-wrap items-center justify-between gap-3 p-4"
      >
        {(p) => (
          <>
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
                className={buttonClass({ variant: 'link', size: 'inlineSm' })}
              >
                Edit<span className="sr-only"> {p.title}</span>
              </button>
              <button
                type="button"
                onClick={() => remove(p.id)}
                className={buttonClass({ variant: 'destructiveLink', size: 'inlineSm' })}
              >
                Delete<span className="sr-only"> {p.title}</span>
              </button>
            </div>
          </>
        )}
      </DataList>
    </TabSection>
  );
}

function PostForm({ post, onDone }: { post: Post | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [values, setValues] = useState<Draft>(post ? { ...post } : blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  const save = useMutation({
    mutationFn: () =>
      post
        ? api(`/api/admin/posts/${post.id}`, { method: 'PATCH', body: values })
        : api('/api/admin/posts', { method: 'POST', body: values }),
    onSuccess: () => {
      toast.success(post ? 'Blog post updated successfully' : 'Blog post created successfully');
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      onDone();
    },
    onError: (error) => {
      toast.error(`Error saving blog post: ${error.message}`);
      if (error instanceof ApiError) setErrors(error.fields);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.title.trim()) return setErrors({ title: 'Title is required' });
    setErrors({});
    save.mutate();
  };

  const field = (name: keyof Draft, label: string, extra: { rows?: number; hint?: string; type?: string } = {}) => {
    const inputId = `${id}-${name}`;
    const error = errors[name];
    const describedBy =
      [extra.hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ') || undefined;
    const common = {
      id: inputId,
      value: values[name],
      onChange: set(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
      className: 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm',
    };
    return (
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium">
          {label}
        </label>
        {extra.rows ? <textarea rows={extra.rows} {...common} /> : <input type={extra.type ?? 'text'} {...common} />}
        {extra.hint && (
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
            {extra.hint}
          </p>
        )}
        {error && (
          <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={post ? `Edit ${post.title}` : 'New blog post'}
      className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      {field('title', 'Title')}
      {field('slug', 'Slug', { hint: 'Leave empty to make it from the title.' })}
      {field('content', 'Content', { rows: 10, hint: 'Markdown.' })}
      {field('excerpt', 'Excerpt', { rows: 2 })}
      {field('featuredImageUrl', 'Featured image URL', { type: 'url' })}
      <div>
        <label htmlFor={`${id}-status`} className="block text-sm font-medium">
          Status
        </label>
        <select
          id={`${id}-status`}
          value={values.status}
          onChange={set('status')}
          className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm capitalize"
        >
          {postStatuses.map((s) => (
            <option key={s} value={s}>
              {s[0]!.toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-3">
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded-md bg-brand-800 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {post ? 'Update Post' : 'Create Post'}
        </button>
        <button
          type="button"
          onClick={onDone}
          className="rounded-md px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
