/**
 * Writing the staff action log (table `audit_log`): who granted or removed which role, changed which status,
 * published, unpublished or deleted which post, downloaded which document, and when. A change records its row
 * through the same transaction handle that makes the change, so a change that rolls back leaves no row and a
 * change that commits cannot lose its row. Rows are only inserted: nothing here updates or deletes one, and
 * the database's trigger (migration 0003_security) refuses an UPDATE or DELETE from any connection. Every
 * feature writes here, so the writer is core (like the mail outbox); reading the log is the action-log
 * feature's (src/features/action-log/log.ts).
 */
import { createHmac } from 'node:crypto';
import type { Db, Tx } from '../db/client.ts';
import { auditLog, type AuditAction } from '../db/schema.ts';
import { derivedKey } from './derived-key.ts';

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

/**
 * What the log keeps of a search text (a list's `q`): a keyed digest, never the text, so a search for a person's
 * name leaves no name behind, and an erasure still finds the rows of a search for them (the digests of their
 * name, address, company and phone, and each of their words; src/features/privacy/person.ts). The same text in
 * any case or spacing gives the same digest; without the auth secret nobody can test a guess against it.
 */
export function searchDigest(text: string): string {
  const normal = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const digest = createHmac('sha256', derivedKey('action-log', 'search-text')).update(normal).digest('hex');
  return `${SEARCH_DIGEST_PREFIX}${digest.slice(0, 32)}`;
}

/** How a search digest starts in a row's detail. */
export const SEARCH_DIGEST_PREFIX = 'search:';

/** A list filter's value that names nothing but the system's own words (a status, an id, a page, `mine`). */
const SYSTEM_VALUE = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * A CSV export's filters as its action log row keeps them: the search (`q`) and any value that is not one of the
 * system's words as its digest, the rest as the URL gave them.
 */
export function loggedFilter(name: string, value: string): string {
  if (value.trim() === '') return '';
  return name === 'q' || !SYSTEM_VALUE.test(value) ? searchDigest(value) : value;
}
