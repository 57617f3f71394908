/**
 * Reading the staff action log: admins read it newest first, 50 a page, and as CSV (`/api/admin/audit-log`).
 * Rows are written by src/server/action-log.ts, in the transaction of the change they record.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditActions, auditLog, type AuditAction } from '../../db/schema.ts';
import type { ListPage } from '../../lib/list-page.ts';
import { invalidFields } from '../../server/errors.ts';
import { tableListing } from '../../server/list-query.ts';
import type { AuditLogEntry } from './contract.ts';

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
