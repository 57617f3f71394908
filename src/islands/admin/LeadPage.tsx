/**
 * One lead opened (docs/decisions/0030-leads.md): who they are and who owns them, their requests newest first (a
 * message's text, an audit request's answers, documents and report), and the timeline of everything that happened
 * with them, oldest first. Editors and admins claim or assign the lead, add notes, reply by mail, or record an
 * answer given elsewhere; viewers read. Loaded on demand: its own chunk.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
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
  type TimelineEntry,
  type TimelineMail,
} from '../../features/leads/contract.ts';
import type { Json } from '../../lib/json.ts';
import { buttonClass } from '../../lib/ui/button.ts';
import { SelectField, TextAreaField, TextField } from '../forms/fields.tsx';
import { api } from './api.ts';
import { Badge } from './Badge.tsx';
import { dayTime } from './format.ts';
import { personOf, staffLabel } from './lead-format.ts';
import { LeadResponse } from './LeadResponse.tsx';
import { useLeadStaff } from './LeadsTab.tsx';
import { usePortalBrand, type PortalBrand } from './portal-brand.ts';
import type { Me } from './portal-session.ts';
import { SubmissionDetail, sourceLabel } from './SubmissionDetail.tsx';
import { usePortalForm } from './usePortalForm.ts';

// The report editor's chunk, shared with the Audit Submissions tab.
const ReportEditor = lazy(() => import('./report/ReportEditor.tsx'));

type Detail = Json<LeadDetail>;
type Lead = Json<LeadListItem>;
type Entry = Json<TimelineEntry>;

export const leadKey = (id: string) => ['lead', id] as const;

const count = (n: number) => n.toLocaleString('en-US');

/** The subject a reply starts with, from the latest request: a message, or an audit request. */
export function replySubject(latest: Json<LeadRequest> | undefined, brand: PortalBrand): string {
  if (latest?.kind === 'audit') {
    const audit = brand.auditName.replace(/[™®]/g, '').trim();
    return audit ? `Re: your ${audit} request` : 'Re: your audit request';
  }
  return brand.agencyName ? `Re: your message to ${brand.agencyName}` : 'Re: your message';
}

export default function LeadPage({ id, me, onBack }: { id: string; me: Me; onBack: () => void }) {
  const canEdit = me.roles.some((r) => r === 'editor' || r === 'admin');
  const [reportId, setReportId] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const detail = useQuery({ queryKey: leadKey(id), queryFn: () => api<Detail>(`/api/admin/leads/${id}`) });
  useEffect(() => {
    if (detail.error) toast.error(`Error fetching the lead: ${detail.error.message}`);
  }, [detail.error]);
  const loaded = Boolean(detail.data);
  // The page takes the focus once it has a name, as the report editor does.
  useEffect(() => {
    if (loaded && !reportId) heading.current?.focus();
  }, [loaded, reportId]);

  if (reportId) {
    const back = () => {
      const from = reportId;
      setReportId(null);
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-open-report="${from}"]`)?.focus());
    };
    return (
      <Suspense fallback={<p className="text-slate-600">Loading the report editor…</p>}>
        <ReportEditor submissionId={reportId} canEdit={canEdit} onBack={back} />
      </Suspense>
    );
  }

  const d = detail.data;
  return (
    <section aria-labelledby={headingId} data-lead-page={id} className="space-y-8">
      <button type="button" onClick={onBack} className={buttonClass({ variant: 'link', size: 'inlineSm' })}>
        ← Back to the leads
      </button>
      <div>
        <h3 id={headingId} ref={heading} tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
          {d ? personOf(d.lead) : 'Loading the lead…'}
          {d?.lead.company && <span className="font-normal text-slate-600"> · {d.lead.company}</span>}
        </h3>
        {detail.isError && (
          <p role="alert" className="mt-2 text-red-800">
            The lead could not be loaded: {detail.error.message}
          </p>
        )}
        {d && <LeadFacts lead={d.lead} />}
      </div>
      {d && canEdit && <OwnerForm lead={d.lead} me={me} />}
      {d && <Requests detail={d} onReport={setReportId} />}
      {d && <Timeline detail={d} me={me} canEdit={canEdit} />}
      {d && canEdit && (
        <>
          <NoteForm lead={d.lead} />
          <ReplyForm detail={d} />
          {d.lead.state !== 'answered' && <ElsewhereForm lead={d.lead} />}
        </>
      )}
    </section>
  );
}

function LeadFacts({ lead }: { lead: Lead }) {
  const row = (label: string, value: ReactNode) => (
    <div className="contents">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-ink">{value}</dd>
    </div>
  );
  return (
    <dl className="mt-3 grid max-w-2xl gap-x-6 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
      {row(
        'Email',
        <a className="text-brand-700 underline" href={`mailto:${lead.email}`}>
          {lead.email}
        </a>,
      )}
      {row('Phone', lead.phone ? <a href={`tel:${lead.phone.replace(/[^+\d]/g, '')}`}>{lead.phone}</a> : '—')}
      {row('Owner', <span data-lead-owner>{staffLabel(lead.owner)}</span>)}
      {row('Response', <LeadResponse lead={lead} />)}
      {row('Requests', `${lead.requestCount}, the first on ${dayTime(lead.firstRequestAt)}`)}
      {lead.isSpam && row('Spam', 'Every request was flagged as spam')}
    </dl>
  );
}

/** After a change: the lead, the leads (their list, the overdue count) and the messages a reply marks replied. */
function useLeadChanged(id: string) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [leadKey(id), ['leads'], ['messages']]) void queryClient.invalidateQueries({ queryKey });
  };
}

const card = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';

// ---- Requests ----

function Requests({ detail, onReport }: { detail: Detail; onReport: (submissionId: string) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="text-lg font-semibold">
        Requests, newest first
      </h4>
      <ul className="mt-2 space-y-4">
        {detail.requests.map((r) => (
          <li key={r.id} data-request={r.kind}>
            {r.kind === 'message' ? (
              <MessageRequest message={r} />
            ) : (
              <SubmissionDetail id={r.id} level={5} onReport={() => onReport(r.id)} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function MessageRequest({ message: m }: { message: Json<LeadRequest> & { kind: 'message' } }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h5 id={id} className="text-lg font-bold">
          Message of {dayTime(m.createdAt)}
        </h5>
        <span className="flex items-center gap-2">
          {m.isSpam && <span className="text-xs font-semibold text-red-700">Spam ({m.spamReason})</span>}
          <Badge value={m.status} />
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {m.name} · {m.company || 'No company'} · {m.email}
        {m.subscribe && ' · subscribed to the newsletter'}
      </p>
      <p className="mt-3 whitespace-pre-wrap text-ink">{m.message}</p>
    </section>
  );
}

// ---- Timeline ----

const kindLabel: Record<Entry['kind'], string> = {
  message: 'Message',
  audit: 'Audit request',
  status: 'Status changed',
  owner: 'Owner changed',
  note: 'Note',
  reply: 'Reply',
  elsewhere: 'Answered elsewhere',
  mail: 'Mail',
  report: 'Audit report',
};

const deliveryLabel: Record<TimelineMail['status'], string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  capped: 'Held by the daily cap',
};

function Delivery({ mail }: { mail: Json<TimelineMail> | null }) {
  const status = mail?.status ?? 'pending';
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm" data-delivery={status}>
      Delivery: <Badge value={status} label={deliveryLabel[status]} />
      {mail?.sentAt && <span>at {dayTime(mail.sentAt)}</span>}
      {mail?.lastError && <span className="text-red-800">{mail.lastError}</span>}
    </span>
  );
}

function Timeline({ detail, me, canEdit }: { detail: Detail; me: Me; canEdit: boolean }) {
  const id = useId();
  const changed = useLeadChanged(detail.lead.id);
  const remove = useMutation({
    mutationFn: (noteId: string) => api(`/api/admin/leads/${detail.lead.id}/notes/${noteId}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Note deleted');
      changed();
    },
    onError: (error) => toast.error(`Error deleting the note: ${error.message}`),
  });
  const person = personOf(detail.lead);
  const now = Date.now();

  const actorOf = (e: Entry): string | null => {
    switch (e.kind) {
      case 'message':
      case 'audit':
        return person;
      case 'note':
        return e.authorEmail;
      case 'status':
      case 'owner':
      case 'reply':
      case 'elsewhere':
        return e.actorEmail;
      case 'mail':
        return 'the site';
      case 'report':
        return null;
    }
  };

  const content = (e: Entry): ReactNode => {
    switch (e.kind) {
      case 'message':
        return (
          <>
            <p className="whitespace-pre-wrap">{e.message}</p>
            <p className="mt-1 flex items-center gap-2 text-sm">
              <Badge value={e.status} />
              {e.isSpam && <span className="font-semibold text-red-700">Spam</span>}
            </p>
          </>
        );
      case 'audit':
        return (
          <p className="flex flex-wrap items-center gap-2">
            {sourceLabel[e.source]} for {e.companyName} <Badge value={e.status} />
            {e.isSpam && <span className="text-sm font-semibold text-red-700">Spam</span>}
          </p>
        );
      case 'status':
        return (
          <p>
            {e.target === 'message' ? 'Message' : 'Audit request'}: {e.from} → {e.to}
            {e.via && <span className="text-slate-600"> (by {e.via})</span>}
          </p>
        );
      case 'owner':
        return (
          <p>
            {staffLabel(e.from, 'Nobody')} → {staffLabel(e.to, 'Nobody')}
          </p>
        );
      case 'note': {
        const mine = canEdit && e.authorId === me.user.id && new Date(e.deletableUntil).getTime() > now;
        return (
          <>
            <p className="whitespace-pre-wrap">{e.body}</p>
            {mine && (
              <button
                type="button"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm('Delete this note?')) remove.mutate(e.id);
                }}
                className={`mt-1 ${buttonClass({ variant: 'destructiveLink', size: 'inlineSm' })}`}
              >
                Delete note<span className="sr-only"> of {dayTime(e.at)}</span>
              </button>
            )}
          </>
        );
      }
      case 'reply':
        return (
          <>
            <p className="font-medium">{e.subject}</p>
            <p className="mt-1 whitespace-pre-wrap">{e.body}</p>
            <p className="mt-1 text-sm text-slate-600">Replies go to {e.replyTo}</p>
            <Delivery mail={e.mail} />
          </>
        );
      case 'elsewhere':
        return <p className="whitespace-pre-wrap">{e.body}</p>;
      case 'mail':
        return (
          <>
            <p>
              {e.subject} <span className="text-sm text-slate-600">({e.mailKind})</span>
            </p>
            <Delivery mail={e} />
          </>
        );
      case 'report':
        return <p>Version {e.version} of the audit report</p>;
    }
  };

  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="text-lg font-semibold">
        Timeline, oldest first
      </h4>
      {detail.timeline.length === 0 ? (
        <p className="mt-2 text-slate-600">Nothing yet.</p>
      ) : (
        <ol className="mt-2 space-y-3 border-l-2 border-slate-200 pl-4">
          {detail.timeline.map((e) => {
            const actor = actorOf(e);
            return (
              <li key={`${e.kind}-${e.id}`} data-kind={e.kind} className="rounded-md bg-white p-3 shadow-sm">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-semibold text-ink">{kindLabel[e.kind]}</span>
                  <time dateTime={e.at}>{dayTime(e.at)}</time>
                  {actor && <span className="text-slate-600">by {actor}</span>}
                </p>
                <div className="mt-1 text-ink">{content(e)}</div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

// ---- Editors' forms ----

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

function OwnerForm({ lead, me }: { lead: Lead; me: Me }) {
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

function NoteForm({ lead }: { lead: Lead }) {
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

function ReplyForm({ detail }: { detail: Detail }) {
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

function ElsewhereForm({ lead }: { lead: Lead }) {
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
