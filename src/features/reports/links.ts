/**
 * The lead's side of a delivered report (docs/decisions/0027-audit-workbench.md): the private link
 * `/report/{token}` opens the frozen version it was made for, and the first opening is recorded for staff.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditReportDeliveries as deliveries } from '../../db/schema.ts';
import type { DeliveredReport } from './contract.ts';
import { notFound } from '../../server/errors.ts';
import { hashReportToken, REPORT_TOKEN } from './token.ts';

/**
 * The delivered version a link opens. A malformed, unknown, expired or revoked link is the same 404, so a
 * visitor learns nothing about which links exist; a malformed one never reaches the database.
 */
export async function openDeliveredReport(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ report: DeliveredReport; deliveryId: string }> {
  if (!REPORT_TOKEN.test(token)) throw notFound('report');
  const [row] = await db
    .select({
      id: deliveries.id,
      content: deliveries.content,
      expiresAt: deliveries.expiresAt,
      revokedAt: deliveries.revokedAt,
      firstOpenedAt: deliveries.firstOpenedAt,
    })
    .from(deliveries)
    .where(eq(deliveries.tokenHash, hashReportToken(token)))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt <= now) throw notFound('report');
  if (!row.firstOpenedAt) {
    // Conditional: of two first openings at once, the one that lands first keeps its time.
    await db
      .update(deliveries)
      .set({ firstOpenedAt: now })
      .where(and(eq(deliveries.id, row.id), isNull(deliveries.firstOpenedAt)));
  }
  return { report: row.content, deliveryId: row.id };
}
