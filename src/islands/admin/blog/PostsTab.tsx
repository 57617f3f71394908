/**
 * Blog posts (editors and admins): the list, and the form to create or edit a post (PostEditor.tsx);
 * delete asks first.
 */
import { useState } from 'react';
import type { Json } from '../../../lib/json.ts';
import type { AllItems } from '../../../lib/list-page.ts';
import type { PostItem } from '../../../features/blog/contract.ts';
import { Badge } from '../shared/Badge.tsx';
import { buttonClass } from '../../../lib/ui/button.ts';
import { DataList } from '../../ui/DataTable.tsx';
import { TabSection } from '../../ui/TabSection.tsx';
import { day, dayTime } from '../shared/format.ts';
import { PostEditor } from './PostEditor.tsx';
import { useAdminList, useRemove } from '../shared/useList.ts';

type Post = Json<PostItem>;

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
        <PostEditor
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
