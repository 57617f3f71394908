/**
 * An admin's privacy actions on a lead's page (docs/privacy.md): mark the lead a client (kept past the retention
 * sweep), export everything stored about the person as one ZIP, or erase them after typing their address again.
 * Each is answered by the server alone (`/api/admin/leads/:id/client|export|erase`, admins only) and logged there.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { LeadListItem } from '../../../features/leads/contract.ts';
import {
  REQUEST_ANSWER_DAYS,
  RETENTION_MONTHS_DEFAULT,
  type ErasureResult,
} from '../../../features/privacy/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { api, ApiError, download } from '../shared/api.ts';
import { personOf } from '../shared/lead-format.ts';
import { useLeadChanged } from '../shared/lead-queries.ts';
import { ConfirmDialog } from '../shared/report/ConfirmDialog.tsx';

type Lead = Json<LeadListItem>;

const card = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function LeadPrivacy({ lead, onErased }: { lead: Lead; onErased: () => void }) {
  const id = useId();
  const changed = useLeadChanged(lead.id);
  const client = useMutation({
    mutationFn: (isClient: boolean) => api(`/api/admin/leads/${lead.id}/client`, { method: 'PUT', body: { isClient } }),
    onSuccess: (_answer, isClient) => {
      toast.success(isClient ? 'Marked a client: kept past the retention period' : 'No longer marked a client');
      changed();
    },
    onError: (error: Error) => toast.error(`Error saving the client mark: ${error.message}`),
  });
  const [exporting, setExporting] = useState(false);
  const exportZip = async () => {
    setExporting(true);
    try {
      await download(`/api/admin/leads/${lead.id}/export`, 'person.zip');
      toast.success('Export downloaded: send it to the person securely, then delete your copy');
    } catch (error) {
      toast.error(`Error exporting: ${(error as Error).message}`);
    } finally {
      setExporting(false);
    }
  };
  const [asking, setAsking] = useState(false);

  return (
    <section aria-labelledby={id} className={card} data-lead-privacy>
      <h4 id={id} className="text-lg font-semibold">
        Privacy requests
      </h4>
      <p className="mt-1 text-sm text-slate-600">
        Answer a request to see, export or delete this person’s data within {REQUEST_ANSWER_DAYS} days. A lead with no
        activity for {RETENTION_MONTHS_DEFAULT} months (or the shorter period the site is set to) is erased
        automatically unless marked a client.
      </p>
      <label className="mt-4 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={lead.isClient}
          disabled={client.isPending}
          onChange={(e) => client.mutate(e.target.checked)}
          className="size-4"
        />
        Client (kept past the retention period)
      </label>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          disabled={exporting}
          onClick={() => void exportZip()}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          {exporting ? 'Exporting…' : 'Export (ZIP)'}
        </button>
        <button
          type="button"
          onClick={() => setAsking(true)}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          Erase this person…
        </button>
      </div>
      {asking && <EraseDialog lead={lead} onCancel={() => setAsking(false)} onErased={onErased} />}
    </section>
  );
}

function EraseDialog({ lead, onCancel, onErased }: { lead: Lead; onCancel: () => void; onErased: () => void }) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const erase = useMutation({
    mutationFn: () =>
      api<{ erased: Json<ErasureResult> }>(`/api/admin/leads/${lead.id}/erase`, {
        method: 'POST',
        body: { confirm: typed },
      }),
    onSuccess: ({ erased }) => {
      const { counts, blobsPending } = erased;
      toast.success(
        `Erased ${personOf(lead)}: ${plural(counts.messages + counts.submissions, 'request')}, ` +
          `${plural(counts.documents, 'document')}, ${plural(counts.mails, 'mail')}`,
      );
      if (blobsPending) {
        toast.warning(`${plural(blobsPending, 'file')} could not be deleted yet; the daily housekeeping retries.`);
      }
      queryClient.removeQueries({ queryKey: ['lead', lead.id] });
      onErased();
      void queryClient.invalidateQueries();
    },
    onError: (error: Error) =>
      setRefusal(error instanceof ApiError ? (error.fields?.confirm ?? error.message) : error.message),
  });
  const matches = typed.trim().toLowerCase() === lead.email.trim().toLowerCase();
  return (
    <ConfirmDialog
      title="Erase this person?"
      confirm="Erase for good"
      busy={erase.isPending || !matches}
      onConfirm={() => erase.mutate()}
      onCancel={onCancel}
    >
      <p>
        Everything stored about <strong>{personOf(lead)}</strong> goes: their requests and messages, documents, reports
        and their links, notes, replies and mails. The staff action log keeps what was done, without their details. This
        cannot be undone; export first if they asked for a copy.
      </p>
      <label htmlFor={inputId} className="block pt-2 font-medium text-ink">
        Type their email address, {lead.email}, to confirm
      </label>
      <input
        id={inputId}
        type="email"
        autoComplete="off"
        value={typed}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? `${inputId}-error` : undefined}
        onChange={(e) => {
          setTyped(e.target.value);
          setRefusal(null);
        }}
        className="w-full rounded-md border border-slate-300 px-3 py-2"
      />
      {refusal && (
        <p id={`${inputId}-error`} role="alert" className="text-red-800">
          {refusal}
        </p>
      )}
    </ConfirmDialog>
  );
}
