/**
 * A mail provider's request for a pause (Resend's 429 with `Retry-After`), or a short pause of our own after it
 * failed (PROVIDER_DOWN_PAUSE_MS), honoured by the whole outbox (src/server/mail/sender.ts). Every invocation drains
 * from the database, so the pause is written there, as a row of `rate_limits` (`mail-pause:<transport>`, its window
 * the pause's end), and a drain does not call a paused transport. Without it, each submit's own drain called the
 * provider again during the pause, to be refused again (and counted against the account's rate). A process reads
 * the pauses at most every PAUSE_READ_MS, so a burst of submits costs one small query every few seconds, not one a
 * submit. The daily housekeeping removes the row a day after.
 */
import { and, gt, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { retryAfterMs } from '../../lib/retry-after.ts';

/** The provider's "not now, for `retryAfterMs`": thrown by a transport, read by the drain. */
export class ProviderBusy extends Error {
  readonly retryAfterMs: number;

  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * The pause after a provider failed for itself (a 5xx, no answer in time) without saying for how long: every drain
 * leaves it alone this long, as after a 429. Without it each submit's own drain called a provider that was down
 * (`npm run bench:faults`' mail-down: 126 requests into 6 s of 500s), and Resend counts every request against the
 * account's rate. A mail waits its own backoff (30 s and more) anyway; this only spares the provider the others.
 */
export const PROVIDER_DOWN_PAUSE_MS = 5_000;

/** The longest pause a `Retry-After` may impose on the outbox (a larger one waits this long, then tries). */
export const MAX_RETRY_AFTER_MS = 3600_000;

/** The pause a provider's `Retry-After` asks for, bounded; null when absent, unreadable or already over. */
export function pauseAsked(value: string | null | undefined, now = Date.now()): number | null {
  const ms = retryAfterMs(value, now);
  return ms !== null && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : null;
}

/** The `rate_limits` key of each transport's pause. */
const PAUSE_KEYS = { mail: 'mail-pause:mail', slack: 'mail-pause:slack' } as const;
export type TransportName = keyof typeof PAUSE_KEYS;

/** How long a process trusts what it read of the pauses (another process may have been told to pause since). */
export const PAUSE_READ_MS = 5_000;

/** What this process read of the pauses (their ends, ms since the epoch; 0: none), and when (the drain's `now`). */
let known: { at: number; mail: number; slack: number } | null = null;

/**
 * Forgets what this process read of the pauses. Pauses only ever end by their time, so what was read stays true
 * for PAUSE_READ_MS, except where tests empty `rate_limits` between them (tests/unit/test-db.ts calls this then).
 */
export function forgetPauseReads(): void {
  known = null;
}

/** Pauses one transport until `until`: no drain of any process calls it before then. */
export async function pauseTransport(db: Db, transport: TransportName, until: Date): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key: PAUSE_KEYS[transport], windowStart: until, count: 0 })
    .onConflictDoNothing();
  if (known) known[transport] = Math.max(known[transport], until.getTime());
}

/** Which transports are paused at `now` (read from the database at most every PAUSE_READ_MS of `now`). */
export async function pausedTransports(db: Db, now: Date): Promise<Record<TransportName, boolean>> {
  const t = now.getTime();
  if (!known || t < known.at || t - known.at >= PAUSE_READ_MS) {
    const rows = await db
      .select({ key: rateLimits.key, until: max(rateLimits.windowStart) })
      .from(rateLimits)
      .where(and(inArray(rateLimits.key, Object.values(PAUSE_KEYS)), gt(rateLimits.windowStart, now)))
      .groupBy(rateLimits.key);
    const end = (key: string) => rows.find((r) => r.key === key)?.until?.getTime() ?? 0;
    known = { at: t, mail: end(PAUSE_KEYS.mail), slack: end(PAUSE_KEYS.slack) };
  }
  return { mail: known.mail > t, slack: known.slack > t };
}
