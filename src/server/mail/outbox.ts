/** Queues mail in the outbox, inside the caller's transaction (docs/decisions/0007-mail-through-an-outbox.md): mail never blocks a submit. */
import { and, count, gt, like, ne, sql, type SQL } from 'drizzle-orm';
import { site } from '../../config/site.ts';
import type { Db, Tx } from '../../db/client.ts';
import { leads, mailOutbox, type mailStatuses } from '../../db/schema.ts';
import { isPreview } from '../../config/platform.ts';
import { seal } from './sealed.ts';
import type { Mail } from './templates.ts';

/**
 * How many confirmations (`*.confirmation`: the mail to the address a visitor typed) are sent: per
 * recipient address a day, and site-wide an hour. One over a cap is recorded as `capped` and never sent,
 * so the forms cannot flood an inbox from our domain. Staff notifications and account mails (which have
 * better-auth's own limits) are never capped.
 */
export const CONFIRMATION_CAPS = { perRecipientPerDay: 3, siteWidePerHour: 100 } as const;

type MailStatus = (typeof mailStatuses)[number];

/**
 * A preview sends mail only to the staff inbox: a mail meant for anyone else (a lead's confirmation, an
 * account link) goes there instead, its subject naming the address it was meant for.
 */
export function addressedForThisSite(mail: Mail): Mail {
  if (!isPreview() || mail.to === site.staffInbox) return mail;
  return { ...mail, to: site.staffInbox, subject: `[Preview, meant for ${mail.to}] ${mail.subject}` };
}

/** Whether a mail is a confirmation to a visitor's typed address (the kind the caps count). */
export const isConfirmation = (kind: string): boolean => kind.endsWith('.confirmation');

/** Confirmations in the outbox that were queued for sending (not capped) and match `where`. */
async function queuedConfirmations(tx: Tx | Db, where: SQL): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(like(mailOutbox.kind, '%.confirmation'), ne(mailOutbox.status, 'capped'), where));
  return row?.n ?? 0;
}

/** The status each mail is queued with: `capped` for a confirmation over a cap, else `pending`. */
async function statusesUnderCaps(tx: Tx | Db, mails: readonly Mail[]): Promise<MailStatus[]> {
  if (!mails.some((m) => isConfirmation(m.kind))) return mails.map(() => 'pending');
  // Two submits at once would each count the same rows and both pass; this lock, held until the
  // transaction ends, makes them count one after the other. Only confirmations take it.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mail_outbox:confirmation_caps'))`);
  let lastHour = await queuedConfirmations(tx, gt(mailOutbox.createdAt, sql`now() - interval '1 hour'`));
  const lastDay = new Map<string, number>();
  const statuses: MailStatus[] = [];
  for (const mail of mails) {
    if (!isConfirmation(mail.kind)) {
      statuses.push('pending');
      continue;
    }
    const to = mail.to.toLowerCase();
    const sentTo =
      lastDay.get(to) ??
      (await queuedConfirmations(
        tx,
        and(sql`lower(${mailOutbox.to}) = ${to}`, gt(mailOutbox.createdAt, sql`now() - interval '24 hours'`))!,
      ));
    const capped = sentTo >= CONFIRMATION_CAPS.perRecipientPerDay || lastHour >= CONFIRMATION_CAPS.siteWidePerHour;
    statuses.push(capped ? 'capped' : 'pending');
    lastDay.set(to, capped ? sentTo : sentTo + 1);
    if (!capped) lastHour++;
  }
  return statuses;
}

/**
 * Adds mails to the outbox; `keyPrefix` + kind is each mail's idempotency key (one mail per cause). A
 * confirmation over a cap is written with status `capped`, which the sender never picks up. Resolves with
 * the id of each mail written, by idempotency key (a key already in the outbox writes nothing).
 */
export async function enqueueMail(
  tx: Tx | Db,
  keyPrefix: string,
  mails: readonly Mail[],
): Promise<Map<string, string>> {
  if (!mails.length) return new Map();
  const addressed = mails.map(addressedForThisSite);
  const statuses = await statusesUnderCaps(tx, addressed);
  const inserted = await tx
    .insert(mailOutbox)
    .values(
      addressed.map((m, i) => ({
        idempotencyKey: `${keyPrefix}:${m.kind}`,
        kind: m.kind,
        to: m.to,
        replyTo: m.replyTo ?? null,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
        sealed: m.sealed ? seal(m.sealed) : null,
        status: statuses[i],
        // A mail written to a lead is the lead's (its timeline shows it), found by the address it was written
        // to, also on a preview that sends it to the staff inbox instead. Staff mail never is, whatever its address.
        leadId: mails[i]!.toLead ? leadOf(mails[i]!.to) : null,
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
    .returning({ id: mailOutbox.id, key: mailOutbox.idempotencyKey });
  return new Map(inserted.map((row) => [row.key, row.id]));
}

/** The id of the lead of `address` (docs/decisions/0030-leads.md), or null: a subquery of the insert. */
const leadOf = (address: string) =>
  sql`(select ${leads.id} from ${leads} where ${leads.emailKey} = ${address.trim().toLowerCase()})`;
