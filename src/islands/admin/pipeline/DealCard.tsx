/**
 * A deal's card on the Pipeline board (PipelineBoard.tsx): its facts, its Move button (dnd-kit's draggable
 * activator: pointer or keyboard) and its menu, which marks it won with its value or lost with its reason.
 */
import { useDraggable } from '@dnd-kit/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import type { BoardCard } from '../../../features/pipeline/contract.ts';
import { lostReasons } from '../../../lib/statuses.ts';
import type { Json } from '../../../lib/json.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { api, ApiError } from '../shared/api.ts';
import { lostReasonLabels, usd } from '../shared/pipeline-format.ts';

type Card = Json<BoardCard>;

const field = 'mt-1 block w-full rounded-md border border-slate-400 px-2 py-1 text-sm';

export function DealCard({ card, staleDays, canEdit }: { card: Card; staleDays: number; canEdit: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: card.id,
    data: { stage: card.stage },
    disabled: !canEdit,
  });
  const [menu, setMenu] = useState<'closed' | 'open' | 'won' | 'lost'>('closed');
  const id = useId();
  const name = card.name || card.email;
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-card={card.id}
      data-stale={card.stale || undefined}
      className={`rounded-md border bg-white p-3 text-sm shadow-sm ${card.stale ? 'border-l-4 border-amber-700' : 'border-slate-200'} ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-ink">
            <a href={`/admin?lead=${card.id}`} className="underline-offset-2 hover:underline">
              {name}
            </a>
          </p>
          {card.company && <p className="text-slate-700">{card.company}</p>}
        </div>
        {canEdit && (
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            aria-label={`Move ${name}`}
            className={`${buttonClass({ variant: 'secondary', size: 'sm' })} cursor-grab touch-none`}
          >
            Move
          </button>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 text-slate-700">
        <dt>Value</dt>
        <dd>{usd(card.value)}</dd>
        <dt>Owner</dt>
        <dd>{card.owner ? card.owner.name || card.owner.email : 'Nobody'}</dd>
        <dt>In stage</dt>
        <dd>
          {card.daysInStage} {card.daysInStage === 1 ? 'day' : 'days'}
          {card.stale && (
            <strong className="ml-2 rounded bg-amber-100 px-1.5 text-amber-900">Stale (over {staleDays} days)</strong>
          )}
        </dd>
        <dt>Next call</dt>
        <dd>{card.nextCallAt ? new Date(card.nextCallAt).toLocaleString('en-US') : 'None booked'}</dd>
      </dl>
      {canEdit && (
        <div className="mt-2">
          <button
            type="button"
            aria-expanded={menu !== 'closed'}
            aria-controls={`${id}-menu`}
            onClick={() => setMenu(menu === 'closed' ? 'open' : 'closed')}
            className={buttonClass({ variant: 'link', size: 'inline' })}
          >
            {menu === 'closed' ? 'More' : 'Close'}
            <span className="sr-only"> actions for {name}</span>
          </button>
          {menu !== 'closed' && (
            <div id={`${id}-menu`} className="mt-2">
              {menu === 'open' && (
                <div className="flex flex-wrap gap-2">
                  <button type="button" onClick={() => setMenu('won')} className={buttonClass({ size: 'sm' })}>
                    Mark won
                  </button>
                  <button
                    type="button"
                    onClick={() => setMenu('lost')}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    Mark lost
                  </button>
                </div>
              )}
              {(menu === 'won' || menu === 'lost') && (
                <CloseForm card={card} outcome={menu} onDone={() => setMenu('closed')} />
              )}
            </div>
          )}
        </div>
      )}
    </li>
  );
}

/** Won with its value, or lost with its reason (and a note for "Other"): the API's 422 shown by each field. */
function CloseForm({ card, outcome, onDone }: { card: Card; outcome: 'won' | 'lost'; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(card.value === null ? '' : String(card.value));
  // The menu's buttons made way for this form: focus goes to its first field, not to the page.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: () => {
      const body: Record<string, unknown> = { stage: outcome };
      // What was typed goes as typed: a letter or a cent is the server's 422 to name, not dropped here.
      if (value.trim() !== '') body.value = /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : value;
      if (outcome === 'lost') {
        body.lostReason = reason || undefined;
        body.lostNote = note;
      }
      return api(`/api/admin/leads/${card.id}/stage`, { method: 'POST', body });
    },
    onSuccess: () => {
      toast.success(`${card.name || card.email}: ${outcome === 'won' ? 'Won' : 'Lost'}`);
      void queryClient.invalidateQueries({ queryKey: ['pipeline'] });
      void queryClient.invalidateQueries({ queryKey: ['lead', card.id] });
      void queryClient.invalidateQueries({ queryKey: ['leads'] });
      onDone();
    },
  });
  const errors = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const other = save.error && !(save.error instanceof ApiError && save.error.fields) ? save.error.message : '';
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };
  const error = (name: string) =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className="mt-1 block text-red-800">
        {errors[name]}
      </span>
    ) : null;
  return (
    <form onSubmit={submit} noValidate aria-label={`Mark ${card.name || card.email} ${outcome}`} className="space-y-2">
      <label className="block font-medium text-slate-700">
        Value (US dollars)
        <input
          ref={first}
          className={field}
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={!!errors.value}
          aria-describedby={errors.value ? `${id}-value-error` : undefined}
        />
        {error('value')}
      </label>
      {outcome === 'lost' && (
        <>
          <label className="block font-medium text-slate-700">
            Reason
            <select
              className={field}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={!!errors.lostReason}
              aria-describedby={errors.lostReason ? `${id}-lostReason-error` : undefined}
            >
              <option value="">Choose a reason</option>
              {lostReasons.map((r) => (
                <option key={r} value={r}>
                  {lostReasonLabels[r]}
                </option>
              ))}
            </select>
            {error('lostReason')}
          </label>
          <label className="block font-medium text-slate-700">
            Note {reason === 'other' ? '(required)' : '(optional)'}
            <input
              className={field}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              aria-invalid={!!errors.lostNote}
              aria-describedby={errors.lostNote ? `${id}-lostNote-error` : undefined}
            />
            {error('lostNote')}
          </label>
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
      <button type="submit" disabled={save.isPending} className={buttonClass({ size: 'sm' })}>
        {outcome === 'won' ? 'Save as Won' : 'Save as Lost'}
      </button>
    </form>
  );
}
