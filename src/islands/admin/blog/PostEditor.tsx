/**
 * The form that creates or edits a blog post (title, slug, content of 10 rows, excerpt of 2, featured image
 * URL, status), checked with the schema `/api/admin/posts` uses (post.schema.ts). The server decides the
 * slug rules and `published_at`; its field messages (a slug already taken) show under the fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { toast } from 'sonner';
import { postSchema, type PostInput, type PostValues } from '../../../features/blog/contract.ts';
import { postStatuses } from '../../../lib/statuses.ts';
import { SelectField, TextAreaField, TextField } from '../../forms/fields.tsx';
import { api } from '../shared/api.ts';
import { usePortalForm } from '../shared/usePortalForm.ts';
import { buttonClass } from '../../../lib/ui/button.ts';

/** A post as the list has it: the fields the form edits, its id, and other columns the form leaves alone. */
export type EditedPost = Omit<Required<PostValues>, 'status'> & { id: string; status: string };

const statusOptions = postStatuses.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

const valuesOf = (post: EditedPost | null): Required<PostValues> => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  content: post?.content ?? '',
  excerpt: post?.excerpt ?? '',
  featuredImageUrl: post?.featuredImageUrl ?? '',
  status: (post?.status ?? 'draft') as NonNullable<PostValues['status']>,
});

export function PostEditor({ post, onDone }: { post: EditedPost | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { form, refuseFields } = usePortalForm(postSchema, valuesOf(post));

  const save = useMutation({
    mutationFn: (values: PostInput) =>
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
      refuseFields(error);
    },
  });
  const onSubmit = form.handleSubmit((values) => save.mutate(values));

  return (
    <FormProvider {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={post ? `Edit ${post.title}` : 'New blog post'}
        className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <TextField name="title" label="Title" />
        <TextField name="slug" label="Slug" hint="Leave empty to make it from the title." />
        <TextAreaField name="content" label="Content" rows={10} hint="Markdown." />
        <TextAreaField name="excerpt" label="Excerpt" rows={2} />
        <TextField
          name="featuredImageUrl"
          label="Featured image URL"
          type="url"
          hint="An image on this site; the site's security policy shows no image from elsewhere."
        />
        <SelectField name="status" label="Status" options={statusOptions} placeholder={null} />
        <div className="flex gap-3">
          <button type="submit" disabled={save.isPending} className={buttonClass({ size: 'sm' })}>
            {post ? 'Update Post' : 'Create Post'}
          </button>
          <button type="button" onClick={onDone} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Cancel
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
