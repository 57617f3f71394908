/**
 * The audit log: who granted or removed which role, changed which status, published, unpublished or deleted
 * which post, downloaded which document, and when. A change records its row through the same transaction
 * handle that makes the change, so a change that rolls back leaves no row and a change that commits cannot
 * lose its row. Rows are only inserted: nothing here updates or deletes one, and the database's trigger
 * (migration 0003_security) refuses an UPDATE or DELETE from any connection. Admins read it newest first, 50 a
 * page, and as CSV.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { auditActions, auditLog, type AuditAction } from '../db/schema.ts';
import { invalidFields } from './errors.ts';
import { tableListing } from './list-query.ts';
import type { ListPage } from '../lib/list-page.ts';
import type { AuditLogEntry } from '../features/action-log/contract.ts';

/** Who acted: the signed-in staff member (a `SessionUser` is one), or the command line. */
export interface AuditActor {
  id: string;
  email: string;
}

/**
 * The actor of `npm run admin`: whoever can run it holds the database's credentials, and no account
 * signed in, so the row says where the change came from rather than naming a person it cannot know.
 */
export const commandLine: AuditActor = { id: 'cli', email: 'command line' };

/** The record a row is about: its kind (`user`, `submission`, `message`, `post`, `document`, `mail`) and id. */
export interface AuditTarget {
  type: 'user' | 'submission' | 'message' | 'post' | 'document' | 'mail';
  id: string;
}

/** Inserts one row; pass the transaction of the change it records, so both commit or neither does. */
export async function recordAudit(
  db: Db | Tx,
  actor: AuditActor,
  action: AuditAction,
  target: AuditTarget,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id,
    detail,
  });
}

export interface AuditLogQuery {
  action: AuditAction | null;
  page: number;
}

/** The filters of `?action=&page=`; a value that cannot be one is a 422 naming the parameter. */
export function auditLogQuery(url: URL): AuditLogQuery {
  const get = (name: string) => (url.searchParams.get(name) ?? '').trim();
  const fields: Record<string, string> = {};
  const action = get('action');
  if (action && !(auditActions as readonly string[]).includes(action)) fields.action = `Use ${auditActions.join(', ')}`;
  const page = get('page') || '1';
  if (!/^[1-9]\d{0,5}$/.test(page)) fields.page = 'Use a page number from 1';
  if (Object.keys(fields).length) throw invalidFields(fields, 'Some filters are not valid.');
  return { action: (action || null) as AuditAction | null, page: Number(page) };
}

const where = (query: AuditLogQuery) => (query.action ? eq(auditLog.action, query.action) : undefined);
// The id breaks ties between rows of the same instant, so pages never repeat or skip one (index audit_log_at_idx).
const listing = tableListing(auditLog, where, [desc(auditLog.at), desc(auditLog.id)]);

/** One page of the log, newest first. */
export const listAuditLog: (db: Db, query: AuditLogQuery) => Promise<ListPage<AuditLogEntry>> = listing.page;

/** Every row that matches (all pages), newest first, every column, as CSV (the detail as JSON). */
export const exportAuditLog = listing.csv;
