/** The portal's lists: fetched with their filters, a toast when one cannot be (docs/product.md), and their changes. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { AllItems, ListPage } from '../../../lib/list-page.ts';
import { api, query } from './api.ts';
import { emptyFilters, type Filters } from './ListControls.tsx';

/** `value`, once it has stopped changing for `ms` (so a search asks the server once per pause). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The query string of a list's filters (also the CSV export's, so it exports the current view). */
export const filterQuery = (f: Filters, page = true) =>
  query({
    status: f.status,
    q: f.q.trim(),
    spam: f.spam ? 1 : undefined,
    due: f.due,
    sort: f.sort,
    owner: f.owner,
    state: f.state,
    form: f.form,
    source: f.source.trim(),
    campaign: f.campaign.trim(),
    replied: f.replied ? 'true' : undefined,
    call: f.call,
    stage: f.stage,
    page: page && f.page > 1 ? f.page : undefined,
  });

/**
 * A list from `path`, cached under `queryKey`; while the next page or filter loads, the current rows stay.
 * A failure is toasted as `errorPrefix` and the API's message.
 */
export function useAdminList<R extends AllItems<unknown>>(
  queryKey: readonly unknown[],
  path: string,
  errorPrefix: string,
) {
  const list = useQuery({ queryKey, queryFn: () => api<R>(path), placeholderData: keepPreviousData });
  useEffect(() => {
    if (list.error) toast.error(`${errorPrefix}${list.error.message}`);
  }, [list.error, errorPrefix]);
  return list;
}

/** The lists whose status a list row sets. */
type WithStatus = 'submissions' | 'messages';
type Filtered = WithStatus | 'leads';

/**
 * A filtered, paged list of submissions, messages or leads: its filters (from `initial`, e.g. the overdue ones), the
 * page they show, and its CSV export.
 */
export function useFilteredList<T>(resource: Filtered, errorPrefix: string, initial: Partial<Filters> = {}) {
  const [filters, setFilters] = useState<Filters>(() => ({ ...emptyFilters, ...initial }));
  const settled = useDebounced(filters);
  const list = useAdminList<ListPage<T>>(
    [resource, settled],
    `/api/admin/${resource}${filterQuery(settled)}`,
    errorPrefix,
  );
  return {
    list,
    setPage: (page: number) => setFilters({ ...filters, page }),
    /** What ListControls shows and changes. */
    controls: {
      filters,
      onChange: setFilters,
      exportHref: `/api/admin/${resource}/export.csv${filterQuery(filters, false)}`,
    },
  };
}

/**
 * Sets a record's status from a list ('Status updated successfully' or 'Error updating status: '),
 * then refreshes every query of the resource: the lists and, for submissions, the open detail.
 */
export function useStatusUpdate(resource: WithStatus, alsoRefresh: readonly string[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: string }) =>
      api(`/api/admin/${resource}/${id}`, { method: 'PATCH', body: { status } }),
    onSuccess: () => {
      toast.success('Status updated successfully');
      for (const key of [resource, ...alsoRefresh]) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => toast.error(`Error updating status: ${error.message}`),
  });
}

/** Deletes a record of a list after the user confirmed `question`, then refreshes the list; toasts either way. */
export function useRemove(resource: 'posts' | 'roles', messages: { question: string; done: string; failed: string }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/${resource}/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success(messages.done);
      void queryClient.invalidateQueries({ queryKey: [resource] });
    },
    onError: (error) => toast.error(`${messages.failed}${error.message}`),
  });
  return (id: string) => {
    if (window.confirm(messages.question)) remove.mutate(id);
  };
}
