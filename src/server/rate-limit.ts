/** Fixed-window rate limits kept in the database, so they hold across function instances (decision 8). */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** Form submits allowed per window when `FORM_RATE_LIMIT` is unset or not a positive whole number. */
const DEFAULT_FORM_LIMIT = 10;

/** `FORM_RATE_LIMIT` as a limit; a typo must not switch the limit off, so anything odd keeps the default. */
function formLimitFromEnv(value: string | undefined): number {
  const limit = Number(value);
  return Number.isSafeInteger(limit) && limit > 0 ? limit : DEFAULT_FORM_LIMIT;
}

/**
 * Public form submits per IP address per 10 minutes. `FORM_RATE_LIMIT` (read once, when the module loads)
 * raises it for load tests, which send every request from one loopback address.
 */
export const FORM_RATE_LIMIT: RateLimit = {
  limit: formLimitFromEnv(process.env.FORM_RATE_LIMIT),
  windowSeconds: 600,
};

/** Counts one request under `key`; says whether it is allowed and, if not, when to retry. */
export async function hitRateLimit(
  db: Db,
  key: string,
  { limit, windowSeconds }: RateLimit,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfter: number }> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: (row?.count ?? 1) <= limit, retryAfter };
}
