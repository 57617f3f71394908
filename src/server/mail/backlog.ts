/**
 * The scheduled mail drain's run (netlify/functions/mail-drain.mts): rounds of `drainOutbox` until the outbox has no
 * due mail left, a round fails, or the run's time budget is used. One round a run sent 25 mails a minute: a backlog
 * left by a provider's outage or a busy hour (the fault bench left 6,500 mails queued) took hours to clear, since a
 * submit's own drain sends only when submits keep coming (docs/decisions/0044-faults-under-load.md).
 */
import type { Db } from '../../db/client.ts';
import { defaultSlackTransport, defaultTransport, DRAIN_BATCH, drainOutbox, type Transport } from './sender.ts';

/**
 * How long a run starts new rounds, ms: Netlify stops a scheduled function at 30 s, and a round after the budget
 * can still take one send's time limit (a round ends at the provider's first failure).
 */
export const DRAIN_BUDGET_MS = 15_000;

export interface BacklogOptions {
  transport?: Transport | null;
  slack?: Transport | null;
  /** Due-ness of every round: mail due at the run's start (a mail that fails gets a later attempt). */
  now?: Date;
  batch?: number;
  budgetMs?: number;
  /** The clock the budget is measured on, ms. */
  clock?: () => number;
}

/** Sends the due backlog in rounds; resolves with what the run sent and what failed. */
export async function drainBacklog(db: Db, options: BacklogOptions = {}): Promise<{ sent: number; failed: number }> {
  const { now = new Date(), batch = DRAIN_BATCH, budgetMs = DRAIN_BUDGET_MS, clock = Date.now } = options;
  const transport = options.transport === undefined ? defaultTransport() : options.transport;
  const slack = options.slack === undefined ? defaultSlackTransport() : options.slack;
  const started = clock();
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const round = await drainOutbox(db, transport, now, batch, slack);
    total.sent += round.sent;
    total.failed += round.failed;
    // A short round emptied the queue; a failure waits for the next run; the budget keeps the run in its limit.
    if (round.sent + round.failed < batch || round.failed > 0 || clock() - started >= budgetMs) return total;
  }
}
