/**
 * One lead opened (docs/decisions/0030-leads.md): who they are and who owns them, their requests newest first (a
 * message's text, an audit request's answers, documents and report), and the timeline of everything that happened
 * with them, oldest first (LeadTimeline). Editors and admins claim or assign the lead, add notes, reply by mail, or
 * record an answer given elsewhere (LeadForms); admins also answer privacy requests (LeadPrivacy); viewers read.
 * Loaded on demand: its own chunk.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { LeadDetail, LeadListItem, LeadRequest } from '../../../features/leads/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { api } from '../shared/api.ts';
import { Badge } from '../shared/Badge.tsx';
import { dayTime } from '../shared/format.ts';
import { readsAsClient } from '../../../lib/statuses.ts';
import { clientLabel, originOf, personOf, staffLabel } from '../shared/lead-format.ts';
import { leadKey } from '../shared/lead-queries.ts';
import { ElsewhereForm, NoteForm, OwnerForm, ReplyForm } from './LeadForms.tsx';
import { LeadDetailsForm } from './LeadDetailsForm.tsx';
import { LeadDealForm } from '../shared/DealForm.tsx';
import { LeadPrivacy } from './LeadPrivacy.tsx';
import { lostLabel, stageLabel, usd } from '../shared/pipeline-format.ts';
import { LeadResponse, MailTrouble } from './LeadResponse.tsx';
import { Timeline } from './LeadTimeline.tsx';
import type { Me } from '../shared/portal-session.ts';
import { SubmissionDetail } from '../shared/SubmissionDetail.tsx';

// The report editor's chunk, shared with the Audit Submissions tab.
const ReportEditor = lazy(() => import('../shared/report/ReportEditor.tsx'));

type Detail = Json<LeadDetail>;
type Lead = Json<LeadListItem>;

export default function LeadPage({ id, me, onBack }: { id: string; me: Me; onBack: () => void }) {
  const canEdit = me.roles.some((r) => r === 'editor' || r === 'admin');
  const isAdmin = me.roles.includes('admin');
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
      {d && canEdit && <LeadDetailsForm lead={d.lead} />}
      {d && canEdit && <LeadDealForm deal={{ ...d.lead, name: personOf(d.lead) }} />}
      {d && <Requests detail={d} onReport={setReportId} />}
      {d && <Timeline detail={d} me={me} canEdit={canEdit} />}
      {d && canEdit && (
        <>
          <NoteForm lead={d.lead} />
          <ReplyForm detail={d} />
          {d.lead.state !== 'answered' && <ElsewhereForm lead={d.lead} />}
        </>
      )}
      {d && isAdmin && <LeadPrivacy lead={d.lead} onErased={onBack} />}
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
      {row(
        'Deal',
        <span data-lead-deal={lead.stage}>
          {stageLabel(lead.stage)}, {usd(lead.value)}
          {lead.expectedCloseOn && `, expected to close ${lead.expectedCloseOn}`}
          {lead.lostReason && `: ${lostLabel(lead.lostReason, lead.lostNote)}`}
        </span>,
      )}
      {(lead.undeliverableReason || lead.complained) && row('Mail', <MailTrouble lead={lead} />)}
      {row('Requests', `${lead.requestCount}, the first on ${dayTime(lead.firstRequestAt)}`)}
      {row('Source', <span data-lead-source>{originOf(lead)}</span>)}
      {lead.attribution?.landingPath && row('Landing page', lead.attribution.landingPath)}
      {lead.attribution?.referrer && row('Referred by', lead.attribution.referrer)}
      {lead.attribution?.utmMedium && row('Campaign medium', lead.attribution.utmMedium)}
      {lead.attribution?.utmTerm && row('Campaign term', lead.attribution.utmTerm)}
      {lead.attribution?.utmContent && row('Campaign content', lead.attribution.utmContent)}
      {lead.isSpam && row('Spam', 'Every request was flagged as spam')}
      {readsAsClient(lead) && row('Client', <span data-lead-client>{clientLabel(lead)}</span>)}
    </dl>
  );
}

/** After a change: the lead, the leads (their list, the overdue count) and the messages a reply marks replied. */

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
