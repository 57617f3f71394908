/** Stores a contact message and queues its two mails in one transaction. */
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { consent } from '../../lib/forms/consent.ts';
import type { ContactInput } from '../../lib/forms/contact.schema.ts';
import { spamReason } from '../../lib/forms/spam.ts';
import { claimSubmitKey } from '../../server/idempotency.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { contactMails } from '../../server/mail/templates.ts';
import { attachToLead } from './lead-link.ts';

/**
 * Saves the message (flagged, not dropped, when it looks automated) and queues the staff notification
 * and the confirmation, all in the lead of its address (lead-link.ts). The same idempotency key returns the first message's id and writes nothing.
 */
export async function submitContactMessage(
  db: Db,
  input: ContactInput,
  now = new Date(),
): Promise<{ id: string; duplicate: boolean; spam: boolean }> {
  const reason = spamReason(input);
  return db.transaction(async (tx) => {
    const { id, duplicate } = await claimSubmitKey(tx, 'contact', input.idempotencyKey);
    if (duplicate) return { id, duplicate, spam: false };

    const person = { email: input.email, name: input.name, company: input.company, phone: '' };
    const leadId = await attachToLead(tx, person, now, reason !== null, {
      form: 'message',
      attribution: input.attribution,
    });
    await tx.insert(contactMessages).values({
      id,
      leadId,
      name: input.name,
      email: input.email,
      company: input.company,
      message: input.message,
      subscribe: input.subscribe,
      consentVersion: consent.contact.version,
      consentedAt: now,
      isSpam: reason !== null,
      spamReason: reason,
      attribution: input.attribution ?? null,
    });
    // Staff can review spam in the portal; nobody is mailed about it.
    if (!reason) await enqueueMail(tx, `contact:${id}`, contactMails({ id, ...input }), now);
    return { id, duplicate: false, spam: reason !== null };
  });
}
