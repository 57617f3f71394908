/**
 * The Lift Audit™ report, as the portal edits it and the server stores, prefills and delivers it
 * (docs/decisions/0027-audit-workbench.md). Browser-safe: the portal's editor, the server's services and the
 * lead's report page all read the same areas, scores, schemas and clock from here.
 */
import * as z from 'zod/mini';

/** The two halves of the audit, as the audit page presents them. */
export const reportGroups = [
  { id: 'marketing', title: 'Marketing Evaluation' },
  { id: 'bd', title: 'Business Development Review' },
] as const;
export type ReportGroupId = (typeof reportGroups)[number]['id'];

/** The ten areas the audit page promises, in its order: five per group. */
export const reportAreas = [
  { id: 'website', group: 'marketing', title: 'Website structure, SEO and investor UX' },
  { id: 'linkedin', group: 'marketing', title: 'LinkedIn presence and messaging' },
  { id: 'collateral', group: 'marketing', title: 'Sales collateral and pitch deck' },
  { id: 'events', group: 'marketing', title: 'Event materials and conference branding' },
  { id: 'thoughtLeadership', group: 'marketing', title: 'Thought leadership consistency' },
  { id: 'leadGeneration', group: 'bd', title: 'Lead generation tactics and messaging' },
  { id: 'crm', group: 'bd', title: 'CRM and pipeline systems' },
  { id: 'outreach', group: 'bd', title: 'Cold outreach and follow-up' },
  { id: 'bdTools', group: 'bd', title: 'BD team tools and processes' },
  { id: 'teamSetup', group: 'bd', title: 'Teams with or without dedicated BD staff' },
] as const satisfies readonly { id: string; group: ReportGroupId; title: string }[];
export type ReportAreaId = (typeof reportAreas)[number]['id'];
export const reportAreaIds = reportAreas.map((a) => a.id) as [ReportAreaId, ...ReportAreaId[]];

/** A score from 0 (absent) to 5 (exemplary); what each means, for the editor and the lead's page. */
export const scoreMeanings = ['Absent', 'Weak', 'Basic', 'Fair', 'Strong', 'Exemplary'] as const;
export const MAX_SCORE = 5;

/** Lengths an editor can write without limit in practice, and a bound on what one save may carry. */
export const REPORT_TEXT_MAX = 5000;
export const SUMMARY_MAX = 3000;

/**
 * The most a save's JSON may weigh: every text at its limit (ten areas of two texts, the summary) at up to 4
 * bytes a character once encoded, with room for the keys. Larger bodies are refused (413) before parsing.
 */
export const REPORT_SAVE_MAX_BYTES = (reportAreas.length * 2 * REPORT_TEXT_MAX + SUMMARY_MAX) * 4 + 16 * 1024;

/** One area as staff write it: score (null until someone scores it), findings, recommendations, a package. */
export const reportAreaSchema = z.object({
  score: z.nullable(z.int().check(z.minimum(0), z.maximum(MAX_SCORE))),
  findings: z.string().check(z.maxLength(REPORT_TEXT_MAX, `At most ${REPORT_TEXT_MAX} characters`)),
  recommendations: z.string().check(z.maxLength(REPORT_TEXT_MAX, `At most ${REPORT_TEXT_MAX} characters`)),
  /** The file name (without extension) of a package in content/packages, or null. */
  packageSlug: z.nullable(z.string().check(z.maxLength(100))),
});
export type ReportArea = z.infer<typeof reportAreaSchema>;

export const emptyArea = (): ReportArea => ({ score: null, findings: '', recommendations: '', packageSlug: null });

/** The body of a save (`PUT /api/admin/reports/:submissionId`): the whole draft and the revision it edits. */
export const reportSaveSchema = z.object({
  /** The revision the editor loaded; a save over a newer one is refused (409), so no edit is lost silently. */
  revision: z.int().check(z.minimum(0)),
  summary: z.string().check(z.maxLength(SUMMARY_MAX, `At most ${SUMMARY_MAX} characters`)),
  areas: z.record(z.enum(reportAreaIds), reportAreaSchema),
});
export type ReportSave = z.infer<typeof reportSaveSchema>;

/** One answer of the lead that a prefill rule read, as the editor shows it beside the score. */
export interface PrefillReason {
  /** The form field (`hasWebsite`, `leadTracking`…). */
  field: string;
  /** Its question, as the intake asked it. */
  label: string;
  /** The answer, in words (option labels, "Yes"/"No", "not answered"). */
  answer: string;
  /** What the rule concluded from it, one sentence. */
  note: string;
}

/** What the rules made of an area: the score they suggest and the answers behind it; null: no answers for it. */
export interface AreaPrefill {
  score: number;
  reasons: PrefillReason[];
}

export type ReportPrefill = Record<ReportAreaId, AreaPrefill | null>;

// The clock: the site promises a review within 24 hours and the audit within 72.
export const REVIEW_DUE_HOURS = 24;
export const AUDIT_DUE_HOURS = 72;
const HOUR = 3_600_000;

export interface SubmissionClock {
  reviewDueAt: Date;
  auditDueAt: Date;
  /** Still pending after the review was due. */
  reviewOverdue: boolean;
  /** Not completed (delivered) after the audit was due. */
  auditOverdue: boolean;
}

/** When a submission's review and audit are due, and whether either is overdue `now`. */
export function submissionClock(
  createdAt: Date,
  status: 'pending' | 'reviewed' | 'completed',
  now = new Date(),
): SubmissionClock {
  const reviewDueAt = new Date(createdAt.getTime() + REVIEW_DUE_HOURS * HOUR);
  const auditDueAt = new Date(createdAt.getTime() + AUDIT_DUE_HOURS * HOUR);
  return {
    reviewDueAt,
    auditDueAt,
    reviewOverdue: status === 'pending' && now > reviewDueAt,
    auditOverdue: status !== 'completed' && now > auditDueAt,
  };
}

/** How long a delivered report's private link works. */
export const REPORT_LINK_DAYS = 90;

/*
 * What a delivered report is made of: stored whole as the delivery's JSON (src/db/schema.ts), drawn by the
 * lead's page and PDF, and sent to the portal (the reports contract re-exports them).
 */

/** How a package is paid for: `monthly` (its period says "per month"), `one-off` (per video, per item), or `custom` (no price). */
export type PackageBilling = 'monthly' | 'one-off' | 'custom';

/** A package of content/packages that an area may recommend. */
export interface ReportPackage {
  slug: string;
  title: string;
  /** In U.S. dollars; null for a package priced on request (the custom retainer). */
  price: number | null;
  /** As the packages page prints it: `per month`, `per video`… */
  period: string;
  billing: PackageBilling;
}

/** The suggested budget: each recommended package once per area that recommends it. */
export interface ReportTotals {
  monthly: number;
  oneOff: number;
  /** Recommended packages with no price (the custom retainer): named, not summed. */
  onRequest: string[];
}

/** One area as the lead reads it in a delivered version. */
export interface DeliveredArea {
  id: ReportAreaId;
  title: string;
  group: 'marketing' | 'bd';
  /** Null: not scored (an area the short form had no answers for, left unscored by staff). */
  score: number | null;
  findings: string;
  recommendations: string;
  package: ReportPackage | null;
}

/** A delivered version, frozen: what `/report/{token}` and its PDF show, whatever the draft becomes later. */
export interface DeliveredReport {
  companyName: string;
  contactName: string;
  version: number;
  /** ISO time of the delivery. */
  deliveredAt: string;
  summary: string;
  areas: DeliveredArea[];
  totals: ReportTotals;
}
