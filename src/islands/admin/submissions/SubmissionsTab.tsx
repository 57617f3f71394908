/**
 * Audit submissions: newest first (or the earliest due), filters, CSV, colour-coded statuses, a selector, when
 * each is due, the full answers, and the audit report of each (its editor loads on demand).
 */
import { lazy, Suspense, useState } from 'react';
import type { SubmissionClock } from '../../../features/reports/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { submissionStatuses } from '../../../lib/statuses.ts';
import type { SubmissionListItem } from '../../../features/leads/contract.ts';
import { Badge } from '../shared/Badge.tsx';
import { dayTime } from '../shared/format.ts';
import { actionsColumn, DataTable, type Column } from '../../ui/DataTable.tsx';
import { buttonClass } from '../../../lib/ui/button.ts';
import { TabSection } from '../../ui/TabSection.tsx';
import { ListControls, type Filters } from '../shared/ListControls.tsx';
import { DueLines } from '../shared/report/Clock.tsx';
import { StatusSelect } from '../shared/StatusSelect.tsx';
import { SubmissionDetail, sourceLabel } from '../shared/SubmissionDetail.tsx';
import { useFilteredList, useStatusUpdate } from '../shared/useList.ts';

// Its own chunk: the portal's first load stays within its budget (docs/performance.md).
const ReportEditor = lazy(() => import('../shared/report/ReportEditor.tsx'));

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
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-open-report="${reportId}"]`)?.focus());
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
        cards
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
