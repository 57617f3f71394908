/**
 * Delivering a report (ADR 0027): Deliver report (after the pending save and a confirmation), the private link
 * shown this once, and the versions delivered so far with their state and a Revoke for editors.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Json } from '../../../../lib/json.ts';
import type { ReportDelivered, ReportDelivery, ReportDetail } from '../../../../features/reports/contract.ts';
import { buttonClass } from '../../../../lib/ui/button.ts';
import { api, ApiError } from '../api.ts';
import { day, dayTime } from '../format.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

interface Props {
  detail: Json<ReportDetail>;
  canEdit: boolean;
  /** Sends the pending save; resolves with whether the server has the latest draft. */
  flush: () => Promise<boolean>;
  /** Shows a refused delivery's messages by field (`areas.crm.score`) and focuses the first. */
  onRefused: (fields: Record<string, string>) => void;
}

export function Deliveries({ detail, canEdit, flush, onRefused }: Props) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const refresh = () => {
    // The report (its deliveries), the lists (status, clock) and the header's overdue count.
    for (const key of ['report', 'submissions', 'submission']) void queryClient.invalidateQueries({ queryKey: [key] });
  };
  const deliver = useMutation({
    mutationFn: () =>
      api<Json<ReportDelivered>>(`/api/admin/reports/${detail.submissionId}/deliver`, { method: 'POST', body: {} }),
    onSuccess: (delivered) => {
      setAsking(false);
      setLink(delivered.link);
      toast.success(`Version ${delivered.delivery.version} delivered`);
      refresh();
    },
    onError: (error) => {
      setAsking(false);
      if (error instanceof ApiError && error.status === 422) onRefused(error.fields ?? {});
      else toast.error(`Error delivering the report: ${error.message}`);
    },
  });

  const start = async () => {
    if (await flush()) setAsking(true);
    else toast.error('The report could not be saved: fix that before delivering it.');
  };

  return (
    <section aria-labelledby="report-deliveries" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 id="report-deliveries" className="text-lg font-semibold text-ink">
          Deliveries
        </h4>
        {canEdit && (
          <button
            type="button"
            onClick={() => void start()}
            className={buttonClass({ variant: 'primary', size: 'sm' })}
          >
            Deliver report
          </button>
        )}
      </div>
      {asking && (
        <ConfirmDialog
          title="Deliver this report?"
          confirm="Deliver"
          busy={deliver.isPending}
          onConfirm={() => deliver.mutate()}
          onCancel={() => setAsking(false)}
        >
          <p>This freezes this version of the report: later edits make a new version only when delivered again.</p>
          <p>
            The submission is marked completed, and {detail.contactName} is mailed a private link at{' '}
            <strong>{detail.contactEmail}</strong>.
          </p>
        </ConfirmDialog>
      )}
      {link && <NewLink link={link} />}
      <DeliveryList deliveries={detail.deliveries} canEdit={canEdit} submissionId={detail.submissionId} />
    </section>
  );
}

/** The private link of the delivery just made: shown this once, since only its hash is kept. */
function NewLink({ link }: { link: string }) {
  const copy = () =>
    navigator.clipboard
      .writeText(link)
      .then(() => toast.success('Link copied'))
      .catch(() => toast.error('Copy failed: select the link and copy it'));
  return (
    <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-950">
      <p className="font-semibold">Delivered. The private link:</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <code data-report-link className="rounded bg-white px-2 py-1 break-all">
          {link}
        </code>
        <button type="button" onClick={() => void copy()} className={buttonClass({ variant: 'secondary', size: 'xs' })}>
          Copy
        </button>
      </div>
      <p className="mt-2">It can’t be shown again: copy it now if you need it. A lost link means delivering again.</p>
    </div>
  );
}

function DeliveryList({
  deliveries,
  canEdit,
  submissionId,
}: {
  deliveries: Json<ReportDelivery>[];
  canEdit: boolean;
  submissionId: string;
}) {
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<Json<ReportDelivery> | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => api(`/api/admin/reports/${submissionId}/deliveries/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Link revoked');
      void queryClient.invalidateQueries({ queryKey: ['report'] });
    },
    onError: (error) => toast.error(`Error revoking the link: ${error.message}`),
    onSettled: () => setRevoking(null),
  });
  if (deliveries.length === 0) return <p className="text-sm text-slate-600">Not delivered yet.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
        {deliveries.map((d) => (
          <li key={d.id} data-delivery={d.version} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <span>
              <strong>Version {d.version}</strong> · delivered {dayTime(d.deliveredAt)} by {d.deliveredBy} · expires{' '}
              {day(d.expiresAt)} · {d.firstOpenedAt ? `Opened ${dayTime(d.firstOpenedAt)}` : 'Not opened yet'}
            </span>
            {d.revokedAt ? (
              <span className="font-semibold text-red-800">Revoked {dayTime(d.revokedAt)}</span>
            ) : (
              canEdit && (
                <button
                  type="button"
                  onClick={() => setRevoking(d)}
                  className={buttonClass({ variant: 'destructiveLink', size: 'inlineSm' })}
                >
                  Revoke<span className="sr-only"> the link of version {d.version}</span>
                </button>
              )
            )}
          </li>
        ))}
      </ul>
      {revoking && (
        <ConfirmDialog
          title={`Revoke the link of version ${revoking.version}?`}
          confirm="Revoke"
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking.id)}
          onCancel={() => setRevoking(null)}
        >
          <p>The lead’s link stops working at once. A new delivery makes a new link.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
