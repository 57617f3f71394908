/** The won and lost deals of the period, below the Pipeline board, with the period's choice. */
import type { ClosedCard } from '../../../features/pipeline/contract.ts';
import type { Json } from '../../../lib/json.ts';
import type { PresetWeeks } from '../shared/period.ts';
import { lostLabel, usd } from '../shared/pipeline-format.ts';

const field = 'mt-1 block w-full rounded-md border border-slate-400 px-2 py-1 text-sm';

export function ClosedDeals({
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
