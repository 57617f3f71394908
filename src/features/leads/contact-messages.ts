/** Stores a contact message and queues its two mails in one statement. */
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { consent } from '../../lib/forms/consent.ts';
import type { ContactInput } from '../../lib/forms/contact.schema.ts';
import { spamReason } from '../../lib/forms/spam.ts';
import { contactMails } from '../../server/mail/templates.ts';
import type { CountedRequest } from '../../server/rate-limit.ts';
import { storeRequest } from './store-request.ts';

/**
 * Saves the message (flagged, not dropped, when it looks automated) and queues the staff notification
 * and the confirmation, all in the lead of its address (lead-link.ts), in one statement (store-request.ts). The same idempotency key returns the first message's id and writes nothing; `counted`, the
 * client's rate limit, is counted by the same statement (over it, it throws the 429 and writes nothing).
 */
export async function submitContactMessage(
  db: Db,
  input: ContactInput,
  now = new Date(),
  counted?: CountedRequest,
): Promise<{ id: string; duplicate: boolean; spam: boolean }> {
  const reason = spamReason(input);
  const { id, duplicate } = await storeRequest(
    db,
    {
      scope: 'contact',
      idempotencyKey: input.idempotencyKey,
      person: { email: input.email, name: input.name, company: input.company, phone: '' },
      origin: { form: 'message', attribution: input.attribution },
      spam: reason !== null,
      table: contactMessages,
      row: () => ({
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
      }),
      // Staff can review spam in the portal; nobody is mailed about it.
      mails: (id) => contactMails({ id, ...input }),
      counted,
    },
    now,
  );
  return { id, duplicate, spam: !duplicate && reason !== null };
}
