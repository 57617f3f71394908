/** The reply of `/api/admin/audit-log` (types only: the portal imports it without any server code). */
import type { AuditLogRow } from '../../db/schema.ts';

/** A row of the log as the list shows it: the whole row. */
export type AuditLogEntry = AuditLogRow;
