/**
 * The portal header's counts of what is overdue, each opening the list of them: the submissions past their review
 * and audit time (ADR 0027), and the leads past their response time (ADR 0030).
 */
import { useQuery } from '@tanstack/react-query';
import type { LeadsOverdue } from '../../../features/leads/contract.ts';
import { api } from '../shared/api.ts';

/** `/api/admin/submissions/overdue`: how many submissions are past their review and their audit time. */
interface Overdue {
  review: number;
  audit: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// Under the submissions' key: a status change or a delivery, which refresh the lists, refresh it too.
export const overdueKey = ['submissions', 'overdue'] as const;

export function OverdueButton({ onOpen }: { onOpen: () => void }) {
  const overdue = useQuery({ queryKey: overdueKey, queryFn: () => api<Overdue>('/api/admin/submissions/overdue') });
  const { review = 0, audit = 0 } = overdue.data ?? {};
  if (review + audit === 0) return null;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-overdue
      className="rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-900 ring-1 ring-red-300 ring-inset hover:bg-red-200"
    >
      Overdue: {plural(review, 'review')}, {plural(audit, 'audit')}
      <span className="sr-only"> (show them)</span>
    </button>
  );
}

// Under the leads' key: a reply, an answer elsewhere or an owner change, which refresh the leads, refresh it too.
export const overdueLeadsKey = ['leads', 'overdue'] as const;

export function OverdueRepliesButton({ onOpen }: { onOpen: () => void }) {
  const overdue = useQuery({
    queryKey: overdueLeadsKey,
    queryFn: () => api<LeadsOverdue>('/api/admin/leads/overdue'),
  });
  const count = overdue.data?.response ?? 0;
  if (!count) return null;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-overdue-leads
      className="rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-900 ring-1 ring-red-300 ring-inset hover:bg-red-200"
    >
      Overdue replies: {count}
      <span className="sr-only"> (show the leads)</span>
    </button>
  );
}
