/**
 * A deal's form (docs/decisions/0047-pipeline.md), for editors and admins: on a board card's menu it marks the deal
 * won with its value, lost with its reason, or sets its value and expected close date in its stage; on the lead's
 * page it also chooses the stage, which reopens a won or lost deal. It posts to `POST /api/admin/leads/:id/stage`
 * and shows the API's 422 by each field it names. No schema of its own: what was typed goes as typed, and the
 * server's words are the ones shown.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { leadStages, lostReasons, type LeadStage, type LostReason } from '../../../lib/statuses.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { api, ApiError } from './api.ts';
import { lostReasonLabels, stageLabel } from './pipeline-format.ts';

const field = 'mt-1 block w-full rounded-md border border-slate-400 px-2 py-1 text-sm';

/** What the form starts from: the lead's deal as the board, the list or the lead's reply has it. */
export interface DealFacts {
  id: string;
  /** How the form names the deal (its name, else its email). */
  name: string;
  stage: LeadStage;
  value: number | null;
  expectedCloseOn: string | null;
  lostReason?: LostReason | null;
  lostNote?: string;
}

/** A typed value as the API takes it: empty clears it, digits are a number, anything else goes as typed. */
const typedValue = (text: string): unknown =>
  text.trim() === '' ? null : /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;

/**
 * `stage` fixed (the card's Mark won, Mark lost, or its own stage to edit the value and date), or `choose`: a
 * select of every stage (the lead's page). `submit` names the button.
 */
export function DealForm({
  deal,
  stage: fixed,
  submit,
  label,
  onDone,
}: {
  deal: DealFacts;
  stage: LeadStage | 'choose';
  submit: string;
  label: string;
  onDone: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<LeadStage>(deal.stage);
  const stage = fixed === 'choose' ? chosen : fixed;
  const [value, setValue] = useState(deal.value === null ? '' : String(deal.value));
  const [closeOn, setCloseOn] = useState(deal.expectedCloseOn ?? '');
  const [reason, setReason] = useState<string>(deal.lostReason ?? '');
  const [note, setNote] = useState(deal.lostNote ?? '');
  // The menu's buttons made way for this form: focus goes to its first field, not to the page.
  const first = useRef<HTMLInputElement & HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const save = useMutation({
    mutationFn: () => {
      // Only what was changed goes: a field left as it was keeps what the lead has, even if changed meanwhile.
      const body: Record<string, unknown> = { stage };
      if (value !== (deal.value === null ? '' : String(deal.value))) body.value = typedValue(value);
      if (closeOn !== (deal.expectedCloseOn ?? '')) body.expectedCloseOn = closeOn || null;
      if (stage === 'lost') {
        body.lostReason = reason || undefined;
        body.lostNote = note;
      }
      return api(`/api/admin/leads/${deal.id}/stage`, { method: 'POST', body });
    },
    onSuccess: () => {
      toast.success(`${deal.name}: ${stageLabel(stage)}`);
      void queryClient.invalidateQueries({ queryKey: ['pipeline'] });
      void queryClient.invalidateQueries({ queryKey: ['lead', deal.id] });
      void queryClient.invalidateQueries({ queryKey: ['leads'] });
      onDone();
    },
  });
  const errors = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const other = save.error && !(save.error instanceof ApiError && save.error.fields) ? save.error.message : '';
  const send = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };
  const described = (name: string) => ({
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const labelled = (name: string, text: string, control: ReactNode) => (
    <label className="block font-medium text-slate-700">
      {text}
      {control}
      {errors[name] && (
        <span id={`${id}-${name}-error`} data-field-error className="mt-1 block text-red-800">
          {errors[name]}
        </span>
      )}
    </label>
  );
  return (
    <form onSubmit={send} noValidate aria-label={label} className="space-y-2 text-sm">
      {fixed === 'choose' &&
        labelled(
          'stage',
          'Stage',
          <select
            ref={first}
            className={field}
            value={chosen}
            onChange={(e) => setChosen(e.target.value as LeadStage)}
            {...described('stage')}
          >
            {leadStages.map((s) => (
              <option key={s} value={s}>
                {stageLabel(s)}
              </option>
            ))}
          </select>,
        )}
      {labelled(
        'value',
        'Value (US dollars)',
        <input
          ref={fixed === 'choose' ? undefined : first}
          className={field}
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          {...described('value')}
        />,
      )}
      {labelled(
        'expectedCloseOn',
        'Expected close date',
        <input
          type="date"
          className={field}
          value={closeOn}
          onChange={(e) => setCloseOn(e.target.value)}
          {...described('expectedCloseOn')}
        />,
      )}
      {stage === 'lost' && (
        <>
          {labelled(
            'lostReason',
            'Reason',
            <select
              className={field}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              {...described('lostReason')}
            >
              <option value="">Choose a reason</option>
              {lostReasons.map((r) => (
                <option key={r} value={r}>
                  {lostReasonLabels[r]}
                </option>
              ))}
            </select>,
          )}
          {labelled(
            'lostNote',
            `Note ${reason === 'other' ? '(required)' : '(optional)'}`,
            <input
              className={field}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              {...described('lostNote')}
            />,
          )}
        </>
      )}
      {other && (
        <p role="alert" className="text-red-800">
          {other}
        </p>
      )}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="sr-only">
          {Object.values(errors).join(' ')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={save.isPending} className={buttonClass({ size: 'sm' })}>
          {submit}
        </button>
        <button type="button" onClick={onDone} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The lead page's deal, for editors and admins: "Change the deal" opens the form with a choice of every stage (a
 * won or lost deal reopened there goes back on the board, and its closed deal is removed).
 */
export function LeadDealForm({ deal }: { deal: DealFacts }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  if (!open)
    return (
      <button
        ref={opener}
        type="button"
        onClick={() => setOpen(true)}
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
      >
        Change the deal
      </button>
    );
  return (
    <section aria-label="The deal" className="max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <DealForm deal={deal} stage="choose" submit="Save the deal" label={`The deal of ${deal.name}`} onDone={close} />
    </section>
  );
}
