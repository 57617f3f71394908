/**
 * Moving a lead through the pipeline (docs/decisions/0047-pipeline.md): staff set its stage, value, expected close
 * date and, for a lost deal, the reason; a booked call moves a `new` or `qualified` lead to `call` on its own
 * (`stageOnBooking`). Each change is written with a `stage` event on the lead's timeline and a `lead.stage` row in
 * the action log in one transaction, and the lead's closed deal (`closed_deals`) is kept in step: written when it is
 * won or lost, removed when it is reopened.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { closedDeals, downloadRequests, leadEvents, leads, type Lead } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { invalidFields, notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import type { LeadStage, StageChange } from './contract.ts';

/** Who moves a lead when a call is booked: no staff member, the booking itself. */
export const bookingActor: AuditActor = { id: 'system', email: 'booked call' };

/** What a stage change recorded: the stage before and after, and the deal's values after. */
export interface StageChanged {
  from: LeadStage;
  to: LeadStage;
  value: number | null;
  expectedCloseOn: string | null;
}

type Deal = Pick<Lead, 'stage' | 'dealValue' | 'expectedCloseOn' | 'lostReason' | 'lostNote'>;

/** The cross-field rules of a change, each a 422 naming its field. */
function checkRules(change: StageChange): void {
  const fields: Record<string, string> = {};
  if (change.stage === 'lost' && !change.lostReason) fields.lostReason = 'Choose why the deal was lost';
  if (change.stage !== 'lost' && change.lostReason) fields.lostReason = 'Only a lost deal has a reason';
  if (change.stage === 'lost' && change.lostReason === 'other' && !change.lostNote) {
    fields.lostNote = 'Say why the deal was lost';
  }
  if (Object.keys(fields).length) throw invalidFields(fields);
}

/**
 * Keeps the lead's closed deal in step with its stage: a won or lost lead has one row, with its value and first
 * touch as they are now; any other stage has none.
 */
export async function syncClosedDeal(tx: Tx, lead: Lead): Promise<void> {
  if (lead.stage !== 'won' && lead.stage !== 'lost') {
    await tx.delete(closedDeals).where(eq(closedDeals.leadId, lead.id));
    return;
  }
  const [firstDownload] = await tx
    .select({ title: downloadRequests.resourceTitle })
    .from(downloadRequests)
    .where(and(eq(downloadRequests.leadId, lead.id), eq(downloadRequests.isSpam, false)))
    .orderBy(asc(downloadRequests.createdAt), asc(downloadRequests.id))
    .limit(1);
  const row = {
    outcome: lead.stage,
    closedAt: lead.stageEnteredAt,
    value: lead.dealValue ?? 0,
    lostReason: lead.lostReason,
    source: lead.source,
    campaign: lead.attribution?.utmCampaign ?? null,
    landingPath: lead.attribution?.landingPath ?? null,
    resource: firstDownload?.title ?? null,
    firstTouchAt: lead.firstRequestAt,
  };
  await tx
    .insert(closedDeals)
    .values({ leadId: lead.id, ...row })
    .onConflictDoUpdate({ target: closedDeals.leadId, set: row });
}

/**
 * Writes `next` onto the locked lead `lead`, with its timeline event and action-log row, when anything changed;
 * the stage's clock restarts only when the stage changes. Returns what changed, or null.
 */
async function writeDeal(tx: Tx, actor: AuditActor, lead: Lead, next: Deal, at: Date): Promise<StageChanged | null> {
  const same =
    lead.stage === next.stage &&
    lead.dealValue === next.dealValue &&
    lead.expectedCloseOn === next.expectedCloseOn &&
    lead.lostReason === next.lostReason &&
    lead.lostNote === next.lostNote;
  if (same) return null;
  const stageEnteredAt = lead.stage === next.stage ? lead.stageEnteredAt : at;
  const [updated] = await tx
    .update(leads)
    .set({ ...next, stageEnteredAt, updatedAt: at })
    .where(eq(leads.id, lead.id))
    .returning();
  const changed: StageChanged = {
    from: lead.stage,
    to: next.stage,
    value: next.dealValue,
    expectedCloseOn: next.expectedCloseOn,
  };
  await tx.insert(leadEvents).values({
    leadId: lead.id,
    kind: 'stage',
    at,
    actorId: actor.id,
    actorEmail: actor.email,
    body: next.lostNote,
    detail: { ...changed, fromValue: lead.dealValue, lostReason: next.lostReason },
  });
  await recordAudit(
    tx,
    actor,
    'lead.stage',
    { type: 'lead', id: lead.id },
    {
      from: lead.stage,
      to: next.stage,
      value: next.dealValue,
      ...(next.lostReason ? { reason: next.lostReason } : {}),
    },
  );
  await syncClosedDeal(tx, updated!);
  return changed;
}

/**
 * A staff member's change of a lead's stage and deal (`POST /api/admin/leads/:id/stage`): what changed, or null
 * when the lead already had it all (nothing is recorded then). 404 for no such lead, 422 naming the field.
 */
export async function changeStage(
  db: Db,
  actor: AuditActor,
  id: string | undefined,
  change: StageChange,
  now = new Date(),
): Promise<StageChanged | null> {
  if (!isUuid(id)) throw notFound('lead');
  checkRules(change);
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    if (!lead) throw notFound('lead');
    const lost = change.stage === 'lost';
    return writeDeal(
      tx,
      actor,
      lead,
      {
        stage: change.stage,
        dealValue: change.value === undefined ? lead.dealValue : change.value,
        expectedCloseOn: change.expectedCloseOn === undefined ? lead.expectedCloseOn : change.expectedCloseOn,
        lostReason: lost ? change.lostReason! : null,
        lostNote: lost ? (change.lostNote ?? '') : '',
      },
      now,
    );
  });
}

/**
 * A call booked for the lead (the bookings' webhook handler calls this in its own transaction, at the moment
 * the booking was made): a `new` or `qualified` lead moves to `call`, on its timeline and in the action log as
 * the booking's doing. Any other stage is left as it is (a deal further on is not moved back), and so is a lead
 * that is not there. Returns what changed, or null.
 */
export async function stageOnBooking(tx: Tx, leadId: string, at: Date): Promise<StageChanged | null> {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), inArray(leads.stage, ['new', 'qualified'])))
    .for('update');
  if (!lead) return null;
  return writeDeal(tx, bookingActor, lead, { ...lead, stage: 'call' }, at);
}
