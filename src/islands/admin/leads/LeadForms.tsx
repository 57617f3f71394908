/**
 * The editors' forms of a lead's page: its owner (or Claim), a note, a reply by mail (its subject from the latest
 * request) and an answer given elsewhere. Each is checked with the contract's schema; the server's refusals show
 * under their fields, and a change refreshes the lead, the leads and the overdue count.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode, type SubmitEvent } from 'react';
import { FormProvider, type DefaultValues, type FieldValues } from 'react-hook-form';
import { toast } from 'sonner';
import * as z from 'zod/mini';
import {
  answeredElsewhereSchema,
  leadNoteSchema,
  leadReplySchema,
  NOTE_MAX,
  REPLY_MAX,
  type LeadDetail,
  type LeadListItem,
  type LeadRequest,
} from '../../../features/leads/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { SelectField, TextAreaField, TextField } from '../../forms/fields.tsx';
import { api, ApiError } from '../shared/api.ts';
import { personOf, staffLabel } from '../shared/lead-format.ts';
import { useLeadChanged, useLeadStaff } from '../shared/lead-queries.ts';
import { usePortalBrand, type PortalBrand } from '../shared/portal-brand.ts';
import type { Me } from '../shared/portal-session.ts';
import { usePortalForm } from '../shared/usePortalForm.ts';

type Detail = Json<LeadDetail>;
type Lead = Json<LeadListItem>;

const card = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';

const count = (n: number) => n.toLocaleString('en-US');

/** The subject a reply starts with, from the latest request: a message, or an audit request. */
export function replySubject(latest: Json<LeadRequest> | undefined, brand: PortalBrand): string {
  if (latest?.kind === 'audit') {
    const audit = brand.auditName.replace(/[™®]/g, '').trim();
    return audit ? `Re: your ${audit} request` : 'Re: your audit request';
  }
  return brand.agencyName ? `Re: your message to ${brand.agencyName}` : 'Re: your message';
}

export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={card}>
      <h4 id={id} className="text-lg font-semibold">
        {title}
      </h4>
      {children}
    </section>
  );
}

/**
 * One of the lead's POST forms: checked with `schema`, sent to the lead's `path`, toasted either way. Sent, it
 * starts again from `next(sent)` (empty by default) and the lead is refreshed; refused, the server's messages
 * show under their fields.
 */
function useLeadPost<V extends FieldValues>(
  lead: Lead,
  path: string,
  schema: z.ZodMiniType<V, V>,
  empty: V,
  toasts: { done: string; failed: string },
  next: (sent: V) => V = () => empty,
) {
  const changed = useLeadChanged(lead.id);
  const { form, refuseFields } = usePortalForm(schema, empty as DefaultValues<V>);
  const post = useMutation({
    mutationFn: (body: V) => api(`/api/admin/leads/${lead.id}/${path}`, { method: 'POST', body }),
    onSuccess: (_answer, sent) => {
      toast.success(toasts.done);
      form.reset(next(sent));
      changed();
    },
    onError: (error) => {
      toast.error(`${toasts.failed}${error.message}`);
      refuseFields(error);
    },
  });
  return {
    form,
    submit: form.handleSubmit((values) => post.mutate(values)),
    pending: post.isPending,
    error: post.error instanceof ApiError ? post.error : null,
  };
}

const ownerSchema = z.object({ ownerId: z.string() });

export function OwnerForm({ lead, me }: { lead: Lead; me: Me }) {
  const changed = useLeadChanged(lead.id);
  const staff = useLeadStaff();
  const { form, refuseFields } = usePortalForm(ownerSchema, { ownerId: lead.ownerId ?? '' });
  const { reset } = form;
  useEffect(() => reset({ ownerId: lead.ownerId ?? '' }), [lead.ownerId, reset]);
  const save = useMutation({
    mutationFn: (ownerId: string | null) =>
      api<{ lead: Lead }>(`/api/admin/leads/${lead.id}/owner`, { method: 'PUT', body: { ownerId } }),
    onSuccess: ({ lead: saved }) => {
      toast.success(saved.ownerId === me.user.id ? 'You own this lead now' : 'Owner saved');
      changed();
    },
    onError: (error) => {
      toast.error(`Error saving the owner: ${error.message}`);
      refuseFields(error);
    },
  });
  const options = (staff.data?.items ?? []).map((s) => ({ value: s.id, label: staffLabel(s) }));
  // The current owner stays a choice while the staff list loads (or after they lost their role).
  if (lead.owner && !options.some((o) => o.value === lead.owner!.id))
    options.unshift({ value: lead.owner.id, label: staffLabel(lead.owner) });
  return (
    <FormProvider {...form}>
      <form
        aria-label="Owner"
        noValidate
        onSubmit={form.handleSubmit((v) => save.mutate(v.ownerId || null))}
        className="flex flex-wrap items-end gap-3"
      >
        <SelectField name="ownerId" label="Owner" options={options} placeholder="Nobody" className="min-w-64" />
        <button type="submit" disabled={save.isPending} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Save owner
        </button>
        {lead.ownerId !== me.user.id && (
          <button
            type="button"
            disabled={save.isPending}
            onClick={() => save.mutate(me.user.id)}
            className={buttonClass({ variant: 'primary', size: 'sm' })}
          >
            Claim
          </button>
        )}
      </form>
    </FormProvider>
  );
}

export function NoteForm({ lead }: { lead: Lead }) {
  const add = useLeadPost(
    lead,
    'notes',
    leadNoteSchema,
    { body: '' },
    { done: 'Note added', failed: 'Error adding the note: ' },
  );
  const { form } = add;
  const length = form.watch('body').length;
  return (
    <FormCard title="Add a note">
      <FormProvider {...form}>
        <form aria-label="Note" noValidate onSubmit={add.submit} className="mt-3 space-y-3">
          <TextAreaField
            name="body"
            label="Note"
            rows={4}
            hint={`${count(length)} of ${count(NOTE_MAX)} characters. Staff only: the lead never sees it.`}
          />
          <button type="submit" disabled={add.pending} className={buttonClass({ size: 'sm' })}>
            {add.pending ? 'Please wait…' : 'Add note'}
          </button>
        </form>
      </FormProvider>
    </FormCard>
  );
}

export function ReplyForm({ detail }: { detail: Detail }) {
  const { lead } = detail;
  const brand = usePortalBrand();
  const subject = replySubject(detail.requests[0], brand);
  const send = useLeadPost(
    lead,
    'replies',
    leadReplySchema,
    { subject, body: '', confirm: false },
    { done: `Reply queued for ${lead.email}`, failed: 'Error sending the reply: ' },
    // The subject stays for a follow-up; the text starts again.
    (sent) => ({ subject: sent.subject, body: '', confirm: false }),
  );
  // An address that bounced or complained gets a reply only once the sender confirms (409 confirm_needed otherwise).
  const trouble = lead.complained
    ? `${lead.email} marked our mail as spam: nothing else is mailed to them. Send this only if they asked for it.`
    : lead.undeliverableReason
      ? `Mail to ${lead.email} bounced (${lead.undeliverableReason}): this reply will likely not arrive either.`
      : null;
  const { form } = send;
  const length = form.watch('body').length;
  const confirmed = form.watch('confirm');
  const confirmError = form.formState.errors.confirm?.message;
  const notConfirmed = `Nothing was sent: tick “Send it anyway” to send this reply to ${lead.email}.`;
  // Without the tick nothing goes: said here at once, and likewise when the server refuses (409 confirm_needed).
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    if (trouble && !form.getValues('confirm')) {
      event.preventDefault();
      form.setError('confirm', { type: 'confirm', message: notConfirmed });
      return;
    }
    return send.submit(event);
  };
  const refused = send.error;
  useEffect(() => {
    if (refused?.code === 'confirm_needed') form.setError('confirm', { type: 'confirm', message: notConfirmed });
  }, [refused, form, notConfirmed]);
  const errorId = useId();
  return (
    <FormCard title={`Reply to ${personOf(lead)}`}>
      <p className="mt-1 text-sm text-slate-600" data-reply-hint>
        Mailed to {lead.email};{' '}
        {detail.replyTo.toTimeline
          ? `their answer comes back onto this timeline (it is addressed to ${detail.replyTo.address}).`
          : `their answer goes to ${detail.replyTo.address}.`}{' '}
        Replying stops the response clock.
      </p>
      <FormProvider {...form}>
        <form aria-label="Reply" noValidate onSubmit={submit} className="mt-3 space-y-3">
          {trouble && (
            <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-reply-warning>
              <p>{trouble}</p>
              <label className="mt-2 flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  {...form.register('confirm', { onChange: () => form.clearErrors('confirm') })}
                  aria-invalid={confirmError ? true : undefined}
                  aria-describedby={confirmError ? errorId : undefined}
                  className="size-5 accent-brand-700"
                />
                Send it anyway
              </label>
              {confirmError && (
                <p id={errorId} className="mt-1 font-semibold text-red-800" data-field-error>
                  {confirmError}
                </p>
              )}
            </div>
          )}
          <TextField name="subject" label="Subject" />
          <TextAreaField
            name="body"
            label="Reply"
            rows={8}
            hint={`${count(length)} of ${count(REPLY_MAX)} characters. Plain text.`}
          />
          <button type="submit" disabled={send.pending} className={buttonClass({ size: 'sm' })}>
            {send.pending ? 'Please wait…' : trouble && confirmed ? 'Send reply anyway' : 'Send reply'}
          </button>
        </form>
      </FormProvider>
    </FormCard>
  );
}

export function ElsewhereForm({ lead }: { lead: Lead }) {
  const mark = useLeadPost(
    lead,
    'answered-elsewhere',
    answeredElsewhereSchema,
    { note: '' },
    { done: 'Marked as answered elsewhere', failed: 'Error marking the lead answered: ' },
  );
  const { form } = mark;
  const length = form.watch('note').length;
  return (
    <FormCard title="Answered elsewhere">
      <p className="mt-1 text-sm text-slate-600">
        Answered by phone or from a mailbox? Say how: it stops the response clock without a mail.
      </p>
      <FormProvider {...form}>
        <form aria-label="Answered elsewhere" noValidate onSubmit={mark.submit} className="mt-3 space-y-3">
          <TextAreaField
            name="note"
            label="How was the lead answered?"
            rows={3}
            hint={`${count(length)} of ${count(NOTE_MAX)} characters.`}
          />
          <button type="submit" disabled={mark.pending} className={buttonClass({ variant: 'positive', size: 'sm' })}>
            {mark.pending ? 'Please wait…' : 'Mark as answered elsewhere'}
          </button>
        </form>
      </FormProvider>
    </FormCard>
  );
}
