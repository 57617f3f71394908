/**
 * Statuses and roles, exported once (architecture.md): the database schema builds its columns from them
 * and the portal island shows them, without the island importing any server code.
 */
export const submissionStatuses = ['pending', 'reviewed', 'completed'] as const;
export const submissionSources = ['contact_page', 'intake'] as const;
export const messageStatuses = ['unread', 'read', 'replied'] as const;
export const postStatuses = ['draft', 'published'] as const;
export const roles = ['admin', 'editor', 'viewer'] as const;
/**
 * Where a lead stands against its response promise (docs/decisions/0030-leads.md): waiting and not yet due, answered,
 * past due, or `none`: nothing was ever asked of us and nobody answered (a lead that only downloaded a file; downloads
 * start no clock), so it is "No reply due", never "Answered".
 */
export const leadStates = ['open', 'answered', 'overdue', 'none'] as const;
/** What a lead's timeline records of its own: notes, owner changes, replies, responses made elsewhere, corrections. */
export const leadEventKinds = ['note', 'owner', 'reply', 'elsewhere', 'details', 'stage'] as const;
/**
 * A lead's stage in the pipeline (docs/decisions/0047-pipeline.md): every lead starts at `new`; `won` and `lost`
 * close the deal. The portal's labels are `stageLabels`.
 */
export const leadStages = ['new', 'qualified', 'call', 'proposal', 'won', 'lost'] as const;
/** The stages of an open deal: the board's columns, in order. */
export const openStages = ['new', 'qualified', 'call', 'proposal'] as const;
export const stageLabels: Record<(typeof leadStages)[number], string> = {
  new: 'New',
  qualified: 'Qualified',
  call: 'Call booked',
  proposal: 'Proposal sent',
  won: 'Won',
  lost: 'Lost',
};
/** Why a deal was lost; `other` asks for a note. */
export const lostReasons = ['no_budget', 'other_agency', 'no_response', 'not_a_fit', 'timing', 'other'] as const;
export const lostReasonLabels: Record<(typeof lostReasons)[number], string> = {
  no_budget: 'No budget',
  other_agency: 'Chose another agency',
  no_response: 'No response',
  not_a_fit: 'Not a fit',
  timing: 'Timing',
  other: 'Other',
};
/**
 * The forms a lead's requests come from: the contact form, the contact page's short audit form, the intake, a
 * resource's download form (docs/decisions/0041-resource-downloads.md), and a call booked at a scheduler
 * (docs/decisions/0046-bookings-from-the-schedulers.md).
 */
export const leadForms = ['message', 'contact_page', 'intake', 'download', 'booking'] as const;
/** The Leads list's call filters (`call=`): a call on the calendar, or one cancelled or missed (no-show). */
export const callFilters = ['booked', 'missed'] as const;
export type CallFilter = (typeof callFilters)[number];
/** The Leads list's filter of the leads that only asked for files (`form=download_only`). */
export const DOWNLOAD_ONLY = 'download_only';
/**
 * The intake funnel's counters (docs/decisions/0032-attribution-and-dashboard.md): each step of the wizard reached,
 * by its id in src/lib/forms/intake-steps.ts, then the intake sent.
 */
export const funnelSteps = ['company', 'marketing', 'bd', 'goals', 'documents', 'submitted'] as const;

export type SubmissionStatus = (typeof submissionStatuses)[number];
export type MessageStatus = (typeof messageStatuses)[number];
export type PostStatus = (typeof postStatuses)[number];
export type Role = (typeof roles)[number];
export type LeadState = (typeof leadStates)[number];
export type LeadEventKind = (typeof leadEventKinds)[number];
export type LeadForm = (typeof leadForms)[number];
export type FunnelStep = (typeof funnelSteps)[number];
export type LeadStage = (typeof leadStages)[number];

/**
 * Whether a lead reads as a client: its deal is won (reopening it undoes that), or an admin marked it one. Either
 * keeps it past the retention period (docs/privacy.md); the portal and the Leads CSV say it alike.
 */
export const readsAsClient = (lead: { isClient: boolean; stage: string }): boolean =>
  lead.isClient || lead.stage === 'won';
export type OpenStage = (typeof openStages)[number];
export type LostReason = (typeof lostReasons)[number];

/** The order of the roles: each includes what the ones below it may do. */
export const roleRank: Record<Role, number> = { viewer: 1, editor: 2, admin: 3 };

/** Whether the roles held include `needed` or a role above it (admin > editor > viewer). */
export const hasRole = (held: readonly Role[], needed: Role): boolean =>
  held.some((role) => roleRank[role] >= roleRank[needed]);
