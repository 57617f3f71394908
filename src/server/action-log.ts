/**
 * Writing the staff action log (table `audit_log`): who granted or removed which role, changed which status,
 * published, unpublished or deleted which post, downloaded which document, and when. A change records its row
 * through the same transaction handle that makes the change, so a change that rolls back leaves no row and a
 * change that commits cannot lose its row. Rows are only inserted: nothing here updates or deletes one, and
 * the database's trigger (migration 0003_security) refuses an UPDATE or DELETE from any connection. Every
 * feature writes here, so the writer is core (like the mail outbox); reading the log is the action-log
 * feature's (src/features/action-log/log.ts).
 */
import type { Db, Tx } from '../db/client.ts';
import { auditLog, type AuditAction } from '../db/schema.ts';

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

/**
 * The record a row is about: its kind (`user`, `submission`, `message`, `post`, `document`, `mail`, `lead`) and
 * id; or, for a CSV export, the list exported (`list`, by the export's file name).
 */
export interface AuditTarget {
  type: 'user' | 'submission' | 'message' | 'post' | 'document' | 'mail' | 'lead' | 'list';
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
