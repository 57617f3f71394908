/** The Leads list's call cell (docs/decisions/0046-bookings-from-the-schedulers.md): the next call, or how the last ended. */
import type { LeadListItem } from '../../../features/leads/contract.ts';
import { callName, callTime } from '../../../lib/call-words.ts';
import type { Json } from '../../../lib/json.ts';

const ended = { cancelled: 'Call cancelled', no_show: 'No-show', held: 'Call held' } as const;

export function LeadCall({ lead }: { lead: Json<Pick<LeadListItem, 'nextCall' | 'lastCall'>> }) {
  if (lead.nextCall)
    return (
      <span data-next-call={lead.nextCall.startsAt}>
        <span className="font-medium">{callTime(lead.nextCall.startsAt)}</span>
        <br />
        <span className="text-slate-600">{callName(lead.nextCall.eventType)} (New York time)</span>
      </span>
    );
  if (lead.lastCall && lead.lastCall !== 'booked')
    return (
      <span data-last-call={lead.lastCall} className={lead.lastCall === 'held' ? '' : 'font-medium text-amber-800'}>
        {ended[lead.lastCall]}
      </span>
    );
  return <span className="text-slate-500">—</span>;
}
