/**
 * The staff action log's contract (types only: the portal imports it without any server code): its actions
 * and the reply of `/api/admin/audit-log` (the route and the `audit_log` table keep their names).
 */
import type { AuditAction } from '../../db/schema.ts';

export type { AuditAction };

/** An entry of the log as the list shows it: who did what to which record, and when. */
export interface AuditLogEntry {
  id: string;
  at: Date;
  actorId: string;
  actorEmail: string;
  action: AuditAction;
  /** `user`, `submission`, `message`, `post`, `document` or `mail`. */
  targetType: string;
  targetId: string;
  /** What changed, e.g. `{ "from": "pending", "to": "reviewed" }` or `{ "role": "editor" }`. */
  detail: Record<string, unknown>;
}
