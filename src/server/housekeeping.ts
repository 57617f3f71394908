/**
 * Rows that only matter for a while, removed once a day so the tables stay small: expired upload tokens,
 * rate-limit windows that have closed, and idempotency keys long past any retry.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authRateLimits, idempotencyKeys, rateLimits, uploadTokens } from '../db/schema.ts';

/** How long a submit key is kept: far beyond any retry of a lost answer. */
export const IDEMPOTENCY_KEY_DAYS = 30;
/** Rate-limit windows last 10 minutes at most; a day leaves every one closed. */
export const RATE_LIMIT_KEEP_MS = 24 * 3600_000;

export interface Swept {
  uploadTokens: number;
  rateLimits: number;
  authRateLimits: number;
  idempotencyKeys: number;
}

/** Deletes what has expired by `now`; returns how many rows of each kind went. */
export async function sweepExpired(db: Db, now = new Date()): Promise<Swept> {
  const dayAgo = new Date(now.getTime() - RATE_LIMIT_KEEP_MS);
  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 24 * 3600_000);
  const [tokens, windows, auth, keys] = await Promise.all([
    db.delete(uploadTokens).where(lt(uploadTokens.expiresAt, now)).returning({ id: uploadTokens.tokenHash }),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo)).returning({ key: rateLimits.key }),
    db
      .delete(authRateLimits)
      .where(lt(authRateLimits.lastRequest, dayAgo.getTime()))
      .returning({ id: authRateLimits.id }),
    db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, keysBefore)).returning({ key: idempotencyKeys.key }),
  ]);
  return {
    uploadTokens: tokens.length,
    rateLimits: windows.length,
    authRateLimits: auth.length,
    idempotencyKeys: keys.length,
  };
}
