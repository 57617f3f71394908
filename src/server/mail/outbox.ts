/** Queues mail in the outbox, inside the caller's transaction (decision 7): mail never blocks a submit. */
import type { Db, Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { Mail } from './templates.ts';

/** Adds mails to the outbox; `keyPrefix` + kind is each mail's idempotency key (one mail per cause). */
export async function enqueueMail(tx: Tx | Db, keyPrefix: string, mails: readonly Mail[]): Promise<void> {
  if (!mails.length) return;
  await tx
    .insert(mailOutbox)
    .values(
      mails.map((m) => ({
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
