/**
 * The portal's lists of records: a table (`DataTable`, by column definitions) or a list of cards (`DataList`, a
 * row drawn by the tab), both in the same bordered frame with the same loading and empty states, and the
 * pager under them when the reply is one page of a longer list.
 */
import type { ReactNode } from 'react';
import type { AllItems, ListPage } from '../../lib/list-page.ts';
import { Pager } from './Pager.tsx';

/** A column: its header (`hideHeader` keeps it for screen readers only, e.g. the actions) and its cell. */
export interface Column<T> {
  header: string;
  hideHeader?: boolean;
  /** Added to the cell's padding, e.g. `whitespace-nowrap` or `text-right`. */
  className?: string;
  cell: (row: T) => ReactNode;
}

/** Attributes of a row that tests and scripts find it by, e.g. `{ 'data-submission': id }`. */
export type RowData = Record<`data-${string}`, string>;

interface RecordsProps<T extends { id: string }> {
  /** The list's query: its reply (`undefined` until it comes), and whether the first reply is still awaited. */
  list: { data: AllItems<T> | ListPage<T> | undefined; isPending: boolean };
  /** Said while pending, e.g. 'Loading submissions…'. */
  loading: string;
  /** Said when the reply holds no row, e.g. 'No submissions match.'. */
  empty?: string;
  /** Pages a paged reply. */
  onPage?: (page: number) => void;
  rowData?: (row: T) => RowData;
  /** The frame's margin: `mt-4` unless told. */
  className?: string;
}

/** The column of a row's actions (View, Remove…): right-aligned, its header for screen readers only. */
export const actionsColumn = <T,>(cell: (row: T) => ReactNode): Column<T> => ({
  header: 'Actions',
  hideHeader: true,
  className: 'text-right',
  cell,
});

const cell = 'px-3 py-2';

/**
 * Below 768 px, a table with `cards` shows each row as a card: its cells one under another, each named by its
 * column's header (drawn by CSS from the cell's `data-label`, so a cell's text is its value at every width; the
 * headers row is then for screen readers only). The markup stays the table's.
 */
const asCards = {
  table: 'max-md:block',
  head: 'max-md:sr-only',
  body: 'max-md:block max-md:divide-y-0',
  row: 'max-md:mb-3 max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-3',
  cell: 'max-md:block max-md:px-0 max-md:py-1 max-md:text-left',
  /** The column's name above a card's cell, drawn from `data-label` (so the cell's own text stays its value). */
  label:
    'max-md:before:block max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-slate-600 max-md:before:uppercase max-md:before:content-[attr(data-label)]',
} as const;

export function DataTable<T extends { id: string }>({
  columns,
  caption,
  cards = false,
  ...records
}: RecordsProps<T> & { columns: readonly Column<T>[]; caption?: string; cards?: boolean }) {
  const { list, rowData } = records;
  const on = (classes: string, card: string) => (cards ? `${classes} ${card}` : classes);
  return (
    <Records
      {...records}
      frame={on('overflow-x-auto rounded-lg border border-slate-200', 'max-md:overflow-visible max-md:border-0')}
    >
      <table className={on('min-w-full divide-y divide-slate-200 text-sm', asCards.table)}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={on('bg-slate-50 text-left', asCards.head)}>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cell}>
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={on('divide-y divide-slate-100', asCards.body)}>
          {list.data?.items.map((row) => (
            <tr key={row.id} {...rowData?.(row)} className={cards ? asCards.row : undefined}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={cards && !column.hideHeader ? column.header : undefined}
                  className={on(
                    column.className ? `${cell} ${column.className}` : cell,
                    column.hideHeader ? asCards.cell : `${asCards.cell} ${asCards.label}`,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Records>
  );
}

/** A list of cards, one a row: `children` draws a row's content, `itemClassName` lays out its item. */
export function DataList<T extends { id: string }>({
  children,
  itemClassName = 'p-4',
  ...records
}: RecordsProps<T> & { children: (row: T) => ReactNode; itemClassName?: string }) {
  const { list, rowData } = records;
  return (
    <Records {...records} frame="rounded-lg border border-slate-200 bg-white">
      <ul className="divide-y divide-slate-200">
        {list.data?.items.map((row) => (
          <li key={row.id} className={itemClassName} {...rowData?.(row)}>
            {children(row)}
          </li>
        ))}
      </ul>
    </Records>
  );
}

function Records<T extends { id: string }>({
  list: { data, isPending },
  loading,
  empty,
  onPage,
  className = 'mt-4',
  frame,
  children,
}: RecordsProps<T> & { frame: string; children: ReactNode }) {
  return (
    <>
      <div className={`${className} ${frame}`}>
        {children}
        {data?.items.length === 0 && empty && <p className="p-4 text-slate-600">{empty}</p>}
        {isPending && <p className="p-4 text-slate-600">{loading}</p>}
      </div>
      {data && 'total' in data && onPage && <Pager {...data} onPage={onPage} />}
    </>
  );
}
