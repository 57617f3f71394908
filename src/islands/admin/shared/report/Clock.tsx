/** A submission's clock in the portal: when its review and audit are due, badged once overdue (ADR 0027). */
import type { SubmissionClock } from '../../../../features/reports/contract.ts';
import type { Json } from '../../../../lib/json.ts';
import type { SubmissionStatus } from '../../../../lib/statuses.ts';
import { Badge } from '../Badge.tsx';
import { dayTime } from '../format.ts';

/** "Review due …" while pending and "Audit due …" until completed, each with an Overdue badge when late. */
export function DueLines({ clock, status }: { clock: Json<SubmissionClock>; status: SubmissionStatus }) {
  if (status === 'completed') return <span className="text-slate-600">Completed</span>;
  const line = (label: string, at: string, overdue: boolean) => (
    <span className="flex flex-wrap items-center gap-2 whitespace-nowrap">
      {label} {dayTime(at)}
      {overdue && <Badge value="overdue" label="Overdue" />}
    </span>
  );
  return (
    <span className="flex flex-col gap-1">
      {status === 'pending' && line('Review due', clock.reviewDueAt, clock.reviewOverdue)}
      {line('Audit due', clock.auditDueAt, clock.auditOverdue)}
    </span>
  );
}
