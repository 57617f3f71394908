/** The report API tests' shared setup: staff, a submission, and calls to /api/admin/reports. */
import { beforeEach } from 'vitest';
import * as reportsFn from '../../../netlify/functions/admin-reports.mts';
import type { ReportArea, ReportAreaId, ReportSave } from '../../../src/lib/audit-report.ts';
import { reportAreaIds } from '../../../src/lib/audit-report.ts';
import type { NewAuditSubmission } from '../../../src/db/schema.ts';
import type { CallOptions } from '../function-harness.ts';
import { addSubmission, request, seedStaff, useAdminDatabase } from '../staff-harness.ts';

/** The database of a report test file (each file also mocks src/features/accounts/session-user.ts, as vi.mock must). */
export function useReportsDatabase() {
  const handle = useAdminDatabase({
    truncate: ['audit_log', 'mail_outbox', 'audit_report_deliveries', 'audit_reports'],
  });
  beforeEach(async () => {
    await seedStaff(handle);
  });
  /** A stored intake (answers as given), `minutesAgo` before the harness's fixed moment. */
  const intake = (answers: Partial<NewAuditSubmission> = {}) =>
    addSubmission(handle, {
      source: 'intake',
      contactName: 'Grace Hopper',
      contactEmail: 'grace@helix.example',
      companyName: 'Helix Labs',
      hasWebsite: false,
      hasLinkedin: true,
      linkedinFrequency: 'weekly',
      leadTracking: ['spreadsheets'],
      outreachTools: 'no',
      bdSetup: 'no-team',
      ...answers,
    });
  return { handle, intake };
}

export const open = (id: string) => request(reportsFn, 'GET', `/api/admin/reports/${id}`);
export const save = (id: string, body: unknown, init: CallOptions = {}) =>
  request(reportsFn, 'PUT', `/api/admin/reports/${id}`, body, init);
export const deliver = (id: string) => request(reportsFn, 'POST', `/api/admin/reports/${id}/deliver`, {});
export const revoke = (id: string, deliveryId: string) =>
  request(reportsFn, 'DELETE', `/api/admin/reports/${id}/deliveries/${deliveryId}`);

/** A save of the draft `areas` with `change` applied to each area (every area scored 3 unless it says). */
export function scoredSave(
  revision: number,
  areas: Record<ReportAreaId, ReportArea>,
  change: (area: ReportArea, id: ReportAreaId) => Partial<ReportArea> = () => ({}),
): ReportSave {
  return {
    revision,
    summary: 'Strong science, quiet marketing.',
    areas: Object.fromEntries(
      reportAreaIds.map((id) => [id, { ...areas[id], score: areas[id].score ?? 3, ...change(areas[id], id) }]),
    ) as Record<ReportAreaId, ReportArea>,
  };
}
