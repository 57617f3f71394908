/**
 * Mail that is seen to work, for admins: a test mail to the staff inbox through the outbox, one outbox row's
 * fate (sent, failed with the provider's reason, still pending), the list of failed mail, and a retry of one.
 * Staff never see a mail's body here: only who it was for, its subject and what became of it.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { site } from '../../config/site.ts';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { ApiError, invalidFields, notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { tableMail, type Mail } from '../../server/mail/templates.ts';
import { pageOf } from '../../server/list-query.ts';
import type { ListPage } from '../../lib/list-page.ts';
import { mailLists, type MailItem, type MailList } from './contract.ts';

const o = mailOutbox;

/** The columns staff see (no body). */
const shown = {
  id: o.id,
  kind: o.kind,
  to: o.to,
  subject: o.subject,
  status: o.status,
  attempts: o.attempts,
  lastError: o.lastError,
  createdAt: o.createdAt,
  lastAttemptAt: o.lastAttemptAt,
  sentAt: o.sentAt,
  delivery: o.delivery,
  deliveryDetail: o.deliveryDetail,
};

/** The test mail: who asked for it and when, and what its arrival proves. */
export function testMail(actor: AuditActor, at: Date): Mail {
  const when = at.toISOString().replace('T', ' ').slice(0, 16);
  return tableMail(
    { kind: 'mail.test', to: site.staffInbox, subject: `Test mail from the ${site.agencyName} portal` },
    'Test mail',
    `${actor.email} sent this test mail from the staff portal at ${when} UTC. Its arrival proves that the site's mail works end to end: it was queued in the outbox like every lead's notification, and the mail provider accepted and delivered it to this inbox.`,
    [
      ['Sent by', actor.email],
      ['Queued at', `${when} UTC`],
    ],
    'Nothing to do: you may delete this mail.',
  );
}

/** One row as staff see it; 404 when there is none. */
export async function mailItem(db: Db, id: string | undefined): Promise<MailItem> {
  if (!isUuid(id)) throw notFound('mail');
  const [row] = await db.select(shown).from(o).where(eq(o.id, id));
  if (!row) throw notFound('mail');
  return row;
}

/** Queues a test mail to the staff inbox and records who asked for it; the caller drains the outbox. */
export async function queueTestMail(db: Db, actor: AuditActor, now = new Date()): Promise<MailItem> {
  const key = `mail-test:${randomUUID()}`;
  const id = await db.transaction(async (tx) => {
    await enqueueMail(tx, key, [testMail(actor, now)]);
    const [row] = await tx
      .select({ id: o.id, to: o.to })
      .from(o)
      .where(eq(o.idempotencyKey, `${key}:mail.test`));
    await recordAudit(tx, actor, 'mail.test', { type: 'mail', id: row!.id }, { to: row!.to });
    return row!.id;
  });
  return mailItem(db, id);
}

export interface MailQuery {
  status: MailList;
  page: number;
}

/** The filters of `?status=failed|retrying&page=` (failed unless told); a bad value is a 422 naming it. */
export function mailQuery(url: URL): MailQuery {
  const get = (name: string) => (url.searchParams.get(name) ?? '').trim();
  const fields: Record<string, string> = {};
  const status = get('status') || 'failed';
  if (!(mailLists as readonly string[]).includes(status)) fields.status = `Use ${mailLists.join(', ')}`;
  const page = get('page') || '1';
  if (!/^[1-9]\d{0,5}$/.test(page)) fields.page = 'Use a page number from 1';
  if (Object.keys(fields).length) throw invalidFields(fields, 'Some filters are not valid.');
  return { status: status as MailList, page: Number(page) };
}

const listWhere = (query: MailQuery): SQL =>
  query.status === 'failed'
    ? eq(o.status, 'failed')
    : query.status === 'bounced'
      ? and(isNull(o.leadId), inArray(o.delivery, ['bounced', 'complained', 'failed']))!
      : and(eq(o.status, 'pending'), isNotNull(o.lastError))!;

/** One page of the mail that failed (or is being retried), the latest tried first. */
export async function listMail(db: Db, query: MailQuery): Promise<ListPage<MailItem>> {
  const where = listWhere(query);
  const rows = db
    .select(shown)
    .from(o)
    .where(where)
    .orderBy(desc(sql`coalesce(${o.lastAttemptAt}, ${o.createdAt})`), desc(o.id));
  return pageOf(rows, db.$count(o, where), query.page);
}

/**
 * Puts a failed mail back in the queue, due now with its attempts reset (the same idempotency key, so the
 * provider still never sends it twice), and records who did; 404 for no such mail, 409 for one not failed.
 */
export async function retryMail(db: Db, actor: AuditActor, id: string | undefined): Promise<MailItem> {
  if (!isUuid(id)) throw notFound('mail');
  await db.transaction(async (tx) => {
    const [row] = await tx.select(shown).from(o).where(eq(o.id, id)).for('update');
    if (!row) throw notFound('mail');
    if (row.status !== 'failed')
      throw new ApiError(409, 'not_failed', `Only a failed mail can be retried; this one is ${row.status}.`);
    await tx.update(o).set({ status: 'pending', attempts: 0, nextAttemptAt: new Date() }).where(eq(o.id, id));
    await recordAudit(
      tx,
      actor,
      'mail.retry',
      { type: 'mail', id },
      { kind: row.kind, to: row.to, attempts: row.attempts, lastError: row.lastError?.slice(0, 200) ?? null },
    );
  });
  return mailItem(db, id);
}
