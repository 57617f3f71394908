/**
 * Delivering the report to the lead, and the versions delivered so far: when, by whom, whether the lead has
 * opened the link, until when it works; an editor can revoke a link. A new link is shown once, here.
 */
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { reportAreas } from '../../../lib/audit-report.ts';
import type { Json } from '../../../lib/json.ts';
import type { ReportDelivered, ReportDelivery } from '../../../server/admin/reports.types.ts';
import { buttonClass } from '../../ui/button.ts';
import { api, ApiError } from '../api.ts';
import { dayTime } from '../format.ts';

interface Props {
  submissionId: string;
  leadEmail: string;
  deliveries: readonly Json<ReportDelivery>[];
  canEdit: boolean;
  /** Saves what is waiting; false when the draft could not be saved. */
  flush: () => Promise<boolean>;
  /** The report changed on the server (delivered or revoked): read it again. */
  onChanged: () => void;
}

const areaTitle = (field: string) => reportAreas.find((a) => field === `areas.${a.id}.score`)?.title ?? field;

export function Deliveries({ submissionId, leadEmail, deliveries, canEdit, flush, onChanged }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [unscored, setUnscored] = useState<string[]>([]);
  const problems = useRef<HTMLDivElement>(null);

  const deliver = async () => {
    setBusy(true);
    setUnscored([]);
    try {
      if (!(await flush()))
        throw new ApiError(0, 'unsaved', 'The latest edits are not saved yet: deliver once they are.');
      const delivered = await api<Json<ReportDelivered>>(`/api/admin/reports/${submissionId}/deliver`, {
        method: 'POST',
        body: {},
      });
      setLink(delivered.link);
      setConfirming(false);
      toast.success(`Report delivered: version ${delivered.delivery.version} is on its way to ${leadEmail}.`);
      onChanged();
    } catch (error) {
      const refusal = error as ApiError;
      if (refusal.status === 422) {
        setUnscored(Object.keys(refusal.fields).map(areaTitle));
        setConfirming(false);
        requestAnimationFrame(() => problems.current?.focus());
      } else toast.error(`Error delivering the report: ${refusal.message}`);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (delivery: Json<ReportDelivery>) => {
    if (!window.confirm(`Revoke the link of version ${delivery.version}? The lead can no longer open it.`)) return;
    try {
      await api(`/api/admin/reports/${submissionId}/deliveries/${delivery.id}`, { method: 'DELETE' });
      toast.success(`The link of version ${delivery.version} is revoked.`);
      onChanged();
    } catch (error) {
      toast.error(`Error revoking the link: ${(error as Error).message}`);
    }
  };

  return (
    <section aria-labelledby="deliveries-heading" className="mt-8">
      <h3 id="deliveries-heading" className="text-lg font-bold">
        Delivery
      </h3>
      {canEdit && !confirming && (
        <button type="button" className={`mt-3 ${buttonClass()}`} onClick={() => setConfirming(true)}>
          Deliver report
        </button>
      )}
      {confirming && (
        <div
          role="group"
          aria-label="Confirm the delivery"
          className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-4"
        >
          <p>
            Delivering freezes this version of the report, marks the submission completed and mails {leadEmail} a
            private link to it (valid 90 days).
          </p>
          <div className="mt-3 flex gap-3">
            <button type="button" className={buttonClass()} disabled={busy} onClick={() => void deliver()}>
              {busy ? 'Delivering…' : 'Deliver now'}
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'secondary' })}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
      {unscored.length > 0 && (
        <div
          ref={problems}
          tabIndex={-1}
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <p className="font-semibold">Score every area before delivering. Not scored yet:</p>
          <ul className="mt-1 list-disc pl-5">
            {unscored.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
        </div>
      )}
      {link && (
        <div role="status" className="mt-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
          <p className="font-semibold">The lead’s private link (shown this once; only its fingerprint is kept):</p>
          <p className="mt-1 break-all font-mono text-sm" data-report-link>
            {link}
          </p>
          <button
            type="button"
            className={`mt-2 ${buttonClass({ variant: 'secondary', size: 'xs' })}`}
            onClick={() => void navigator.clipboard?.writeText(link).then(() => toast.success('Link copied.'))}
          >
            Copy link
          </button>
        </div>
      )}
      {deliveries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Not delivered yet.</p>
      ) : (
        <ul className="mt-4 space-y-2 text-sm" aria-label="Delivered versions">
          {deliveries.map((d) => (
            <li key={d.id} data-version={d.version} className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <span className="font-semibold">Version {d.version}</span>
              <span>
                Delivered {dayTime(d.deliveredAt)} by {d.deliveredBy}
              </span>
              <span>{d.firstOpenedAt ? `Opened ${dayTime(d.firstOpenedAt)}` : 'Not opened yet'}</span>
              {d.revokedAt ? (
                <span className="font-semibold text-red-700">Revoked {dayTime(d.revokedAt)}</span>
              ) : (
                <>
                  <span>Link works until {dayTime(d.expiresAt)}</span>
                  {canEdit && (
                    <button
                      type="button"
                      className={buttonClass({ variant: 'destructiveLink', size: 'inlineSm' })}
                      onClick={() => void revoke(d)}
                    >
                      Revoke<span className="sr-only"> the link of version {d.version}</span>
                    </button>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
