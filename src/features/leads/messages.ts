/**
 * Contact messages for staff (docs/decisions/0012-staff-lists-page-filter-search-export.md): the paged list, the CSV export, opening one (which reads it)
 * and setting its status.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages, messageStatuses, type ContactMessage } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { listWhere, readListQuery, tableListing, type ListQuery } from '../../server/list-query.ts';
import type { ListPage } from '../../lib/list-page.ts';
import type { MessageListItem } from './contract.ts';
import { changeStatus } from './status-change.ts';

export type MessageQuery = ListQuery<(typeof messageStatuses)[number]>;

/** The messages filters of a list or export URL. */
export const messagesQuery = (url: URL): MessageQuery => readListQuery(url, messageStatuses);

const m = contactMessages;
const where = (query: MessageQuery) =>
  listWhere(query, { status: m.status, isSpam: m.isSpam, search: [m.name, m.email, m.company] });
const listing = tableListing(m, where, [desc(m.createdAt), desc(m.id)]);

/** One page of the messages that match, newest first (whole messages: the list shows their text). */
export const listMessages: (db: Db, query: MessageQuery) => Promise<ListPage<MessageListItem>> = listing.page;

/** Every message that matches (all pages), every column, as CSV. */
export const exportMessages = listing.csv;

/**
 * A message as a viewer opens it: an unread message becomes read (opening is reading, docs/product.md);
 * a read or replied one stays as it is. One conditional UPDATE, so two staff opening it at once agree.
 * That first opening is a status change like any other, so it is recorded (`via: 'open'`): the log then
 * says who first read a lead, and it happens once a message, so it cannot flood the log.
 */
export async function openMessage(db: Db, actor: AuditActor, id: string | undefined): Promise<ContactMessage> {
  if (!isUuid(id)) throw notFound('message');
  const opened = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(m)
      .set({ status: 'read', updatedAt: new Date() })
      .where(and(eq(m.id, id), eq(m.status, 'unread')))
      .returning();
    if (row)
      await recordAudit(
        tx,
        actor,
        'message.status',
        { type: 'message', id },
        { from: 'unread', to: 'read', via: 'open' },
      );
    return row;
  });
  if (opened) return opened;
  const [row] = await db.select().from(m).where(eq(m.id, id));
  if (!row) throw notFound('message');
  return row;
}

/** Sets a message's status (any of the three) and stamps updated_at; a real change is audited (status-change.ts). */
export async function updateMessageStatus(
  db: Db,
  actor: AuditActor,
  id: string | undefined,
  status: ContactMessage['status'],
): Promise<ContactMessage> {
  if (!isUuid(id)) throw notFound('message');
  return changeStatus(db, actor, 'message.status', { type: 'message', id }, status, {
    lock: async (tx) => (await tx.select({ status: m.status }).from(m).where(eq(m.id, id)).for('update'))[0],
    update: async (tx) =>
      (await tx.update(m).set({ status, updatedAt: new Date() }).where(eq(m.id, id)).returning())[0]!,
  });
}
