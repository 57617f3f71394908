/** The filters above a list (status, search, spam) and the CSV export of the current view (decision 12). */
import { useId } from 'react';

export interface Filters {
  status: string;
  q: string;
  spam: boolean;
  page: number;
}

export const emptyFilters: Filters = { status: '', q: '', spam: false, page: 1 };

const control =
  'rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none';

export function ListControls({
  filters,
  onChange,
  statuses,
  searchLabel,
  exportHref,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
  statuses: readonly string[];
  searchLabel: string;
  exportHref: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div>
        <label htmlFor={`${id}-status`} className="block text-sm font-medium">
          Status
        </label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(e) => onChange({ ...filters, status: e.target.value, page: 1 })}
          className={`mt-1 ${control}`}
        >
          <option value="">All</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s[0]!.toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-56 flex-1">
        <label htmlFor={`${id}-q`} className="block text-sm font-medium">
          {searchLabel}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={filters.q}
          onChange={(e) => onChange({ ...filters, q: e.target.value, page: 1 })}
          className={`mt-1 w-full ${control}`}
        />
      </div>
      <label className="flex items-center gap-2 pb-2 text-sm">
        <input
          type="checkbox"
          checked={filters.spam}
          onChange={(e) => onChange({ ...filters, spam: e.target.checked, page: 1 })}
          className="size-4 accent-brand-700"
        />
        Spam only
      </label>
      <a
        href={exportHref}
        download
        className="rounded-md px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
      >
        Export CSV
      </a>
    </div>
  );
}

/** Previous/next paging of a server list of 50 a page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return <p className="mt-4 text-sm text-slate-600">{total} in total</p>;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className="rounded-md px-3 py-1 ring-1 ring-slate-300 disabled:opacity-50"
      >
        Previous
      </button>
      <span>
        Page {page} of {pages} · {total} in total
      </span>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        className="rounded-md px-3 py-1 ring-1 ring-slate-300 disabled:opacity-50"
      >
        Next
      </button>
    </nav>
  );
}
