/**
 * Correcting a lead's name, company and phone (docs/privacy.md, "A correction"; decision 42): the lead locked, the
 * new values written, the change on its timeline (a `details` event naming each field's old and new value) and in
 * the action log, in one transaction. Nothing changes, and nothing is recorded, when the values are the same.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadEvents, leads } from '../../db/schema.ts';
import type { LeadDetailsValues } from '../../lib/forms/people.schema.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';

export { leadDetailsSchema } from '../../lib/forms/people.schema.ts';

const FIELDS = ['name', 'company', 'phone'] as const;

/** One field's correction, as the timeline and the action log keep it. */
export interface DetailChange {
  field: (typeof FIELDS)[number];
  from: string;
  to: string;
}

/** Writes the lead's corrected details; the changes made (none when all were the same). */
export async function updateLeadDetails(
  db: Db,
  actor: AuditActor,
  id: string | undefined,
  values: Required<LeadDetailsValues>,
): Promise<DetailChange[]> {
  if (!isUuid(id)) throw notFound('lead');
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    if (!lead) throw notFound('lead');
    const changes = FIELDS.filter((f) => lead[f] !== values[f]).map((f) => ({
      field: f,
      from: lead[f],
      to: values[f],
    }));
    if (!changes.length) return changes;
    await tx
      .update(leads)
      .set({ name: values.name, company: values.company, phone: values.phone, updatedAt: new Date() })
      .where(eq(leads.id, lead.id));
    await tx
      .insert(leadEvents)
      .values({ leadId: lead.id, kind: 'details', actorId: actor.id, actorEmail: actor.email, detail: { changes } });
    await recordAudit(
      tx,
      actor,
      'lead.details',
      { type: 'lead', id: lead.id },
      { fields: changes.map((c) => c.field) },
    );
    return changes;
  });
}
