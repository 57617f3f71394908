/** The replies of `/api/admin/messages` (types only: the portal imports them without any server code). */
import type { ContactMessage } from '../../db/schema.ts';

/** A message as the list shows it: the whole row (the list shows its text). */
export type MessageListItem = ContactMessage;
