/** A server list of one resource with its filters, and a toast when it cannot be fetched (spec 8). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { api, query } from './api.ts';
import type { ListPage } from '../../server/admin/list-query.types.ts';
import type { Filters } from './ListControls.tsx';

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
    page: page && f.page > 1 ? f.page : undefined,
  });

export function useList<T>(resource: 'submissions' | 'messages', filters: Filters, errorPrefix: string) {
  const settled = useDebounced(filters);
  const list = useQuery({
    queryKey: [resource, settled],
    queryFn: () => api<ListPage<T>>(`/api/admin/${resource}${filterQuery(settled)}`),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error) toast.error(`${errorPrefix}${list.error.message}`);
  }, [list.error, errorPrefix]);
  return list;
}

/**
 * Sets a record's status from a list (spec 8: 'Status updated successfully' or 'Error updating status: '),
 * then refreshes every query of the resource: the lists and, for submissions, the open detail.
 */
export function useStatusUpdate(resource: 'submissions' | 'messages', alsoRefresh: readonly string[] = []) {
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
