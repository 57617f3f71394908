/** The words the leads' list and page share: their forms, states, owners and response times. */
import type { DOWNLOAD_ONLY, LeadForm, LeadListItem, StaffName } from '../../../features/leads/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { sourceLabel } from '../../../lib/lead-source.ts';

export const formLabel: Record<LeadForm, string> = {
  message: 'Contact form',
  contact_page: 'Short audit form',
  intake: 'Intake',
  download: 'Download',
  booking: 'Booked call',
};

/** The Leads list's form filter: each form, and the leads that only asked for files. */
export const formFilterLabel: Record<LeadForm | typeof DOWNLOAD_ONLY, string> = {
  ...formLabel,
  download_only: 'Only downloads',
};

/** The Leads list's call filter (docs/decisions/0046-bookings-from-the-schedulers.md). */
export const callFilterLabel = { booked: 'Call booked', missed: 'Cancelled / no-show' } as const;

export const stateLabel = { open: 'Open', answered: 'Answered', overdue: 'Overdue', none: 'No reply due' } as const;

export const staffLabel = (staff: Json<StaffName> | null | undefined, none = 'Unassigned'): string =>
  staff ? staff.name || staff.email : none;

/** A duration in words: "45 min", "3 h 20 min", "2 d 4 h". */
export function duration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** How long the first response took after the first request, when there was one. */
export const firstResponseTime = (lead: Json<LeadListItem>): string | null =>
  lead.firstResponseAt
    ? duration(new Date(lead.firstResponseAt).getTime() - new Date(lead.firstRequestAt).getTime())
    : null;

/** Where the lead came from, in a few words: "LinkedIn · q4", "Direct", "Not recorded". */
export const originOf = (lead: Pick<Json<LeadListItem>, 'source' | 'attribution'>): string =>
  [sourceLabel(lead.source), lead.attribution?.utmCampaign].filter(Boolean).join(' · ');

/** The person's name as a heading says it: their name, or their address when they gave none. */
export const personOf = (lead: Json<LeadListItem>): string => lead.name || lead.email;

/** Why the lead is a client, in the words of its page. */
export const clientLabel = (lead: Pick<Json<LeadListItem>, 'isClient' | 'stage'>): string =>
  lead.stage === 'won' ? 'Deal won: kept past the retention period' : 'Kept past the retention period';
