/** Delivered reports stored as the deliver step stores them, for the tests of the lead's link. */
import type { DbHandle } from '../../src/db/client.ts';
import { auditReportDeliveries, auditSubmissions, type AuditReportDelivery } from '../../src/db/schema.ts';
import type { DeliveredReport } from '../../src/features/reports/contract.ts';
import { newReportToken } from '../../src/features/reports/token.ts';
import { deliveredReport } from '../fixtures/reports.ts';
import { addSubmission } from './staff-harness.ts';

/** The tables a delivery test writes, in the order they empty. */
export const deliveryTables = [auditReportDeliveries, auditSubmissions];

const DAY = 86_400_000;

/** A delivery of `report` (a full one by default) valid for 90 days from now, and its link's token. */
export async function addDelivery(
  handle: DbHandle,
  values: Partial<typeof auditReportDeliveries.$inferInsert> = {},
  report: DeliveredReport = deliveredReport(),
): Promise<{ token: string; row: AuditReportDelivery }> {
  const submission = await addSubmission(handle, { companyName: report.companyName });
  const { token, hash } = newReportToken();
  const [row] = await handle.db
    .insert(auditReportDeliveries)
    .values({
      submissionId: submission.id,
      version: report.version,
      content: report,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + 90 * DAY),
      deliveredById: 'user-editor',
      deliveredByEmail: 'editor@example.com',
      ...values,
    })
    .returning();
  return { token, row: row! };
}
