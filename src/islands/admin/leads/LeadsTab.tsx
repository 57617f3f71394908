/**
 * Leads (docs/decisions/0030-leads.md): one row a person, newest activity first, with the forms they used, their
 * owner, source, next booked call and where their response stands; filters (search, owner, state, form or only
 * downloads, call booked or cancelled / no-show, source, campaign, spam),
 * paging and the CSV of the
 * current view. Open shows the lead's page (its own chunk), whose Back returns here with the focus.
 */
import { lazy, Suspense, useState } from 'react';
import type { LeadListItem } from '../../../features/leads/contract.ts';
// From the statuses, not the contract: the contract's schemas (zod) are not the list's to load.
import {
  callFilters,
  DOWNLOAD_ONLY,
  leadForms,
  leadStages,
  leadStates,
  readsAsClient,
  stageLabels,
} from '../../../lib/statuses.ts';
import type { Json } from '../../../lib/json.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { actionsColumn, DataTable, type Column } from '../../ui/DataTable.tsx';
import { TabSection } from '../../ui/TabSection.tsx';
import { dayTime } from '../shared/format.ts';
import {
  callFilterLabel,
  formFilterLabel,
  formLabel,
  originOf,
  personOf,
  staffLabel,
  stateLabel,
} from '../shared/lead-format.ts';
import { LeadCall } from './LeadCall.tsx';
import { useLeadStaff } from '../shared/lead-queries.ts';
import { LeadResponse, MailTrouble } from './LeadResponse.tsx';
import { FilterBar, FilterSelect, FilterText, SearchInput, SpamOnly, type Filters } from '../shared/ListControls.tsx';
import { sourceChoices } from '../../../lib/lead-source.ts';
import { forgetLinkedLead, type Me } from '../shared/portal-session.ts';
import { useFilteredList } from '../shared/useList.ts';

// Its own chunk: the portal's first load stays within its budget (docs/performance.md).
const LeadPage = lazy(() => import('./LeadPage.tsx'));

type Row = Json<LeadListItem>;

/** How the Leads tab opens: its filters (the header's overdue replies) and a lead (a link to `/admin?lead=`). */
export interface LeadsView {
  key: number;
  initial?: Partial<Filters>;
  openId: string | null;
}

const ownerChoices = { mine: 'Mine', unassigned: 'Unassigned' } as const;

/**
 * `onOpenLead` makes the open lead the portal's (its address, `?lead=`, portal-route.ts): opening and Back go
 * through it, and the browser's back and forward follow. Without it (alone, in tests) the tab keeps it itself.
 */
export function LeadsTab({
  me,
  view,
  onOpenLead,
}: {
  me: Me;
  view: LeadsView;
  onOpenLead?: (id: string | null) => void;
}) {
  const [ownOpenId, setOwnOpenId] = useState<string | null>(view.openId);
  const openId = onOpenLead ? view.openId : ownOpenId;
  const setOpenId = onOpenLead ?? setOwnOpenId;
  const { list, setPage, controls } = useFilteredList<Row>('leads', 'Error fetching leads: ', view.initial);
  const staff = useLeadStaff();
  const { filters, onChange, exportHref } = controls;
  // A new filter starts again from the first page.
  const set = (change: Partial<Filters>) => onChange({ ...filters, ...change, page: 1 });

  if (openId) {
    const back = () => {
      const from = openId;
      setOpenId(null);
      forgetLinkedLead();
      // Back on the Open button the lead was opened with (or the first one, after a link), for the keyboard.
      requestAnimationFrame(() =>
        (
          document.querySelector<HTMLElement>(`[data-open-lead="${from}"]`) ??
          document.querySelector<HTMLElement>('[data-open-lead]')
        )?.focus(),
      );
    };
    return (
      <Suspense
        fallback={
          <p role="status" className="text-slate-600" data-tab-loading>
            Loading the lead…
          </p>
        }
      >
        <LeadPage id={openId} me={me} onBack={back} />
      </Suspense>
    );
  }

  const owners = [...Object.keys(ownerChoices), ...(staff.data?.items.map((s) => s.id) ?? [])];
  const ownerName = (value: string) =>
    value in ownerChoices
      ? ownerChoices[value as keyof typeof ownerChoices]
      : staffLabel(staff.data?.items.find((s) => s.id === value));

  const columns: Column<Row>[] = [
    { header: 'Last activity', className: 'whitespace-nowrap', cell: (l) => dayTime(l.lastActivityAt) },
    {
      header: 'Person',
      cell: (l) => (
        <>
          <span className="font-medium">{l.name || '—'}</span>
          {l.isSpam && <span className="ml-2 text-xs font-semibold text-red-700">Spam</span>}
          {readsAsClient(l) && (
            <span data-lead-client className="ml-2 text-xs font-semibold text-emerald-800">
              Client
            </span>
          )}
          <br />
          <a className="text-brand-700 underline" href={`mailto:${l.email}`}>
            {l.email}
          </a>
          {l.company && (
            <>
              <br />
              <span className="text-slate-600">{l.company}</span>
            </>
          )}
        </>
      ),
    },
    {
      header: 'Requests',
      cell: (l) => (
        <>
          {l.requestCount}
          <br />
          <span className="text-slate-600">{l.forms.map((f) => formLabel[f]).join(', ')}</span>
        </>
      ),
    },
    { header: 'Source', cell: (l) => <span data-lead-source>{originOf(l)}</span> },
    { header: 'Owner', cell: (l) => staffLabel(l.owner) },
    { header: 'Call', className: 'text-sm', cell: (l) => <LeadCall lead={l} /> },
    {
      header: 'Response',
      className: 'text-sm',
      cell: (l) => (
        <>
          <LeadResponse lead={l} />
          <MailTrouble lead={l} />
        </>
      ),
    },
    actionsColumn((l) => (
      <button
        type="button"
        data-open-lead={l.id}
        onClick={() => setOpenId(l.id)}
        className={`${buttonClass({ variant: 'secondary', size: 'xs' })} max-md:min-h-11 max-md:w-full`}
      >
        Open<span className="sr-only"> the lead {personOf(l)}</span>
      </button>
    )),
  ];

  return (
    <TabSection title="Leads" hideTitle>
      <FilterBar exportHref={exportHref}>
        <SearchInput label="Search name, email or company" value={filters.q} onChange={(q) => set({ q })} />
        <FilterSelect
          label="Owner"
          value={filters.owner}
          onChange={(owner) => set({ owner })}
          options={owners}
          optionLabel={ownerName}
        />
        <FilterSelect
          label="State"
          value={filters.state}
          onChange={(state) => set({ state })}
          options={leadStates}
          optionLabel={(s) => stateLabel[s]}
        />
        <FilterSelect
          label="Deal"
          value={filters.stage}
          onChange={(stage) => set({ stage })}
          options={leadStages}
          optionLabel={(s) => (s === 'won' ? 'Won (clients)' : stageLabels[s])}
        />
        <FilterSelect
          label="Form"
          value={filters.form}
          onChange={(form) => set({ form })}
          options={[...leadForms, DOWNLOAD_ONLY]}
          optionLabel={(f) => formFilterLabel[f]}
        />
        <FilterSelect
          label="Call"
          value={filters.call}
          onChange={(call) => set({ call })}
          options={callFilters}
          optionLabel={(c) => callFilterLabel[c]}
        />
        <FilterText
          label="Source"
          value={filters.source}
          onChange={(source) => set({ source })}
          suggestions={sourceChoices}
        />
        <FilterText label="Campaign" value={filters.campaign} onChange={(campaign) => set({ campaign })} />
        <SpamOnly label="Replied, waiting on us" checked={filters.replied} onChange={(replied) => set({ replied })} />
        <SpamOnly checked={filters.spam} onChange={(spam) => set({ spam })} />
      </FilterBar>
      <DataTable
        columns={columns}
        caption="Leads, newest activity first"
        cards
        list={list}
        loading="Loading leads…"
        empty="No leads match."
        onPage={setPage}
        rowData={(l) => ({ 'data-lead': l.id })}
      />
    </TabSection>
  );
}
