/** The filters above a list (status, search, spam, due, or any one select) and the CSV export of the current view. */
import { useId, type ReactNode } from 'react';
import { buttonClass } from '../../../lib/ui/button.ts';
import { Options } from '../../ui/Options.tsx';

export interface Filters {
  status: string;
  q: string;
  spam: boolean;
  /** Submissions only: `overdue`, `review` or `audit` (ADR 0027); and `due` to sort the earliest due first. */
  due: string;
  sort: string;
  /** Leads only: `mine`, `unassigned` or a staff member's id. */
  owner: string;
  /** Leads only: `open`, `answered` or `overdue` (leadStates). */
  state: string;
  /** Leads only: the form a request came from (leadForms). */
  form: string;
  /** Leads only: where the lead came from (src/lib/lead-source.ts), or `unrecorded`; and its campaign. */
  source: string;
  campaign: string;
  /** Leads only: those that replied by mail and wait on us (docs/decisions/0040-mail-replies-and-delivery.md). */
  replied: boolean;
  /** Leads only: `booked` (a call on the calendar) or `missed` (cancelled or no-show; docs/decisions/0046). */
  call: string;
  /** Leads only: the deal's stage (leadStages; `won`: the clients). */
  stage: string;
  page: number;
}

export const emptyFilters: Filters = {
  status: '',
  q: '',
  spam: false,
  due: '',
  sort: '',
  owner: '',
  state: '',
  form: '',
  source: '',
  campaign: '',
  replied: false,
  call: '',
  stage: '',
  page: 1,
};

const dueLabel = { overdue: 'Overdue', review: 'Review overdue', audit: 'Audit overdue' } as const;
const dueOptions = Object.keys(dueLabel) as (keyof typeof dueLabel)[];

const control =
  'mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** The search box of a list's filters. */
export function SearchInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (q: string) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-56 flex-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`w-full ${control}`}
      />
    </div>
  );
}

/** A free-text filter (exact match), with suggestions when some values are common. */
export function FilterText({
  label,
  value,
  onChange,
  suggestions,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  suggestions?: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="text"
        value={value}
        list={suggestions ? `${id}-list` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`w-36 ${control}`}
      />
      {suggestions && (
        <datalist id={`${id}-list`}>
          {suggestions.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </datalist>
      )}
    </div>
  );
}

/** The "Spam only" box of a list's filters. */
export function SpamOnly({
  checked,
  onChange,
  label = 'Spam only',
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label?: string;
}) {
  return (
    <label className="flex items-center gap-2 pb-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  );
}

/** The status, search and spam filters of a list, and its CSV export (of every page of the current view). */
export function ListControls({
  filters,
  onChange,
  statuses,
  searchLabel,
  exportHref,
  clock = false,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
  statuses: readonly string[];
  searchLabel: string;
  exportHref: string;
  /** Also filter by what is overdue and sort by due time (the submissions' clock). */
  clock?: boolean;
}) {
  // A new filter starts again from the first page.
  const set = (change: Partial<Filters>) => onChange({ ...filters, ...change, page: 1 });
  return (
    <FilterBar exportHref={exportHref}>
      <FilterSelect label="Status" value={filters.status} onChange={(status) => set({ status })} options={statuses} />
      {clock && (
        <>
          <FilterSelect
            label="Due"
            value={filters.due}
            onChange={(due) => set({ due })}
            options={dueOptions}
            optionLabel={(d) => dueLabel[d]}
          />
          <FilterSelect
            label="Sort"
            value={filters.sort}
            onChange={(sort) => set({ sort })}
            options={['due']}
            optionLabel={() => 'Due first'}
            emptyLabel="Newest"
          />
        </>
      )}
      <SearchInput label={searchLabel} value={filters.q} onChange={(q) => set({ q })} />
      <SpamOnly checked={filters.spam} onChange={(spam) => set({ spam })} />
    </FilterBar>
  );
}

/** The row of a list's filters, ending with the CSV export link. */
export function FilterBar({ exportHref, children }: { exportHref: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end gap-4">
      {children}
      <a href={exportHref} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        Export CSV
      </a>
    </div>
  );
}

/** A labelled select of one filter, with 'All' (the empty value, or `emptyLabel`) first. */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  optionLabel,
  emptyLabel = 'All',
}: {
  label: string;
  value: string;
  onChange: (next: string) => void;
  options: readonly V[];
  optionLabel?: (option: V) => string;
  emptyLabel?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={control}>
        <option value="">{emptyLabel}</option>
        <Options values={options} label={optionLabel} />
      </select>
    </div>
  );
}
