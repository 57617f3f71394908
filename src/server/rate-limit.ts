/** Fixed-window rate limits kept in the database, so they hold across function instances (decision 8). */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** Public form submits per IP address. */
export const FORM_RATE_LIMIT: RateLimit = { limit: 10, windowSeconds: 600 };

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
