/** The leads' queries in the portal: their keys, the staff who may own a lead, and what a change refreshes. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadStaffReply } from '../../../features/leads/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { api } from './api.ts';

/** One lead's page. Its list, its overdue count (OverdueButton) and its staff live under `['leads', …]`. */
export const leadKey = (id: string) => ['lead', id] as const;

export const staffKey = ['leads', 'staff'] as const;

/** The staff who may own a lead (`/api/admin/leads/staff`), for the owner filter and the owner select. */
export const useLeadStaff = () =>
  useQuery({ queryKey: staffKey, queryFn: () => api<Json<LeadStaffReply>>('/api/admin/leads/staff') });

/** After a change: the lead, the leads (their list, the overdue count) and the messages a reply marks replied. */
export function useLeadChanged(id: string) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [leadKey(id), ['leads'], ['messages']]) void queryClient.invalidateQueries({ queryKey });
  };
}
