/**
 * One dashboard figure: its caption, the chart (hidden from screen readers), and the table of the chart's numbers,
 * which screen readers always reach and sighted users open with "Show table"; "Download CSV" saves exactly that
 * table. A figure without a chart (top pages, campaigns) shows its table at once. And the headline cards (Cards).
 */
import { useId, useState, type ReactNode } from 'react';
import { buttonClass } from '../../../lib/ui/button.ts';
import { csvFileName, downloadCsv, toCsv, type Cell } from './csv.ts';
import type { Table } from './series.ts';

const cellText = (value: Cell) => (value === null ? '—' : String(value));

export function ChartFigure({
  slug,
  title,
  description,
  table,
  period,
  empty,
  children,
}: {
  /** Names the figure for tests and its CSV file (`dashboard-<slug>-<from>-to-<to>.csv`). */
  slug: string;
  title: string;
  description: string;
  table: Table;
  period: { from: string; to: string };
  /** Said instead of an empty table, e.g. "No campaign brought a lead in this period." */
  empty?: string;
  /** The chart; without one, the table is the figure. */
  children?: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(!children);
  const noRows = table.rows.length === 0;
  return (
    <figure
      aria-labelledby={`${id}-title`}
      data-figure={slug}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
    >
      <figcaption>
        <h4 id={`${id}-title`} className="font-semibold text-ink">
          {title}
        </h4>
        <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      </figcaption>
      {children && <div className="mt-3">{children}</div>}
      <div className="mt-3 flex flex-wrap gap-2">
        {children && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-table`}
            onClick={() => setOpen(!open)}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            {open ? 'Hide table' : 'Show table'}
            <span className="sr-only"> of {title}</span>
          </button>
        )}
        <button
          type="button"
          disabled={noRows}
          onClick={() => downloadCsv(toCsv(table.columns, table.rows), csvFileName(slug, period.from, period.to))}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          Download CSV<span className="sr-only"> of {title}</span>
        </button>
      </div>
      {/* Closed, the table is only visually hidden: a screen reader reads it in place of the chart. Open, a wide table
          (long landing pages, six columns) scrolls in its box, which the keyboard reaches to scroll it too. */}
      <div
        id={`${id}-table`}
        className={open ? 'mt-3 max-h-96 overflow-auto' : 'sr-only'}
        role={open ? 'region' : undefined}
        aria-label={open ? `${title}: table` : undefined}
        tabIndex={open ? 0 : undefined}
      >
        {noRows && empty ? (
          <p className="text-sm text-slate-600">{empty}</p>
        ) : (
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50 text-left">
              <tr>
                {table.columns.map((column, i) => (
                  <th key={column} scope="col" className={`px-3 py-2 ${i > 0 ? 'text-right' : ''}`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((value, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="px-3 py-1.5 text-left font-normal break-all">
                        {cellText(value)}
                      </th>
                    ) : (
                      <td key={i} className="px-3 py-1.5 text-right tabular-nums">
                        {cellText(value)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </figure>
  );
}

/**
 * The headline figures above the charts (the Dashboard's and the revenue's): a card each, its label, its value and
 * a line of detail. `columns` is the widest screen's number of columns.
 */
export function Cards({
  label,
  cards,
  columns,
  className = '',
}: {
  label: string;
  cards: { label: string; value: string; detail: string }[];
  columns: 3 | 4;
  className?: string;
}) {
  return (
    <ul
      aria-label={label}
      className={`grid gap-3 sm:grid-cols-2 ${columns === 3 ? 'xl:grid-cols-3' : 'xl:grid-cols-4'} ${className}`}
    >
      {cards.map((card) => (
        <li key={card.label} data-card={card.label} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="text-sm font-medium text-slate-600">{card.label}</p>
          <p className="mt-1 text-2xl font-bold text-ink">{card.value}</p>
          <p className="mt-1 text-sm text-slate-600">{card.detail}</p>
        </li>
      ))}
    </ul>
  );
}
