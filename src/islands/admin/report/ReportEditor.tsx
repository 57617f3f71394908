/**
 * The audit report of one submission (docs/decisions/0027-audit-workbench.md): the clock, the summary, the
 * ten areas in their two groups beside what the rules suggested, the suggested budget, and the delivery.
 * Editors and admins edit, saved as they type; viewers read.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportAreas, reportGroups, SUMMARY_MAX } from '../../../lib/audit-report.ts';
import { formatUsd } from '../../../lib/format.ts';
import type { Json } from '../../../lib/json.ts';
import { reportTotals } from '../../../lib/report-totals.ts';
import type { ReportDetail } from '../../../server/admin/reports.types.ts';
import { buttonClass } from '../../ui/button.ts';
import { inputClass } from '../../forms/FormField.tsx';
import { api } from '../api.ts';
import { dayTime } from '../format.ts';
import { AreaEditor } from './AreaEditor.tsx';
import { Deliveries } from './Deliveries.tsx';
import { readBackup, useReportDraft, type SaveState } from './useReportDraft.ts';

interface Props {
  submissionId: string;
  canEdit: boolean;
  onClose: () => void;
}

export function ReportEditor({ submissionId, canEdit, onClose }: Props) {
  const report = useQuery({
    queryKey: ['report', submissionId],
    queryFn: () => api<Json<ReportDetail>>(`/api/admin/reports/${submissionId}`),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [report.isSuccess]);
  return (
    <section aria-labelledby="report-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <button type="button" onClick={onClose} className={buttonClass({ variant: 'link', size: 'inlineSm' })}>
        ← Back to submissions
      </button>
      <h3 id="report-heading" ref={heading} tabIndex={-1} className="mt-2 text-xl font-bold">
        Audit report{report.data ? `: ${report.data.companyName}` : ''}
      </h3>
      {report.isPending && <p role="status">Loading the report…</p>}
      {report.isError && (
        <p role="alert" className="mt-3 text-red-700">
          The report could not load: {report.error.message}
        </p>
      )}
      {report.data && <Editor key={submissionId} report={report.data} canEdit={canEdit} />}
    </section>
  );
}

const saveText = (state: SaveState): string => {
  switch (state.kind) {
    case 'saved':
      return state.by ? `Saved ${dayTime(state.at)} by ${state.by}` : 'The rules’ first draft: not edited yet';
    case 'unsaved':
      return 'Unsaved changes…';
    case 'saving':
      return 'Saving…';
    default:
      return state.message;
  }
};

function Editor({ report, canEdit }: { report: Json<ReportDetail>; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['report', report.submissionId] });
    void queryClient.invalidateQueries({ queryKey: ['submissions'] });
  }, [queryClient, report.submissionId]);
  const { draft, state, change, flush } = useReportDraft(report);
  const [backup, setBackup] = useState(() => (canEdit ? readBackup(report.submissionId, report.revision) : null));
  const fields = state.kind === 'invalid' ? state.fields : {};
  const totals = reportTotals(draft.areas, report.packages);
  const clock = report.clock;
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        {report.contactName} · {report.contactEmail} · <span>Review due {dayTime(clock.reviewDueAt)}</span>
        {clock.reviewOverdue && <strong className="ml-1 text-red-700">(review overdue)</strong>} ·{' '}
        <span>Audit due {dayTime(clock.auditDueAt)}</span>
        {clock.auditOverdue && <strong className="ml-1 text-red-700">(audit overdue)</strong>}
      </p>
      <p role="status" data-save-state={state.kind} className="mt-2 text-sm font-medium">
        {canEdit ? saveText(state) : 'You can read this report; editors and admins edit and deliver it.'}
      </p>
      {state.kind === 'conflict' && (
        <button
          type="button"
          className={`mt-2 ${buttonClass({ size: 'xs' })}`}
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      )}
      {backup && (
        <div
          role="group"
          aria-label="Unsaved changes"
          className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-4"
        >
          <p>Changes to this report from {dayTime(backup.at)} were not saved, and are kept in this browser.</p>
          <div className="mt-2 flex gap-3">
            <button
              type="button"
              className={buttonClass({ size: 'xs' })}
              onClick={() => (change(backup), setBackup(null))}
            >
              Restore them
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'secondary', size: 'xs' })}
              onClick={() => setBackup(null)}
            >
              Discard
            </button>
          </div>
        </div>
      )}
      <div className="mt-4">
        <label htmlFor="report-summary" className="font-semibold">
          Summary for the lead
        </label>
        <textarea
          id="report-summary"
          rows={4}
          maxLength={SUMMARY_MAX}
          disabled={!canEdit}
          className={inputClass}
          value={draft.summary}
          onChange={(e) => change({ ...draft, summary: e.target.value })}
        />
      </div>
      {reportGroups.map((group) => (
        <div key={group.id} className="mt-6">
          <h3 className="text-lg font-bold">{group.title}</h3>
          <div className="mt-3 space-y-4">
            {reportAreas
              .filter((area) => area.group === group.id)
              .map((area) => (
                <AreaEditor
                  key={area.id}
                  id={area.id}
                  title={area.title}
                  value={draft.areas[area.id]}
                  prefill={report.prefill[area.id]}
                  packages={report.packages}
                  readOnly={!canEdit}
                  errors={Object.fromEntries(
                    Object.entries(fields)
                      .filter(([key]) => key.startsWith(`areas.${area.id}.`))
                      .map(([key, message]) => [key.split('.')[2]!, message]),
                  )}
                  onChange={(next) => change({ ...draft, areas: { ...draft.areas, [area.id]: next } })}
                />
              ))}
          </div>
        </div>
      ))}
      <section aria-labelledby="budget-heading" className="mt-6 rounded-lg bg-slate-50 p-4">
        <h3 id="budget-heading" className="font-bold">
          Suggested budget
        </h3>
        <p data-budget-monthly>Monthly: {formatUsd(totals.monthly)}</p>
        <p data-budget-one-off>One-off: {formatUsd(totals.oneOff)}</p>
        {totals.onRequest.length > 0 && <p>On request: {totals.onRequest.join(', ')}</p>}
      </section>
      <Deliveries
        submissionId={report.submissionId}
        leadEmail={report.contactEmail}
        deliveries={report.deliveries}
        canEdit={canEdit}
        flush={flush}
        onChanged={refresh}
      />
    </>
  );
}
