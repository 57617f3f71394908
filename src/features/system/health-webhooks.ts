/**
 * The health check's lines of the webhooks (src/features/system/health.ts): Resend's, and the schedulers'. Each says when its
 * latest event arrived; none fails by itself.
 */
import { max } from 'drizzle-orm';
import { replyDomain, schedulerSecret, webhookSecret } from '../../config/platform.ts';
import { getDb } from '../../db/client.ts';
import { bookingEvents, webhookEvents } from '../../db/schema.ts';

/** One line of the health check (health.ts' `Check`, restated: health.ts imports this module). */
interface Check {
  ok: boolean;
  detail: string;
}

/** The health check's time limit on one piece of work. */
type Within = <T>(work: Promise<T>) => Promise<T>;

/**
 * Resend's webhook (POST /api/webhooks/resend): when its latest event arrived, so a deploy shows whether replies
 * and delivery events come back. Never failing by itself (a quiet week has no event); its settings are the
 * settings check's. Only the detailed report reads it.
 */
export async function webhooks(detail: boolean, within: Within): Promise<Check> {
  if (!replyDomain() && !webhookSecret())
    return { ok: true, detail: 'not set up (MAIL_REPLY_DOMAIN, RESEND_WEBHOOK_SECRET): replies go to the owner' };
  if (!detail) return { ok: true, detail: 'set' };
  try {
    const { db } = await within(getDb());
    const [latest] = await within(db.select({ at: max(webhookEvents.receivedAt) }).from(webhookEvents));
    const at = latest?.at ? new Date(latest.at) : null;
    return { ok: true, detail: at ? `last event received ${at.toISOString()}` : 'no event received yet' };
  } catch {
    return { ok: true, detail: 'last event unknown (the database check says why)' };
  }
}

/**
 * The schedulers' webhooks (docs/decisions/0046-bookings-from-the-schedulers.md): for each, not set up, or when its
 * latest event arrived. Never failing by itself (a quiet week books no call); only the detailed report reads it.
 */
export async function bookings(detail: boolean, within: Within): Promise<Check> {
  const names = { calendly: 'Calendly', cal: 'Cal.com' } as const;
  const providers = (['calendly', 'cal'] as const).filter((p) => schedulerSecret(p));
  if (!providers.length)
    return {
      ok: true,
      detail: 'not set up (CALENDLY_WEBHOOK_SIGNING_KEY, CAL_WEBHOOK_SECRET): bookings are not taken',
    };
  if (!detail) return { ok: true, detail: 'set' };
  try {
    const { db } = await within(getDb());
    const rows = await within(
      db
        .select({ provider: bookingEvents.provider, at: max(bookingEvents.receivedAt) })
        .from(bookingEvents)
        .groupBy(bookingEvents.provider),
    );
    const parts = (['calendly', 'cal'] as const).map((p) => {
      if (!providers.includes(p)) return `${names[p]}: not set up`;
      const at = rows.find((r) => r.provider === p)?.at;
      return `${names[p]}: ${at ? `last event received ${new Date(at).toISOString()}` : 'no event received yet'}`;
    });
    return { ok: true, detail: parts.join('; ') };
  } catch {
    return { ok: true, detail: 'last event unknown (the database check says why)' };
  }
}
