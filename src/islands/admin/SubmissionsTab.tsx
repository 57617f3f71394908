/**
 * Audit submissions: newest first (or the earliest due), filters, CSV, colour-coded statuses, a selector, when
 * each is due, the full answers, and the audit report of each (its editor loads on demand).
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { SubmissionClock } from '../../features/reports/contract.ts';
import type { Json } from '../../lib/json.ts';
import { submissionStatuses } from '../../lib/statuses.ts';
import type { SubmissionDetail as Detail, SubmissionListItem } from '../../features/leads/contract.ts';
import { api, download } from './api.ts';
import { Badge } from './Badge.tsx';
import { dayTime } from './format.ts';
import { actionsColumn, DataTable, type Column } from '../ui/DataTable.tsx';
import { buttonClass } from '../../lib/ui/button.ts';
import { TabSection } from '../ui/TabSection.tsx';
import { ListControls, type Filters } from './ListControls.tsx';
import { DueLines } from './report/Clock.tsx';
import { StatusSelect } from './StatusSelect.tsx';
import { useFilteredList, useStatusUpdate } from './useList.ts';

const sourceLabel = { contact_page: 'Contact page', intake: 'Intake' } as const;

// Its own chunk: the portal's first load stays within its budget (docs/performance.md).
const ReportEditor = lazy(() => import('./report/ReportEditor.tsx'));

type Row = Json<SubmissionListItem & SubmissionClock>;

export function SubmissionsTab({ canEdit, initial }: { canEdit: boolean; initial?: Partial<Filters> }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [reportId, setReportId] = useState<string | null>(null);
  const { list, setPage, controls } = useFilteredList<Row>('submissions', 'Error fetching submissions: ', initial);
  const status = useStatusUpdate('submissions', ['submission', 'report']);

  if (reportId) {
    const back = () => {
      setReportId(null);
      // Back where the report was opened from, for the keyboard.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-open-report]')?.focus());
    };
    return (
      <Suspense fallback={<p className="text-slate-600">Loading the report editor…</p>}>
        <ReportEditor submissionId={reportId} canEdit={canEdit} onBack={back} />
      </Suspense>
    );
  }

  const columns: Column<Row>[] = [
    { header: 'Received', className: 'whitespace-nowrap', cell: (s) => dayTime(s.createdAt) },
    {
      header: 'Company',
      className: 'font-medium',
      cell: (s) => (
        <>
          {s.companyName}
          {s.isSpam && <span className="ml-2 text-xs font-semibold text-red-700">Spam</span>}
        </>
      ),
    },
    {
      header: 'Contact',
      cell: (s) => (
        <>
          {s.contactName}
          <br />
          <a className="text-brand-700 underline" href={`mailto:${s.contactEmail}`}>
            {s.contactEmail}
          </a>
        </>
      ),
    },
    { header: 'Form', cell: (s) => sourceLabel[s.source] },
    { header: 'Due', className: 'text-sm', cell: (s) => <DueLines clock={s} status={s.status} /> },
    {
      header: 'Status',
      cell: (s) => (
        <div className="flex items-center gap-2">
          <Badge value={s.status} />
          {canEdit && (
            <StatusSelect
              label={`Status of ${s.companyName}`}
              value={s.status}
              options={submissionStatuses}
              disabled={status.isPending}
              onChange={(next) => status.mutate({ id: s.id, status: next })}
            />
          )}
        </div>
      ),
    },
    actionsColumn((s) => (
      <button
        type="button"
        onClick={() => setOpenId(openId === s.id ? null : s.id)}
        aria-expanded={openId === s.id}
        className={buttonClass({ variant: 'link', size: 'inline' })}
      >
        {openId === s.id ? 'Hide' : 'View'}
        <span className="sr-only"> {s.companyName}</span>
      </button>
    )),
  ];

  return (
    <TabSection title="Audit Submissions" hideTitle>
      <ListControls {...controls} clock statuses={submissionStatuses} searchLabel="Search company, name or email" />
      <DataTable
        columns={columns}
        list={list}
        loading="Loading submissions…"
        empty="No submissions match."
        onPage={setPage}
        rowData={(s) => ({ 'data-submission': s.id })}
      />
      {openId && <SubmissionDetail id={openId} onClose={() => setOpenId(null)} onReport={() => setReportId(openId)} />}
    </TabSection>
  );
}

function SubmissionDetail({ id, onClose, onReport }: { id: string; onClose: () => void; onReport: () => void }) {
  const detail = useQuery({
    queryKey: ['submission', id],
    queryFn: () => api<Json<Detail>>(`/api/admin/submissions/${id}`),
  });
  useEffect(() => {
    if (detail.error) toast.error(`Error fetching documents: ${detail.error.message}`);
  }, [detail.error]);
  const d = detail.data;
  return (
    <section
      aria-labelledby="submission-detail-heading"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h3 id="submission-detail-heading" className="text-xl font-bold">
          {d ? d.submission.companyName : 'Loading…'}
        </h3>
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="button"
            data-open-report
            onClick={onReport}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Open audit report
          </button>
          <button type="button" onClick={onClose} className={buttonClass({ variant: 'link', size: 'inlineSm' })}>
            Close
          </button>
        </div>
      </div>
      {d && (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Received {dayTime(d.submission.createdAt)} · updated {dayTime(d.submission.updatedAt)} ·{' '}
            {sourceLabel[d.submission.source]}
            {d.submission.isSpam && ` · flagged as spam (${d.submission.spamReason})`}
          </p>
          {d.sections.map((section) => (
            <div key={section.title} className="mt-6">
              <h4 className="font-semibold text-ink">{section.title}</h4>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                {section.rows.map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="break-words text-ink">{value || '—'}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
          <div className="mt-6">
            <h4 className="font-semibold text-ink">Documents</h4>
            {d.documents.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No documents.</p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm">
                {d.documents.map((doc) => (
                  <li key={doc.id} className="flex items-center gap-3">
                    <span>
                      {doc.fileName} ({Math.max(1, Math.round(doc.fileSize / 1024))} KB)
                    </span>
                    <button
                      type="button"
                      className={buttonClass({ variant: 'link', size: 'inline' })}
                      onClick={() =>
                        download(`/api/admin/documents/${doc.id}`, doc.fileName).catch((error: Error) =>
                          toast.error(`Error downloading file: ${error.message}`),
                        )
                      }
                    >
                      Download<span className="sr-only"> {doc.fileName}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}
