/**
 * The lead's side of a delivered report (docs/decisions/0027-audit-workbench.md): the private link
 * `/report/{token}` opens the frozen version it was made for. Reading it records nothing: a mail scanner, a link
 * preview or a HEAD fetches it too. The page itself tells the server when it is shown to a person (its script
 * POSTs `/report/{token}/opened`), and only that stamps the first opening, once.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditReportDeliveries as deliveries } from '../../db/schema.ts';
import type { DeliveredReport } from './contract.ts';
import { notFound } from '../../server/errors.ts';
import { hashReportToken, REPORT_TOKEN } from './token.ts';

/** A live delivery of a token: its id and when it was first opened (null: not yet). */
async function liveDelivery(db: Db, token: string, now: Date) {
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
  return row;
}

/**
 * The delivered version a link opens, read only. A malformed, unknown, expired or revoked link is the same 404,
 * so a visitor learns nothing about which links exist; a malformed one never reaches the database.
 */
export async function openDeliveredReport(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ report: DeliveredReport; deliveryId: string }> {
  const row = await liveDelivery(db, token, now);
  return { report: row.content, deliveryId: row.id };
}

/**
 * Records that the page of a live link was shown to someone (the page's own script says so): the first time
 * only, later calls keep it. The same 404 as `openDeliveredReport` for a dead link.
 */
export async function recordFirstOpening(db: Db, token: string, now = new Date()): Promise<void> {
  const row = await liveDelivery(db, token, now);
  if (row.firstOpenedAt) return;
  // Conditional: of two first openings at once, the one that lands first keeps its time.
  await db
    .update(deliveries)
    .set({ firstOpenedAt: now })
    .where(and(eq(deliveries.id, row.id), isNull(deliveries.firstOpenedAt)));
}
