/**
 * Working a lead (docs/decisions/0030-leads.md): its owner, notes, a reply from the portal and a response made
 * elsewhere. Each change locks the lead, writes its timeline event, its audit-log row and its mail (through
 * the outbox) in one transaction: a change that rolls back leaves none of them.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { site } from '../../config/site.ts';
import type { Db, Tx } from '../../db/client.ts';
import { contactMessages, leadEvents, leads, users, type Lead } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { ApiError, invalidFields, notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { enqueueMail, leadReplyAddress } from '../../server/mail/outbox.ts';
import { replyDomain } from '../../config/platform.ts';
import { NOTE_DELETE_MINUTES, type StaffName, type TimelineEntry } from './contract.ts';
import { leadAssignedMail, leadReplyMail } from './lead-mail.ts';
import { workingOwner } from './mail-event-parts.ts';
import { staffWithRole } from './leads.ts';

/** The staff member acting: their id, address and name (a `SessionUser`). */
export type LeadActor = AuditActor & { name: string };

const l = leads;

/** The lead, locked until the transaction ends; 404 when there is none. */
async function lockLead(tx: Tx, id: string | undefined): Promise<Lead> {
  if (!isUuid(id)) throw notFound('lead');
  const [lead] = await tx.select().from(l).where(eq(l.id, id)).for('update');
  if (!lead) throw notFound('lead');
  return lead;
}

/** A staff member who holds a role, by id; a 422 on `ownerId` otherwise. */
async function staffMember(tx: Tx, id: string): Promise<StaffName> {
  const [member] = await staffWithRole(tx).where(eq(users.id, id)).limit(1);
  if (!member) throw invalidFields({ ownerId: 'Choose a staff member who holds a role' });
  return member;
}

/**
 * Gives the lead to `ownerId` (a staff member with a role) or to nobody (null). A real change is a timeline
 * event and an audit row; the new owner, unless they claimed it themselves, gets a mail with the link.
 */
export async function assignLead(
  db: Db,
  actor: LeadActor,
  id: string | undefined,
  ownerId: string | null,
  /** The site's address for the new owner's link: the request's origin (mailOrigin). */
  origin?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const lead = await lockLead(tx, id);
    if (lead.ownerId === ownerId) return;
    const to = ownerId ? await staffMember(tx, ownerId) : null;
    const [from] = lead.ownerId
      ? await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, lead.ownerId))
      : [];
    const detail = {
      from: lead.ownerId,
      fromName: from?.name ?? null,
      fromEmail: from?.email ?? null,
      to: to?.id ?? null,
      toName: to?.name ?? null,
      toEmail: to?.email ?? null,
    };
    const eventId = randomUUID();
    await tx.insert(leadEvents).values({
      id: eventId,
      leadId: lead.id,
      kind: 'owner',
      actorId: actor.id,
      actorEmail: actor.email,
      detail,
    });
    await tx
      .update(l)
      .set({ ownerId: to?.id ?? null, updatedAt: new Date() })
      .where(eq(l.id, lead.id));
    await recordAudit(tx, actor, 'lead.owner', { type: 'lead', id: lead.id }, detail);
    if (to && to.id !== actor.id) {
      await enqueueMail(tx, `lead-owner:${eventId}`, [
        leadAssignedMail({ ...lead, ownerEmail: to.email, assignedBy: actor.name || actor.email, origin }),
      ]);
    }
  });
}

/** Adds a plain-text note to the lead's timeline. */
export async function addNote(
  db: Db,
  actor: LeadActor,
  id: string | undefined,
  body: string,
  now = new Date(),
): Promise<Extract<TimelineEntry, { kind: 'note' }>> {
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, id);
    const [note] = await tx
      .insert(leadEvents)
      .values({ leadId: lead.id, kind: 'note', at: now, actorId: actor.id, actorEmail: actor.email, body })
      .returning();
    await recordAudit(tx, actor, 'lead.note', { type: 'lead', id: lead.id }, { noteId: note!.id });
    return {
      kind: 'note',
      at: note!.at,
      id: note!.id,
      body: note!.body,
      authorId: note!.actorId,
      authorEmail: note!.actorEmail,
      deletableUntil: new Date(note!.at.getTime() + NOTE_DELETE_MINUTES * 60_000),
    };
  });
}

/** Deletes a note: only its author, and only within 15 minutes of writing it (403 `not_author`, 409 `too_late`). */
export async function deleteNote(
  db: Db,
  actor: LeadActor,
  id: string | undefined,
  noteId: string | undefined,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const lead = await lockLead(tx, id);
    if (!isUuid(noteId)) throw notFound('note');
    const where = and(eq(leadEvents.id, noteId), eq(leadEvents.leadId, lead.id), eq(leadEvents.kind, 'note'));
    const [note] = await tx.select().from(leadEvents).where(where);
    if (!note) throw notFound('note');
    if (note.actorId !== actor.id) throw new ApiError(403, 'not_author', 'Only the author of a note may delete it.');
    if (now.getTime() > note.at.getTime() + NOTE_DELETE_MINUTES * 60_000) {
      throw new ApiError(
        409,
        'too_late',
        `A note can be deleted only within ${NOTE_DELETE_MINUTES} minutes of writing it.`,
      );
    }
    await tx.delete(leadEvents).where(where);
    await recordAudit(tx, actor, 'lead.note-delete', { type: 'lead', id: lead.id }, { noteId });
  });
}

/**
 * The lead has been answered at `now`: the first response is stamped (once), the wait and its alerts end, and
 * each of its contact messages not yet replied becomes replied (audited, `via` saying how). A reply from the
 * portal is also the lead's latest activity (a mail to it); an answer made elsewhere is not.
 */
async function answered(tx: Tx, actor: AuditActor, lead: Lead, now: Date, via: 'reply' | 'answered-elsewhere') {
  const open = await tx
    .select({ id: contactMessages.id, status: contactMessages.status })
    .from(contactMessages)
    .where(and(eq(contactMessages.leadId, lead.id), ne(contactMessages.status, 'replied')))
    .for('update');
  for (const message of open) {
    await tx
      .update(contactMessages)
      .set({ status: 'replied', updatedAt: now })
      .where(eq(contactMessages.id, message.id));
    await recordAudit(
      tx,
      actor,
      'message.status',
      { type: 'message', id: message.id },
      {
        from: message.status,
        to: 'replied',
        via,
      },
    );
  }
  await tx
    .update(l)
    .set({
      firstResponseAt: lead.firstResponseAt ?? now,
      lastResponseAt: now,
      awaitingSince: null,
      responseDueAt: null,
      dueSoonAlertedAt: null,
      overdueAlertedAt: null,
      updatedAt: now,
      ...(via === 'reply' && { lastActivityAt: now }),
    })
    .where(eq(l.id, lead.id));
}

/**
 * Where a lead's answer to our reply goes: its own `reply+<token>@MAIL_REPLY_DOMAIN` when replies are set up (the
 * answer lands on its timeline), else its owner while they are staff, else the staff inbox.
 */
export async function replyAddress(
  tx: Tx | Db,
  lead: Pick<Lead, 'replyToken' | 'ownerId'>,
): Promise<{ address: string; toTimeline: boolean }> {
  const domain = replyDomain();
  if (domain) return { address: leadReplyAddress(lead.replyToken, domain), toTimeline: true };
  return { address: (await workingOwner(tx, lead.ownerId))?.email ?? site.staffInbox, toTimeline: false };
}

/**
 * Writes to the lead from the portal: a plain-text mail through the outbox, Reply-To the lead's owner (or the
 * staff inbox), signed by the staff member; it answers the lead (see `answered`).
 */
export async function replyToLead(
  db: Db,
  actor: LeadActor,
  id: string | undefined,
  { confirm = false, ...reply }: { subject: string; body: string; confirm?: boolean },
  now = new Date(),
): Promise<Extract<TimelineEntry, { kind: 'reply' }>> {
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, id);
    // The reply form warns first: an address that bounced or complained gets a reply only once confirmed.
    if ((lead.undeliverableAt || lead.complainedAt) && !confirm) {
      throw new ApiError(
        409,
        'confirm_needed',
        lead.complainedAt
          ? `${lead.email} marked our mail as spam: send this reply only if they asked for it (confirm to send).`
          : `Mail to ${lead.email} bounced (${lead.undeliverableReason ?? 'undeliverable'}): confirm to send anyway.`,
      );
    }
    const { address: replyTo } = await replyAddress(tx, lead);
    const eventId = randomUUID();
    const key = `lead-reply:${eventId}`;
    const mail = { ...leadReplyMail({ to: lead.email, replyTo, ...reply, signedBy: actor.name }), confirmed: confirm };
    const mailIds = await enqueueMail(tx, key, [mail]);
    const mailId = mailIds.get(`${key}:${mail.kind}`) ?? null;
    const [event] = await tx
      .insert(leadEvents)
      .values({
        id: eventId,
        leadId: lead.id,
        kind: 'reply',
        at: now,
        actorId: actor.id,
        actorEmail: actor.email,
        subject: reply.subject,
        body: reply.body,
        detail: { replyTo },
        mailId,
      })
      .returning();
    await recordAudit(tx, actor, 'lead.reply', { type: 'lead', id: lead.id }, { subject: reply.subject, mailId });
    await answered(tx, actor, lead, now, 'reply');
    return {
      kind: 'reply',
      at: event!.at,
      id: event!.id,
      subject: event!.subject,
      body: event!.body,
      actorEmail: event!.actorEmail,
      replyTo,
      mail: { mailKind: mail.kind, subject: mail.subject, status: 'pending', sentAt: null, lastError: null },
    };
  });
}

/** Records a response made outside the portal (a call, a staff member's own mailbox), with how. */
export async function answeredElsewhere(
  db: Db,
  actor: LeadActor,
  id: string | undefined,
  note: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const lead = await lockLead(tx, id);
    const [event] = await tx
      .insert(leadEvents)
      .values({ leadId: lead.id, kind: 'elsewhere', at: now, actorId: actor.id, actorEmail: actor.email, body: note })
      .returning({ id: leadEvents.id });
    await recordAudit(tx, actor, 'lead.answered-elsewhere', { type: 'lead', id: lead.id }, { eventId: event!.id });
    await answered(tx, actor, lead, now, 'answered-elsewhere');
  });
}
