/** The replies of `/api/admin/mail` (types only: the portal imports them without any server code). */
import type { OutboxMail } from '../../db/schema.ts';

/** An outbox row as staff see it: who it was for and what became of it, never its body. */
export type MailItem = Pick<
  OutboxMail,
  'id' | 'kind' | 'to' | 'subject' | 'status' | 'attempts' | 'lastError' | 'createdAt' | 'lastAttemptAt' | 'sentAt'
>;

/** The lists of the Mail tab: mail that gave up (`failed`) or failed at least once and is still tried (`retrying`). */
export const mailLists = ['failed', 'retrying'] as const;
export type MailList = (typeof mailLists)[number];

/** The reply of `GET /api/admin/mail/:id`, `POST /api/admin/mail/test` and `POST /api/admin/mail/:id/retry`. */
export interface MailReply {
  mail: MailItem;
}
