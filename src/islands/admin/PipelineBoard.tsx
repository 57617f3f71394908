/**
 * The Pipeline tab (docs/decisions/0047-pipeline.md): a column per open stage with its count and total value, a
 * card per deal, moved by drag and drop or by keyboard (dnd-kit's KeyboardSensor: Space or Enter on a card's
 * "Move" button picks it up, the arrow keys move it between columns, Space or Enter drops it, Escape cancels; each
 * step is announced). Won and lost are reached from a card's menu; the period's won and lost deals are listed
 * below. Its own chunk, loaded when the tab opens.
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import type { BoardCard, BoardReply, ClosedCard, LeadStage, OpenStage } from '../../features/pipeline/contract.ts';
import { lostReasons, openStages } from '../../lib/statuses.ts';
import type { Json } from '../../lib/json.ts';
import { sourceChoices } from '../../lib/lead-source.ts';
import { buttonClass } from '../../lib/ui/button.ts';
import { TabSection } from '../ui/TabSection.tsx';
import { api, ApiError, query } from './api.ts';
import { lostLabel, lostReasonLabels, stageLabel, usd } from './pipeline-format.ts';
import { useLeadStaff } from './lead-queries.ts';
import { DEFAULT_PERIOD, periodRange, type PresetWeeks } from './dashboard/period.ts';
import type { Me } from './portal-session.ts';
import { PipelineSettings } from './PipelineSettings.tsx';

type Board = Json<BoardReply>;
type Card = Json<BoardCard>;

const field = 'mt-1 block w-full rounded-md border border-slate-400 px-2 py-1 text-sm';

/** Arrow Left and Right move a picked-up card to the column beside the one it is over. */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  const { active, collisionRect, droppableRects, droppableContainers, over } = context;
  if (!active || !collisionRect) return undefined;
  const from = (over?.id ?? active.data.current?.stage) as OpenStage;
  const target = openStages[openStages.indexOf(from) + step];
  if (!target) return undefined;
  // The columns are measured just after the pick-up; an arrow pressed before that measures its column itself.
  const rect = droppableRects.get(target) ?? droppableContainers.get(target)?.node.current?.getBoundingClientRect();
  if (!rect) return undefined;
  return { x: rect.left + (rect.width - collisionRect.width) / 2, y: rect.top + 48 };
};

export function PipelineBoard({ me, canEdit }: { me: Me; canEdit: boolean }) {
  const [owner, setOwner] = useState('');
  const [source, setSource] = useState('');
  const [weeks, setWeeks] = useState<PresetWeeks>('weeks' in DEFAULT_PERIOD ? DEFAULT_PERIOD.weeks : 4);
  const range = periodRange({ weeks });
  const params = { owner, source, ...range };
  const queryClient = useQueryClient();
  const board = useQuery({
    queryKey: ['pipeline', params],
    queryFn: () => api<Board>(`/api/admin/pipeline${query(params)}`),
    placeholderData: keepPreviousData,
  });
  const staff = useLeadStaff();
  const [moved, setMoved] = useState('');
  const move = useMutation({
    mutationFn: ({ card, stage }: { card: Card; stage: LeadStage }) =>
      api(`/api/admin/leads/${card.id}/stage`, { method: 'POST', body: { stage } }),
    onSuccess: (_, { card, stage }) => {
      setMoved(`${card.name || card.email} moved to ${stageLabel(stage)}.`);
      void queryClient.invalidateQueries({ queryKey: ['pipeline'] });
      void queryClient.invalidateQueries({ queryKey: ['lead', card.id] });
      void queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
    onError: (error) => toast.error(`The deal could not be moved: ${error.message}`),
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const cards = new Map((board.data?.columns ?? []).flatMap((c) => c.cards.map((card) => [card.id, card] as const)));
  const nameOf = (id: string | number) => {
    const card = cards.get(String(id));
    return card ? card.name || card.email : 'the deal';
  };
  const stageOf = (id: string | number | undefined) => (id ? stageLabel(id as OpenStage) : 'no column');
  // The first "over" comes with the pick-up, over the card's own column: "Picked up … in …" already said it.
  const overSaid = useRef<string | number | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      overSaid.current = cards.get(String(active.id))?.stage ?? null;
      return `Picked up ${nameOf(active.id)} in ${stageOf(cards.get(String(active.id))?.stage)}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === overSaid.current) return undefined;
      overSaid.current = over?.id ?? null;
      return `${nameOf(active.id)} is over ${stageOf(over?.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped in ${stageOf(over.id)}.`
        : `${nameOf(active.id)} was dropped outside the board.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  // `data-moving` on the board: a card is picked up and the keyboard sensor listens for the arrows (it starts
  // listening on a timer of its own after the pick-up; this one is set after it).
  const [moving, setMoving] = useState<string | null>(null);
  const onDragStart = ({ active }: DragStartEvent) => {
    setTimeout(() => setTimeout(() => setMoving(String(active.id))));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setMoving(null);
    const card = cards.get(String(active.id));
    if (!card || !over || over.id === card.stage) return;
    move.mutate({ card, stage: over.id as OpenStage });
  };
  const refused = board.error instanceof ApiError && board.error.status === 422 ? board.error : null;

  return (
    <TabSection title="Pipeline">
      <div className="flex flex-wrap items-end gap-4">
        <label className="text-sm font-medium text-slate-700">
          Owner
          <select className={field} value={owner} onChange={(e) => setOwner(e.target.value)}>
            <option value="">Anyone</option>
            <option value="mine">Mine</option>
            <option value="unassigned">Nobody</option>
            {(staff.data?.items ?? [])
              .filter((s) => s.id !== me.user.id)
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name || s.email}
                </option>
              ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Source
          <select className={field} value={source} onChange={(e) => setSource(e.target.value)}>
            <option value="">Any source</option>
            {sourceChoices.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-600">
        {board.isFetching ? 'Loading the pipeline…' : moved}
      </p>
      {refused && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {Object.values(refused.fields ?? {}).join(' ') || refused.message}
        </p>
      )}
      {board.error && !refused && (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">The pipeline could not load.</p>
          <p className="mt-1">{board.error.message}</p>
        </div>
      )}
      {board.data && (
        <DndContext
          sensors={sensors}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setMoving(null)}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'To move a deal, press Space or Enter, use the Left and Right arrow keys to choose a column, then press Space or Enter to drop it there, or Escape to cancel.',
            },
          }}
        >
          <ul
            aria-label="Open deals by stage"
            data-moving={moving ?? undefined}
            className="mt-4 grid gap-3 md:grid-cols-2 xl:grid-cols-4"
          >
            {board.data.columns.map((column) => (
              <Column key={column.stage} column={column} canEdit={canEdit} />
            ))}
          </ul>
        </DndContext>
      )}
      {board.data && (
        <ClosedDeals
          closed={board.data.closed}
          weeks={weeks}
          onWeeks={setWeeks}
          from={board.data.from}
          to={board.data.to}
        />
      )}
      {me.roles.includes('admin') && <PipelineSettings />}
    </TabSection>
  );
}

function Column({ column, canEdit }: { column: Board['columns'][number]; canEdit: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  const id = useId();
  const stale = column.cards.filter((c) => c.stale).length;
  return (
    <li
      ref={setNodeRef}
      aria-labelledby={`${id}-title`}
      data-column={column.stage}
      className={`min-h-40 rounded-lg border p-3 ${isOver ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-slate-50'}`}
    >
      <h3 id={`${id}-title`} className="font-semibold text-ink">
        {stageLabel(column.stage)}
      </h3>
      <p className="text-sm text-slate-700" data-column-totals>
        {column.count} {column.count === 1 ? 'deal' : 'deals'}, {usd(column.value)}
        {stale > 0 && `, ${stale} stale`}
      </p>
      <ul aria-label={`Deals in ${stageLabel(column.stage)}`} className="mt-3 space-y-2">
        {column.cards.map((card) => (
          <DealCard key={card.id} card={card} staleDays={column.staleDays} canEdit={canEdit} />
        ))}
      </ul>
      {column.count > column.cards.length && (
        <p className="mt-2 text-xs text-slate-600">
          The {column.cards.length} longest in this stage are shown; filter by owner or source for the others.
        </p>
      )}
    </li>
  );
}

function DealCard({ card, staleDays, canEdit }: { card: Card; staleDays: number; canEdit: boolean }) {
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

function ClosedDeals({
  closed,
  weeks,
  onWeeks,
  from,
  to,
}: {
  closed: Json<ClosedCard>[];
  weeks: PresetWeeks;
  onWeeks: (weeks: PresetWeeks) => void;
  from: string;
  to: string;
}) {
  const won = closed.filter((c) => c.outcome === 'won');
  return (
    <section aria-labelledby="closed-deals" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="closed-deals" className="text-lg font-semibold text-ink">
          Won and lost, {from} to {to}
        </h3>
        <label className="text-sm font-medium text-slate-700">
          Period
          <select className={field} value={weeks} onChange={(e) => onWeeks(Number(e.target.value) as PresetWeeks)}>
            <option value={4}>Last 4 weeks</option>
            <option value={12}>Last 12 weeks</option>
            <option value={52}>Last 52 weeks</option>
          </select>
        </label>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Won {won.length} for {usd(won.reduce((sum, c) => sum + c.value, 0))}; lost {closed.length - won.length}.
      </p>
      {closed.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No deal was won or lost in this period.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 pr-3">
                Deal
              </th>
              <th scope="col" className="py-1 pr-3">
                Outcome
              </th>
              <th scope="col" className="py-1 pr-3">
                Closed
              </th>
              <th scope="col" className="py-1 pr-3">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {closed.map((c, i) => (
              <tr key={`${c.leadId ?? 'erased'}-${i}`} data-closed={c.outcome} className="border-b border-slate-100">
                <td className="py-1 pr-3">
                  {c.leadId ? (
                    <a href={`/admin?lead=${c.leadId}`} className="underline">
                      {c.name || 'Unnamed'}
                      {c.company && `, ${c.company}`}
                    </a>
                  ) : (
                    'Erased person'
                  )}
                </td>
                <td className="py-1 pr-3">{c.outcome === 'won' ? 'Won' : `Lost: ${lostLabel(c.lostReason, '')}`}</td>
                <td className="py-1 pr-3">{new Date(c.closedAt).toLocaleDateString('en-US')}</td>
                <td className="py-1 pr-3">{usd(c.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
