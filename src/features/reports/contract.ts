/**
 * The reports' contract, browser-safe: the report's shape, save schema and clock (src/lib/audit-report.ts, which
 * the database schema shares), the packages' billing and budget (totals.ts), and the replies of
 * `/api/admin/reports`. The portal and the functions import them from here.
 */
import type {
  ReportArea,
  ReportAreaId,
  ReportPackage,
  ReportPrefill,
  ReportTotals,
  SubmissionClock,
} from '../../lib/audit-report.ts';
import type { SubmissionStatus } from '../../lib/statuses.ts';

export * from '../../lib/audit-report.ts';
export * from './totals.ts';

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
