/**
 * A mail provider's request for a pause (Resend's 429 with `Retry-After`), honoured by the whole outbox
 * (src/server/mail/sender.ts): every invocation's drain reads its due mail from the database, so the pause is written
 * there, on every waiting row of that transport. Without it, each submit's own drain called the provider again during
 * the pause, to be refused again (and counted against the account's rate).
 */
import { and, eq, like, notLike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { SLACK_KINDS } from './slack.ts';

/** The provider's "not now, for `retryAfterMs`": thrown by a transport, read by the drain. */
export class ProviderBusy extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** The longest pause a `Retry-After` may impose on the outbox (a larger one waits this long, then tries). */
export const MAX_RETRY_AFTER_MS = 3600_000;

/** A `Retry-After` header in milliseconds (seconds, or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value?.trim()) return null;
  const seconds = Number(value.trim());
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : null;
}

/** Puts every pending row of one transport (Slack's, or the mail provider's) back to `until` at the earliest. */
export async function pauseTransport(db: Db, slackRows: boolean, until: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`greatest(${mailOutbox.nextAttemptAt}, ${until.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        slackRows ? like(mailOutbox.kind, SLACK_KINDS) : notLike(mailOutbox.kind, SLACK_KINDS),
      ),
    );
}
