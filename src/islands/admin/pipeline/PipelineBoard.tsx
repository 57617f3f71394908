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
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { BoardCard, BoardReply, LeadStage, OpenStage } from '../../../features/pipeline/contract.ts';
import { openStages } from '../../../lib/statuses.ts';
import type { Json } from '../../../lib/json.ts';
import { sourceChoices } from '../../../lib/lead-source.ts';
import { TabSection } from '../../ui/TabSection.tsx';
import { api, ApiError, query } from '../shared/api.ts';
import { stageLabel, usd } from '../shared/pipeline-format.ts';
import { useLeadStaff } from '../shared/lead-queries.ts';
import { DEFAULT_PERIOD, periodRange, type PresetWeeks } from '../shared/period.ts';
import type { Me } from '../shared/portal-session.ts';
import { PipelineSettings } from './PipelineSettings.tsx';
import { ClosedDeals } from './ClosedDeals.tsx';
import { DealCard } from './DealCard.tsx';

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
