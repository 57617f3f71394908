/**
 * A deal's card on the Pipeline board (PipelineBoard.tsx): its facts, its Move button (dnd-kit's draggable
 * activator: pointer or keyboard) and its menu, which sets its value and expected close date, or marks it won with
 * its value or lost with its reason (DealForm).
 */
import { useDraggable } from '@dnd-kit/core';
import { useId, useState } from 'react';
import type { BoardCard } from '../../../features/pipeline/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { DealForm } from '../shared/DealForm.tsx';
import { usd } from '../shared/pipeline-format.ts';

type Card = Json<BoardCard>;

export function DealCard({ card, staleDays, canEdit }: { card: Card; staleDays: number; canEdit: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: card.id,
    data: { stage: card.stage },
    disabled: !canEdit,
  });
  const [menu, setMenu] = useState<'closed' | 'open' | 'edit' | 'won' | 'lost'>('closed');
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
        <dt>Close by</dt>
        <dd>{card.expectedCloseOn ?? 'No date'}</dd>
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
                  <button
                    type="button"
                    onClick={() => setMenu('edit')}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    Edit value and date
                  </button>
                </div>
              )}
              {menu !== 'open' && (
                <DealForm
                  deal={{ ...card, name }}
                  stage={menu === 'edit' ? card.stage : menu}
                  submit={menu === 'edit' ? 'Save the deal' : menu === 'won' ? 'Save as Won' : 'Save as Lost'}
                  label={menu === 'edit' ? `Value and close date of ${name}` : `Mark ${name} ${menu}`}
                  onDone={() => setMenu('closed')}
                />
              )}
            </div>
          )}
        </div>
      )}
    </li>
  );
}
