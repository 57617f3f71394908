/** Stores a contact message and queues its two mails in one transaction. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contactMessages, idempotencyKeys } from '../db/schema.ts';
import { consent } from '../lib/forms/consent.ts';
import type { ContactInput } from '../lib/forms/contact.schema.ts';
import { spamReason } from '../lib/forms/spam.ts';
import { enqueueMail } from './mail/outbox.ts';
import { contactMails } from './mail/templates.ts';

/**
 * Saves the message (flagged, not dropped, when it looks automated) and queues the staff notification
 * and the confirmation. The same idempotency key returns the first message's id and writes nothing.
 */
export async function submitContactMessage(
  db: Db,
  input: ContactInput,
  now = new Date(),
): Promise<{ id: string; duplicate: boolean; spam: boolean }> {
  const reason = spamReason(input, now.getTime());
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: idempotencyKeys.resourceId })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, `contact:${input.idempotencyKey}`));
    if (existing) return { id: existing.id, duplicate: true, spam: false };

    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        company: input.company,
        message: input.message,
        subscribe: input.subscribe,
        consentVersion: consent.contact.version,
        consentedAt: now,
        isSpam: reason !== null,
        spamReason: reason,
      })
      .returning({ id: contactMessages.id });
    const id = row!.id;
    await tx
      .insert(idempotencyKeys)
      .values({ key: `contact:${input.idempotencyKey}`, scope: 'contact', resourceId: id });
    // Staff can review spam in the portal; nobody is mailed about it.
    if (!reason) await enqueueMail(tx, `contact:${id}`, contactMails({ id, ...input }));
    return { id, duplicate: false, spam: reason !== null };
  });
}
