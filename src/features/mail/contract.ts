/** The replies of `/api/admin/mail` (types only: the portal imports them without any server code). */
import type { OutboxMail } from '../../db/schema.ts';

/** An outbox row as staff see it: who it was for and what became of it, never its body. */
export type MailItem = Pick<
  OutboxMail,
  | 'id'
  | 'kind'
  | 'to'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'lastError'
  | 'createdAt'
  | 'lastAttemptAt'
  | 'sentAt'
  | 'delivery'
  | 'deliveryDetail'
>;

/**
 * The lists of the Mail tab: mail that gave up (`failed`), failed at least once and is still tried (`retrying`),
 * or staff mail the provider accepted but could not deliver (`bounced`: bounced, complained or failed after sending).
 */
export const mailLists = ['failed', 'retrying', 'bounced'] as const;
export type MailList = (typeof mailLists)[number];

/** The reply of `GET /api/admin/mail/:id`, `POST /api/admin/mail/test` and `POST /api/admin/mail/:id/retry`. */
export interface MailReply {
  mail: MailItem;
}

/** A mail received on the reply domain that matched no lead (`GET /api/admin/mail/unmatched`): kept aside for an admin. */
export interface UnmatchedMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  newText: string;
  attachments: { name: string; size: number; problem: string | null }[];
  receivedAt: Date;
}
