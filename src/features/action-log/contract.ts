/**
 * The staff action log's contract (types only: the portal imports it without any server code): its actions
 * and the reply of `/api/admin/audit-log` (the route and the `audit_log` table keep their names).
 */
import type { AuditLogRow } from '../../db/schema.ts';

export type { AuditAction } from '../../db/schema.ts';

/** A row of the log as the list shows it: the whole row. */
export type AuditLogEntry = AuditLogRow;
