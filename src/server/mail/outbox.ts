/** Queues mail in the outbox, inside the caller's transaction (decision 7): mail never blocks a submit. */
import { site } from '../../config/site.ts';
import type { Db, Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { isPreview } from '../platform.ts';
import type { Mail } from './templates.ts';

/**
 * A preview sends mail only to the staff inbox: a mail meant for anyone else (a lead's confirmation, an
 * account link) goes there instead, its subject naming the address it was meant for.
 */
export function addressedForThisSite(mail: Mail): Mail {
  if (!isPreview() || mail.to === site.staffInbox) return mail;
  return { ...mail, to: site.staffInbox, subject: `[Preview, meant for ${mail.to}] ${mail.subject}` };
}

/** Adds mails to the outbox; `keyPrefix` + kind is each mail's idempotency key (one mail per cause). */
export async function enqueueMail(tx: Tx | Db, keyPrefix: string, mails: readonly Mail[]): Promise<void> {
  if (!mails.length) return;
  await tx
    .insert(mailOutbox)
    .values(
      mails.map(addressedForThisSite).map((m) => ({
        idempotencyKey: `${keyPrefix}:${m.kind}`,
        kind: m.kind,
        to: m.to,
        replyTo: m.replyTo ?? null,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.idempotencyKey });
}
