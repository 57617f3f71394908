/**
 * A mail provider's request for a pause (Resend's 429 with `Retry-After`), honoured by the whole outbox
 * (src/server/mail/sender.ts): every invocation's drain reads its due mail from the database, so the pause is written
 * there, as a row of `rate_limits` (`mail-pause:<transport>`, its window the pause's end) that the drains' query of
 * due mail reads. Without it, each submit's own drain called the provider again during the pause, to be refused
 * again (and counted against the account's rate). The daily housekeeping removes the row a day after.
 */
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox, rateLimits } from '../../db/schema.ts';
import { SLACK_KINDS } from './slack.ts';

/** The provider's "not now, for `retryAfterMs`": thrown by a transport, read by the drain. */
export class ProviderBusy extends Error {
  readonly retryAfterMs: number;

  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
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

/** The `rate_limits` key of a transport's pause. */
const pauseKey = (slackRows: boolean) => (slackRows ? 'mail-pause:slack' : 'mail-pause:mail');

/** Pauses one transport (Slack's rows, or the mail provider's) until `until`: no drain sends its rows before. */
export async function pauseTransport(db: Db, slackRows: boolean, until: Date): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key: pauseKey(slackRows), windowStart: until, count: 0 })
    .onConflictDoNothing();
}

/**
 * The condition of the due-mail query that leaves out the rows of a paused transport: a row is due unless a pause of
 * its transport ends after `now` (one look-up by the primary key of `rate_limits` per transport).
 */
export function notPaused(now: Date): SQL {
  const paused = (slackRows: boolean) =>
    sql`exists (select 1 from ${rateLimits} where ${and(eq(rateLimits.key, pauseKey(slackRows)), gt(rateLimits.windowStart, now))})`;
  return sql`(case when ${mailOutbox.kind} like ${SLACK_KINDS} then not ${paused(true)} else not ${paused(false)} end)`;
}
