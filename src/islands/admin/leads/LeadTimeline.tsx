/** A lead's timeline, oldest first: each entry labelled by kind, with its time, who did it and what; a reply's delivery. */
import { useMutation } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { LeadDetail, TimelineEntry, TimelineMail } from '../../../features/leads/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { api } from '../shared/api.ts';
import { Badge } from '../shared/Badge.tsx';
import { BookingEntry } from './BookingEntry.tsx';
import { dayTime } from '../shared/format.ts';
import { personOf, staffLabel } from '../shared/lead-format.ts';
import { useLeadChanged } from '../shared/lead-queries.ts';
import type { Me } from '../shared/portal-session.ts';
import { InboundMail } from './InboundMail.tsx';
import { lostLabel, stageLabel, usd } from '../shared/pipeline-format.ts';
import { sourceLabel } from '../shared/SubmissionDetail.tsx';

type Detail = Json<LeadDetail>;
type Entry = Json<TimelineEntry>;

const kindLabel: Record<Entry['kind'], string> = {
  message: 'Message',
  audit: 'Audit request',
  status: 'Status changed',
  owner: 'Owner changed',
  note: 'Note',
  reply: 'Reply',
  elsewhere: 'Answered elsewhere',
  details: 'Details corrected',
  stage: 'Stage changed',
  mail: 'Mail',
  report: 'Report first opened',
  inbound: 'Mail from the lead',
  download: 'Download requested',
  'download-opened': 'Download opened',
  booking: 'Call',
};

const fieldLabel: Record<string, string> = { name: 'Name', company: 'Company', phone: 'Phone' };

const deliveryLabel: Record<TimelineMail['status'], string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  capped: 'Held by the daily cap',
  suppressed: 'Not sent: the address complained',
};

const providerLabel: Record<NonNullable<TimelineMail['delivery']>, string> = {
  delivered: 'Delivered',
  delayed: 'Delivery delayed',
  bounced: 'Bounced',
  complained: 'Marked as spam',
  failed: 'Delivery failed',
};

function Delivery({ mail }: { mail: Json<TimelineMail> | null }) {
  const status = mail?.status ?? 'pending';
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm" data-delivery={status}>
      Delivery: <Badge value={status} label={deliveryLabel[status]} />
      {mail?.sentAt && <span>at {dayTime(mail.sentAt)}</span>}
      {mail?.lastError && <span className="text-red-800">{mail.lastError}</span>}
      {mail?.delivery && (
        <span data-provider-delivery={mail.delivery}>
          <Badge value={mail.delivery} label={providerLabel[mail.delivery]} />
          {mail.deliveryDetail && <span className="ml-1 text-slate-700">{mail.deliveryDetail}</span>}
        </span>
      )}
    </span>
  );
}

export function Timeline({ detail, me, canEdit }: { detail: Detail; me: Me; canEdit: boolean }) {
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
      case 'details':
      case 'stage':
        return e.actorEmail;
      case 'mail':
        return 'the site';
      case 'report':
      case 'download-opened':
        return null;
      case 'inbound':
        return e.from;
      case 'download':
        return person;
      case 'booking':
        return 'the scheduler';
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
            {e.removedFromStaff && (
              <span className="block text-sm text-slate-700" data-handover>
                Handed over: {staffLabel(e.from, 'the owner')} was removed from staff, so the lead’s notices go to the
                staff inbox until someone takes it
              </span>
            )}
          </p>
        );
      case 'details':
        return (
          <ul className="space-y-0.5">
            {e.changes.map((c) => (
              <li key={c.field}>
                {fieldLabel[c.field] ?? c.field}: {c.from || '(empty)'} → {c.to || '(empty)'}
              </li>
            ))}
          </ul>
        );
      case 'stage':
        return (
          <p data-stage-change={e.to}>
            {e.from === e.to ? stageLabel(e.to) : `${stageLabel(e.from)} → ${stageLabel(e.to)}`}
            {e.value !== e.fromValue ? `; value ${usd(e.fromValue)} → ${usd(e.value)}` : `; value ${usd(e.value)}`}
            {e.expectedCloseOn && `; expected to close ${e.expectedCloseOn}`}
            {e.lostReason && `; reason: ${lostLabel(e.lostReason, e.lostNote)}`}
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
        return <p>The lead first opened version {e.version} of the audit report</p>;
      case 'download':
        return (
          <p className="flex flex-wrap items-center gap-2">
            Asked for {e.title}
            <span className="text-sm text-slate-600" data-campaign={e.campaign ?? ''}>
              {e.campaign ? `from the campaign ${e.campaign}` : 'no campaign'}
              {e.source && ` (${e.source})`}
            </span>
            {e.isSpam && <span className="text-sm font-semibold text-red-700">Spam</span>}
          </p>
        );
      case 'booking':
        return <BookingEntry entry={e} />;
      case 'download-opened':
        return (
          <p>
            Opened {e.title} from the mailed link ({e.opens} {e.opens === 1 ? 'download' : 'downloads'} so far)
          </p>
        );
      case 'inbound':
        return <InboundMail entry={e} />;
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
        <ol aria-labelledby={id} className="mt-2 space-y-3 border-l-2 border-slate-200 pl-4">
          {detail.timeline.map((e) => {
            const actor = actorOf(e);
            return (
              <li key={`${e.kind}-${e.id}`} data-kind={e.kind} className="rounded-md bg-white p-3 shadow-sm">
                {/* Inline with spaces, not a flex row: the label, the time and the actor stay words apart in the
                    text a screen reader reads ("Download opened Dec 07…", never "Download openedDec 07"). */}
                <p className="text-sm" data-entry-head>
                  <span className="font-semibold text-ink">{kindLabel[e.kind]}</span>{' '}
                  <time dateTime={e.at}>{dayTime(e.at)}</time>
                  {actor && (
                    <>
                      {' '}
                      <span className="text-slate-600">by {actor}</span>
                    </>
                  )}
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
