/**
 * The admin's settings of the pipeline (docs/decisions/0047-pipeline.md), below the board: per open stage the
 * win probability the Dashboard's forecast weighs it by, and the idle days after which a deal in it is stale.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import type { PipelineSettingsReply, StageSetting } from '../../../features/pipeline/contract.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { api, ApiError } from '../shared/api.ts';
import { stageLabel } from '../shared/pipeline-format.ts';

const field = 'mt-1 block w-24 rounded-md border border-slate-400 px-2 py-1 text-sm';

export function PipelineSettings() {
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['pipeline-settings'],
    queryFn: () => api<PipelineSettingsReply>('/api/admin/pipeline/settings'),
  });
  const [rows, setRows] = useState<{ stage: StageSetting['stage']; probability: string; staleDays: string }[]>([]);
  useEffect(() => {
    if (settings.data)
      setRows(
        settings.data.stages.map((s) => ({
          stage: s.stage,
          probability: String(s.probability),
          staleDays: String(s.staleDays),
        })),
      );
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () =>
      api<PipelineSettingsReply>('/api/admin/pipeline/settings', {
        method: 'PUT',
        // Sent as typed: a blank or a fraction is the server's 422 to name.
        body: {
          stages: rows.map((r) => ({
            stage: r.stage,
            probability: r.probability.trim() === '' ? null : Number(r.probability),
            staleDays: r.staleDays.trim() === '' ? null : Number(r.staleDays),
          })),
        },
      }),
    onSuccess: () => {
      toast.success('Pipeline settings saved');
      void queryClient.invalidateQueries({ queryKey: ['pipeline-settings'] });
      void queryClient.invalidateQueries({ queryKey: ['pipeline'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
  const errors = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };
  const set = (i: number, key: 'probability' | 'staleDays', value: string) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-lg border border-slate-200 p-4">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-ink">
        Stage settings
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        The win probability weighs each stage’s value in the Dashboard’s forecast; a deal idle in a stage longer than
        its days is stale on the board and in its owner’s daily alert.
      </p>
      <form onSubmit={submit} noValidate className="mt-3">
        <table className="text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="pr-4">
                Stage
              </th>
              <th scope="col" className="pr-4">
                Win probability (%)
              </th>
              <th scope="col">Stale after (days)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.stage}>
                <th scope="row" className="pr-4 font-medium">
                  {stageLabel(r.stage)}
                </th>
                {(['probability', 'staleDays'] as const).map((key) => {
                  const error = errors[`stages.${i}.${key}`];
                  return (
                    <td key={key} className="pr-4 align-top">
                      <input
                        className={field}
                        inputMode="numeric"
                        aria-label={`${stageLabel(r.stage)}: ${key === 'probability' ? 'win probability (%)' : 'stale after (days)'}`}
                        value={r[key]}
                        onChange={(e) => set(i, key, e.target.value)}
                        aria-invalid={!!error}
                        aria-describedby={error ? `${id}-${i}-${key}` : undefined}
                      />
                      {error && (
                        <span id={`${id}-${i}-${key}`} className="mt-1 block text-red-800">
                          {error}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {save.error && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {Object.keys(errors).length ? 'Some settings need your attention.' : save.error.message}
          </p>
        )}
        <button type="submit" disabled={save.isPending} className={`mt-3 ${buttonClass({ size: 'sm' })}`}>
          Save stage settings
        </button>
      </form>
    </section>
  );
}
