/** Where a lead stands against its response time: due, overdue (badged), answered and how fast, or no reply due. */
import type { LeadListItem } from '../../../features/leads/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { Badge } from '../shared/Badge.tsx';
import { dayTime } from '../shared/format.ts';
import { firstResponseTime } from '../shared/lead-format.ts';

/** The address's trouble: bounced for good, or marked our mail as spam (docs/decisions/0040-mail-replies-and-delivery.md). */
export function MailTrouble({ lead }: { lead: Json<LeadListItem> }) {
  if (!lead.undeliverableReason && !lead.complained) return null;
  return (
    <span className="flex flex-wrap items-center gap-2" data-mail-trouble>
      {lead.undeliverableReason && (
        <span title={lead.undeliverableReason}>
          <Badge value="bounced" label="Address undeliverable" />
        </span>
      )}
      {lead.complained && <Badge value="complained" label="Marked our mail as spam" />}
    </span>
  );
}

export function LeadResponse({ lead }: { lead: Json<LeadListItem> }) {
  if (lead.state === 'answered') {
    const took = firstResponseTime(lead);
    return (
      <span className="flex flex-col gap-1" data-response="answered">
        <span className="flex flex-wrap items-center gap-2">
          <Badge value="answered" label="Answered" />
          {lead.lastResponseAt && <span className="whitespace-nowrap">{dayTime(lead.lastResponseAt)}</span>}
        </span>
        {took && <span className="text-slate-600">First response in {took}</span>}
      </span>
    );
  }
  // Only downloads: no request asked anything of us, so no clock ran and nobody answered.
  if (lead.state === 'none') {
    return (
      <span className="flex flex-wrap items-center gap-2" data-response="none">
        <Badge value="none" label="No reply due" />
        <span className="text-slate-600">Downloads start no clock</span>
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2 whitespace-nowrap" data-response={lead.state}>
      {lead.repliedWaiting && <Badge value="waiting-on-us" label="Replied, waiting on us" />}
      {lead.responseDueAt ? `Reply due ${dayTime(lead.responseDueAt)}` : 'Waiting'}
      {lead.state === 'overdue' && <Badge value="overdue" label="Overdue" />}
    </span>
  );
}
