/**
 * The editors' forms of a lead's page: its owner (or Claim), a note, a reply by mail (its subject from the latest
 * request) and an answer given elsewhere. Each is checked with the contract's schema; the server's refusals show
 * under their fields, and a change refreshes the lead, the leads and the overdue count.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
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
} from '../../features/leads/contract.ts';
import type { Json } from '../../lib/json.ts';
import { buttonClass } from '../../lib/ui/button.ts';
import { SelectField, TextAreaField, TextField } from '../forms/fields.tsx';
import { api } from './api.ts';
import { personOf, staffLabel } from './lead-format.ts';
import { useLeadChanged, useLeadStaff } from './lead-queries.ts';
import { usePortalBrand, type PortalBrand } from './portal-brand.ts';
import type { Me } from './portal-session.ts';
import { usePortalForm } from './usePortalForm.ts';

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

function FormCard({ title, children }: { title: string; children: ReactNode }) {
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
  const changed = useLeadChanged(lead.id);
  const { form, refuseFields } = usePortalForm(leadNoteSchema, { body: '' });
  const length = form.watch('body').length;
  const add = useMutation({
    mutationFn: (body: { body: string }) => api(`/api/admin/leads/${lead.id}/notes`, { method: 'POST', body }),
    onSuccess: () => {
      toast.success('Note added');
      form.reset({ body: '' });
      changed();
    },
    onError: (error) => {
      toast.error(`Error adding the note: ${error.message}`);
      refuseFields(error);
    },
  });
  return (
    <FormCard title="Add a note">
      <FormProvider {...form}>
        <form
          aria-label="Note"
          noValidate
          onSubmit={form.handleSubmit((v) => add.mutate(v))}
          className="mt-3 space-y-3"
        >
          <TextAreaField
            name="body"
            label="Note"
            rows={4}
            hint={`${count(length)} of ${count(NOTE_MAX)} characters. Staff only: the lead never sees it.`}
          />
          <button type="submit" disabled={add.isPending} className={buttonClass({ size: 'sm' })}>
            {add.isPending ? 'Please wait…' : 'Add note'}
          </button>
        </form>
      </FormProvider>
    </FormCard>
  );
}

export function ReplyForm({ detail }: { detail: Detail }) {
  const { lead } = detail;
  const brand = usePortalBrand();
  const changed = useLeadChanged(lead.id);
  const subject = replySubject(detail.requests[0], brand);
  const { form, refuseFields } = usePortalForm(leadReplySchema, { subject, body: '' });
  const length = form.watch('body').length;
  const send = useMutation({
    mutationFn: (body: { subject: string; body: string }) =>
      api(`/api/admin/leads/${lead.id}/replies`, { method: 'POST', body }),
    onSuccess: () => {
      toast.success(`Reply queued for ${lead.email}`);
      form.reset({ subject: form.getValues('subject'), body: '' });
      changed();
    },
    onError: (error) => {
      toast.error(`Error sending the reply: ${error.message}`);
      refuseFields(error);
    },
  });
  const replyTo = lead.owner ? staffLabel(lead.owner) : 'the staff inbox';
  return (
    <FormCard title={`Reply to ${personOf(lead)}`}>
      <p className="mt-1 text-sm text-slate-600">
        Mailed to {lead.email}; their answer goes to {replyTo}. Replying stops the response clock.
      </p>
      <FormProvider {...form}>
        <form
          aria-label="Reply"
          noValidate
          onSubmit={form.handleSubmit((v) => send.mutate(v))}
          className="mt-3 space-y-3"
        >
          <TextField name="subject" label="Subject" />
          <TextAreaField
            name="body"
            label="Reply"
            rows={8}
            hint={`${count(length)} of ${count(REPLY_MAX)} characters. Plain text.`}
          />
          <button type="submit" disabled={send.isPending} className={buttonClass({ size: 'sm' })}>
            {send.isPending ? 'Please wait…' : 'Send reply'}
          </button>
        </form>
      </FormProvider>
    </FormCard>
  );
}

export function ElsewhereForm({ lead }: { lead: Lead }) {
  const changed = useLeadChanged(lead.id);
  const { form, refuseFields } = usePortalForm(answeredElsewhereSchema, { note: '' });
  const length = form.watch('note').length;
  const mark = useMutation({
    mutationFn: (body: { note: string }) =>
      api(`/api/admin/leads/${lead.id}/answered-elsewhere`, { method: 'POST', body }),
    onSuccess: () => {
      toast.success('Marked as answered elsewhere');
      form.reset({ note: '' });
      changed();
    },
    onError: (error) => {
      toast.error(`Error marking the lead answered: ${error.message}`);
      refuseFields(error);
    },
  });
  return (
    <FormCard title="Answered elsewhere">
      <p className="mt-1 text-sm text-slate-600">
        Answered by phone or from a mailbox? Say how: it stops the response clock without a mail.
      </p>
      <FormProvider {...form}>
        <form
          aria-label="Answered elsewhere"
          noValidate
          onSubmit={form.handleSubmit((v) => mark.mutate(v))}
          className="mt-3 space-y-3"
        >
          <TextAreaField
            name="note"
            label="How was the lead answered?"
            rows={3}
            hint={`${count(length)} of ${count(NOTE_MAX)} characters.`}
          />
          <button type="submit" disabled={mark.isPending} className={buttonClass({ variant: 'positive', size: 'sm' })}>
            {mark.isPending ? 'Please wait…' : 'Mark as answered elsewhere'}
          </button>
        </form>
      </FormProvider>
    </FormCard>
  );
}
