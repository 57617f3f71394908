/** The client flag of a lead (docs/privacy.md): a client's lead is kept past the retention period. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { findLead } from './person.ts';

/** Marks the lead of `id` as a client or not; a real change is logged as `lead.client`. */
export async function setClient(db: Db, actor: AuditActor, id: string | undefined, isClient: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const lead = await findLead(tx, id, true);
    if (lead.isClient === isClient) return;
    await tx.update(leads).set({ isClient, updatedAt: new Date() }).where(eq(leads.id, lead.id));
    await recordAudit(tx, actor, 'lead.client', { type: 'lead', id: lead.id }, { from: lead.isClient, to: isClient });
  });
}
