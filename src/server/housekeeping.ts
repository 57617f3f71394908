/**
 * Rows that only matter for a while, removed once a day so the tables stay small: expired upload tokens,
 * rate-limit windows that have closed, idempotency keys long past any retry; and a staff member's device and
 * address details (docs/privacy.md, "Staff accounts"): ended sessions, expired confirmation and reset links, and
 * the device, browser and address in action log rows older than STAFF_DEVICE_DAYS.
 */
import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  auditLog,
  authRateLimits,
  idempotencyKeys,
  rateLimits,
  sessions,
  uploadTokens,
  verifications,
} from '../db/schema.ts';

/** How long a submit key is kept: far beyond any retry of a lost answer. */
export const IDEMPOTENCY_KEY_DAYS = 30;
/** Rate-limit windows last 10 minutes at most; a day leaves every one closed. */
export const RATE_LIMIT_KEEP_MS = 24 * 3600_000;
/** Days an action log row keeps the device, browser and address of a staff member's session (docs/privacy.md). */
export const STAFF_DEVICE_DAYS = 90;
/** The action log detail keys that hold a staff member's device and address. */
export const STAFF_DEVICE_KEYS = ['device', 'browser', 'ipAddress', 'userAgent'] as const;

export interface Swept {
  uploadTokens: number;
  rateLimits: number;
  authRateLimits: number;
  idempotencyKeys: number;
  /** Sessions past their end (their device and address went with them). */
  sessions: number;
  /** Confirmation and reset links past their end (their address went with them). */
  verifications: number;
  /** Action log rows whose device and address details went (older than STAFF_DEVICE_DAYS). */
  staffDevices: number;
}

const days = (n: number) => n * 24 * 3600_000;

/** Deletes what has expired by `now`; returns how many rows of each kind went. */
export async function sweepExpired(db: Db, now = new Date()): Promise<Swept> {
  const dayAgo = new Date(now.getTime() - RATE_LIMIT_KEEP_MS);
  const keysBefore = new Date(now.getTime() - days(IDEMPOTENCY_KEY_DAYS));
  const [tokens, windows, auth, keys, ended, links, devices] = await Promise.all([
    db.delete(uploadTokens).where(lt(uploadTokens.expiresAt, now)).returning({ id: uploadTokens.tokenHash }),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo)).returning({ key: rateLimits.key }),
    db
      .delete(authRateLimits)
      .where(lt(authRateLimits.lastRequest, dayAgo.getTime()))
      .returning({ id: authRateLimits.id }),
    db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, keysBefore)).returning({ key: idempotencyKeys.key }),
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id }),
    forgetStaffDevices(db, now),
  ]);
  return {
    uploadTokens: tokens.length,
    rateLimits: windows.length,
    authRateLimits: auth.length,
    idempotencyKeys: keys.length,
    sessions: ended.length,
    verifications: links.length,
    staffDevices: devices,
  };
}

/**
 * Takes the device, browser and address out of every action log row older than STAFF_DEVICE_DAYS (a session
 * signed out from Active sessions names them); the row keeps who did what and when, and says why its detail
 * changed (`redacted: retention`, the one other update the log's trigger allows; migration 0011).
 */
export async function forgetStaffDevices(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days(STAFF_DEVICE_DAYS));
  const keys = sql.raw(`array[${STAFF_DEVICE_KEYS.map((k) => `'${k}'`).join(', ')}]`);
  const forgotten = await db
    .update(auditLog)
    .set({ detail: sql`(${auditLog.detail} - ${keys}::text[]) || '{"redacted": "retention"}'::jsonb` })
    .where(and(lt(auditLog.at, before), sql`${auditLog.detail} ?| ${keys}::text[]`))
    .returning({ id: auditLog.id });
  return forgotten.length;
}
