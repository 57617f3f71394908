/** The report editor's lines of state: whether the draft is saved, and the budget its packages suggest. */
import { formatUsd } from '../../../../lib/format.ts';
import type { ReportTotals } from '../../../../features/reports/contract.ts';
import { buttonClass } from '../../../../lib/ui/button.ts';
import { dayTime, time } from '../format.ts';
import type { SaveStatus } from './useAutosave.ts';

/** "Saving…", "Saved at 14:32", "Not saved: retrying"…; a 409 says why and offers a reload. */
export function SaveLine({
  status,
  lastEdit,
  onReload,
}: {
  status: SaveStatus;
  /** Who saved the report as loaded, and when; null while it is the rules' first draft. */
  lastEdit: { by: string; at: string } | null;
  onReload: () => void;
}) {
  if (status.kind === 'stale') {
    return (
      <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <p>
          Someone else saved this report since you opened it, so your changes are no longer saved here (this browser
          keeps them). Reload to see their version. <span className="text-amber-900">({status.message})</span>
        </p>
        <button
          type="button"
          onClick={onReload}
          className={`mt-2 ${buttonClass({ variant: 'secondary', size: 'xs' })}`}
        >
          Reload
        </button>
      </div>
    );
  }
  const words = {
    idle: lastEdit
      ? `Last edited by ${lastEdit.by} at ${dayTime(lastEdit.at)}`
      : 'The rules’ first draft: not edited yet',
    saving: 'Saving…',
    saved: status.kind === 'saved' ? `Saved at ${time(status.at)}` : '',
    retrying: 'Not saved: retrying…',
    failed: status.kind === 'failed' ? `Not saved: ${status.message}` : '',
  }[status.kind];
  const failing = status.kind === 'retrying' || status.kind === 'failed';
  return (
    <p
      role="status"
      data-save-status={status.kind}
      className={`text-sm ${failing ? 'text-red-700' : 'text-slate-600'}`}
    >
      {words}
    </p>
  );
}

/** The suggested budget: monthly, one-off, and the packages priced on request. */
export function Budget({ totals }: { totals: ReportTotals }) {
  return (
    <section aria-labelledby="report-budget" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h4 id="report-budget" className="font-semibold text-ink">
        Suggested budget
      </h4>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-budget>
        <dt className="text-slate-600">Monthly</dt>
        <dd data-total="monthly">{formatUsd(totals.monthly)}</dd>
        <dt className="text-slate-600">One-off</dt>
        <dd data-total="one-off">{formatUsd(totals.oneOff)}</dd>
        <dt className="text-slate-600">On request</dt>
        <dd data-total="on-request">{totals.onRequest.length ? totals.onRequest.join(', ') : '—'}</dd>
      </dl>
    </section>
  );
}
