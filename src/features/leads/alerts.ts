/**
 * Alerts before a response promise breaks (the scheduled function lead-alerts.mts, every 15 minutes). A lead
 * waits from `awaiting_since` until `response_due_at`; each wait may raise two alerts, each once:
 *
 * - due soon: its response is due within DUE_SOON_HOURS and not yet past: a mail to its owner (the staff inbox
 *   while nobody owns it), stamped in `due_soon_alerted_at`;
 * - overdue: its response time has passed: a mail to the staff inbox, stamped in `overdue_alerted_at`.
 *
 * With Slack set up (src/server/mail/slack.ts) each alert is also posted there. Spam leads and answered ones
 * (`awaiting_since` null) get nothing. Each lead is alerted in its own transaction, which locks the lead, checks
 * it again and queues the mail with the stamp; the idempotency key holds the lead, the wait (`awaiting_since`,
 * epoch ms) and the stage, so not even two runs at once send an alert twice, and a new wait alerts anew.
 */
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { enqueueSlack, slackWebhookUrl } from '../../server/mail/slack.ts';
import { leadAlertMail, leadAlertSlack, type AlertLead, type AlertStage } from './alert-mail.ts';
import { workingOwner } from './mail-event-parts.ts';

/** How long before its due time a waiting lead's owner is alerted. */
export const DUE_SOON_HOURS = 4;

/** Most leads one run alerts (the rest wait for the next run), so a run stays well within a function's time. */
export const ALERTS_PER_RUN = 100;

export interface AlertRun {
  /** Due-soon mails queued this run. */
  dueSoon: number;
  /** Overdue mails queued this run. */
  overdue: number;
  /** Slack posts queued this run. */
  slack: number;
}

const l = leads;

/** Which alert a lead is owed at `now`, by the SQL of its columns. */
const owed = (now: Date) => {
  const soon = new Date(now.getTime() + DUE_SOON_HOURS * 3_600_000);
  return {
    dueSoon: and(gt(l.responseDueAt, now), lte(l.responseDueAt, soon), isNull(l.dueSoonAlertedAt))!,
    overdue: and(lte(l.responseDueAt, now), isNull(l.overdueAlertedAt))!,
    waiting: and(eq(l.isSpam, false), isNotNull(l.awaitingSince), lte(l.responseDueAt, soon))!,
  };
};

/** The idempotency-key prefix of one wait's alerts (the stage is the kind the outbox appends). */
export const alertKey = (leadId: string, awaitingSince: Date): string =>
  `lead-alert:${leadId}:${awaitingSince.getTime()}`;

/**
 * Queues every alert owed at `now`; Slack posts too when `slack` (a webhook is set up). Resolves with how many
 * were queued.
 */
export async function queueLeadAlerts(db: Db, now = new Date(), slack = slackWebhookUrl() !== null): Promise<AlertRun> {
  const { dueSoon, overdue, waiting } = owed(now);
  // The due soon first (their due times are the latest), then the most recently overdue.
  const candidates = await db
    .select({ id: l.id })
    .from(l)
    .where(and(waiting, or(dueSoon, overdue)))
    .orderBy(desc(l.responseDueAt))
    .limit(ALERTS_PER_RUN);
  const run: AlertRun = { dueSoon: 0, overdue: 0, slack: 0 };
  for (const { id } of candidates) {
    const queued = await alertLead(db, id, now, slack);
    if (!queued) continue;
    run[queued.stage === 'overdue' ? 'overdue' : 'dueSoon'] += queued.mail;
    run.slack += queued.slack;
  }
  return run;
}

/** Alerts one lead, if it is still owed an alert once locked; resolves with the stage and the rows written. */
async function alertLead(
  db: Db,
  id: string,
  now: Date,
  slack: boolean,
): Promise<{ stage: AlertStage; mail: number; slack: number } | null> {
  const { dueSoon, overdue, waiting } = owed(now);
  return db.transaction(async (tx) => {
    // Locked, and read again: a response or another run may have come first.
    const [lead] = await tx
      .select({
        id: l.id,
        name: l.name,
        company: l.company,
        email: l.email,
        phone: l.phone,
        ownerId: l.ownerId,
        awaitingSince: l.awaitingSince,
        responseDueAt: l.responseDueAt,
        overdue: sql<boolean>`${overdue}`,
        dueSoon: sql<boolean>`${dueSoon}`,
      })
      .from(l)
      .where(and(eq(l.id, id), waiting))
      .for('update');
    if (!lead?.awaitingSince || !lead.responseDueAt || !(lead.overdue || lead.dueSoon)) return null;
    const stage: AlertStage = lead.overdue ? 'overdue' : 'due-soon';
    const owner = await workingOwner(tx, lead.ownerId);
    const subject: AlertLead = {
      ...lead,
      awaitingSince: lead.awaitingSince,
      responseDueAt: lead.responseDueAt,
      owner: owner && { name: owner.name, email: owner.email },
    };
    const key = alertKey(lead.id, lead.awaitingSince);
    const mails = await enqueueMail(tx, key, [leadAlertMail(stage, subject, now)]);
    const posts = slack ? await enqueueSlack(tx, key, [leadAlertSlack(stage, subject)]) : new Map();
    await tx
      .update(l)
      .set(stage === 'overdue' ? { overdueAlertedAt: now } : { dueSoonAlertedAt: now })
      .where(eq(l.id, lead.id));
    return { stage, mail: mails.size, slack: posts.size };
  });
}
