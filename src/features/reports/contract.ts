/** The replies of `/api/admin/reports` (types only: the portal imports them without any server code). */
import type { SubmissionClock, ReportArea, ReportAreaId, ReportPrefill } from '../../lib/audit-report.ts';
import type { SubmissionStatus } from '../../lib/statuses.ts';

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

/** One delivered (frozen) version of a report. The link itself is shown once, when it is made. */
export interface ReportDelivery {
  id: string;
  version: number;
  deliveredAt: Date;
  deliveredBy: string;
  expiresAt: Date;
  revokedAt: Date | null;
  /** When the lead first opened the link; null until then. */
  firstOpenedAt: Date | null;
}

/** A report opened in the portal: the draft, the rules' first draft beside it, the choices and the clock. */
export interface ReportDetail {
  submissionId: string;
  companyName: string;
  contactName: string;
  contactEmail: string;
  source: 'contact_page' | 'intake';
  status: SubmissionStatus;
  /** Goes up by one with each save; a save names the revision it edits. */
  revision: number;
  summary: string;
  areas: Record<ReportAreaId, ReportArea>;
  prefill: ReportPrefill;
  updatedAt: Date;
  /** Who saved last (email); null while the report is the rules' first draft. */
  updatedBy: string | null;
  packages: ReportPackage[];
  totals: ReportTotals;
  deliveries: ReportDelivery[];
  clock: SubmissionClock;
}

/** The answer to a save. */
export interface ReportSaved {
  revision: number;
  updatedAt: Date;
  updatedBy: string;
  totals: ReportTotals;
}

/** The answer to "Deliver report": the new version and its private link (shown to staff this once). */
export interface ReportDelivered {
  delivery: ReportDelivery;
  link: string;
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
