/**
 * The audit report of one submission (ADR 0027), opened from the Audit Submissions tab: the clock, the
 * executive summary, the ten areas beside the rules' suggestions, the suggested budget, saving as the editor
 * types, and delivery. Viewers read it. Loaded on demand: its own chunk, outside the portal's first load.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  reportAreaIds,
  reportAreas,
  reportGroups,
  reportTotals,
  type ReportArea,
  type ReportAreaId,
  type ReportDetail,
} from '../../../../features/reports/contract.ts';
import type { Json } from '../../../../lib/json.ts';
import { FieldMessages, inputClass } from '../../../forms/FormField.tsx';
import { buttonClass } from '../../../../lib/ui/button.ts';
import { api } from '../api.ts';
import { dayTime } from '../format.ts';
import { AreaFields, fieldId } from './AreaFields.tsx';
import { DueLines } from './Clock.tsx';
import { Deliveries } from './Deliveries.tsx';
import { Budget, SaveLine } from './ReportStatus.tsx';
import { storeDraft, storedDraft } from '../report-drafts.ts';
import { useSession } from '../session-store.ts';
import { sameDraft, useAutosave, type Draft } from './useAutosave.ts';

interface Props {
  submissionId: string;
  canEdit: boolean;
  onBack: () => void;
}

export default function ReportEditor({ submissionId, canEdit, onBack }: Props) {
  const report = useQuery({
    queryKey: ['report', submissionId],
    queryFn: () => api<Json<ReportDetail>>(`/api/admin/reports/${submissionId}`),
  });
  // Bumped by Reload: the editor starts again from the server's newest revision.
  const [loads, setLoads] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const reload = async () => {
    storeDraft(submissionId, null);
    await report.refetch();
    setLoads((n) => n + 1);
  };

  return (
    <section aria-labelledby="report-heading" className="space-y-6">
      <button type="button" onClick={onBack} className={buttonClass({ variant: 'link', size: 'inlineSm' })}>
        ← Back to submissions
      </button>
      <h3 id="report-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
        Audit report{report.data && `: ${report.data.companyName}`}
      </h3>
      {report.isPending && <p className="text-slate-600">Loading the report…</p>}
      {report.error && (
        <p role="alert" className="text-red-700">
          Error loading the report: {report.error.message}
        </p>
      )}
      {report.data && <EditorBody key={loads} detail={report.data} canEdit={canEdit} onReload={() => void reload()} />}
    </section>
  );
}

function EditorBody({
  detail,
  canEdit,
  onReload,
}: {
  detail: Json<ReportDetail>;
  canEdit: boolean;
  onReload: () => void;
}) {
  const id = detail.submissionId;
  const prefix = useId();
  const [draft, setDraft] = useState<Draft>({ summary: detail.summary, areas: detail.areas });
  // Drafts kept in this browser are the signed-in user's own (report-drafts.ts).
  const user = useSession()?.me()?.user.id ?? null;
  const autosave = useAutosave(id, detail.revision, canEdit, user);
  // A draft this browser kept but the server never got (a closed tab, a crash): offered back, not forced.
  const [kept, setKept] = useState(() => {
    const stored = canEdit ? storedDraft(user, id) : null;
    return stored && !sameDraft(stored.draft, draft) ? stored : null;
  });
  const [refused, setRefused] = useState<Record<string, string>>({});
  const errors = { ...(autosave.status.kind === 'failed' ? autosave.status.fields : {}), ...refused };

  const update = (next: Draft) => {
    setDraft(next);
    autosave.change(next);
  };
  const updateArea = (areaId: ReportAreaId, area: ReportArea) => {
    update({ ...draft, areas: { ...draft.areas, [areaId]: area } });
    if (area.score !== null) setRefused(({ [`areas.${areaId}.score`]: _, ...rest }) => rest);
  };
  const onRefused = (fields: Record<string, string>) => {
    setRefused(fields);
    const first = reportAreaIds.map((a) => `areas.${a}.score`).find((path) => fields[path]);
    if (first) document.getElementById(fieldId(prefix, first))?.focus();
  };
  const unscored = reportAreas.filter((a) => refused[`areas.${a.id}.score`]);
  const summaryId = fieldId(prefix, 'summary');

  return (
    <>
      <div className="space-y-1 text-sm text-ink">
        <p>
          {detail.contactName} · {detail.contactEmail} · <span className="capitalize">{detail.status}</span>
        </p>
        <DueLines clock={detail.clock} status={detail.status} />
      </div>
      {!canEdit && (
        <p role="note" className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-700">
          You can read this report. Editors and admins edit and deliver it.
        </p>
      )}
      {canEdit && (
        <SaveLine
          status={autosave.status}
          lastEdit={detail.updatedBy ? { by: detail.updatedBy, at: detail.updatedAt } : null}
          onReload={onReload}
        />
      )}
      {kept && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>This browser kept changes to this report from {dayTime(kept.at)} that were never saved.</p>
          <div className="mt-2 flex gap-3">
            <button
              type="button"
              className={buttonClass({ variant: 'secondary', size: 'xs' })}
              onClick={() => {
                setDraft(kept.draft);
                autosave.restore(kept);
                setKept(null);
              }}
            >
              Restore them
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'link', size: 'inlineSm' })}
              onClick={() => {
                storeDraft(id, null);
                setKept(null);
              }}
            >
              Discard
            </button>
          </div>
        </div>
      )}
      <div>
        <label htmlFor={summaryId} className="block text-sm font-medium text-ink">
          Executive summary
        </label>
        <textarea
          id={summaryId}
          rows={6}
          value={draft.summary}
          disabled={!canEdit}
          onChange={(e) => update({ ...draft, summary: e.target.value })}
          aria-invalid={errors.summary ? true : undefined}
          aria-describedby={errors.summary ? `${summaryId}-error` : undefined}
          className={inputClass}
        />
        <FieldMessages id={summaryId} error={errors.summary} />
      </div>
      {unscored.length > 0 && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          Score these areas before delivering: {unscored.map((a) => a.title).join('; ')}.
        </div>
      )}
      {reportGroups.map((group) => (
        <section key={group.id} aria-labelledby={`${prefix}-${group.id}`} className="space-y-4">
          <h4 id={`${prefix}-${group.id}`} className="text-lg font-semibold text-ink">
            {group.title}
          </h4>
          {reportAreas
            .filter((area) => area.group === group.id)
            .map((area) => (
              <AreaFields
                key={area.id}
                areaId={area.id}
                title={area.title}
                value={draft.areas[area.id]}
                prefill={detail.prefill[area.id]}
                packages={detail.packages}
                disabled={!canEdit}
                errors={errors}
                idPrefix={prefix}
                onChange={(next) => updateArea(area.id, next)}
              />
            ))}
        </section>
      ))}
      <Budget totals={reportTotals(draft.areas, detail.packages)} />
      <Deliveries detail={detail} canEdit={canEdit} flush={autosave.save} onRefused={onRefused} />
    </>
  );
}
