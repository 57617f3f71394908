/**
 * Sign-in limits per account. better-auth limits sign-ins per client address (auth.ts), which does nothing
 * against guesses at one account spread over many addresses; so failed sign-ins are counted per email
 * address too. After `FAILURES_BEFORE_LOCK` failures the account is locked for a minute, doubling with each
 * further failure up to an hour; during a lock every sign-in for it is refused, the right password too. A
 * successful sign-in or a password reset clears the count.
 *
 * With two-factor sign-in on, a sign-in succeeds only with the code: the right password alone (better-auth
 * then asks for the code) neither counts nor clears, and a wrong code counts like a wrong password. So
 * someone who knows the password cannot use it to wipe the failures of their guesses at the code.
 *
 * Any address is counted, whether an account has it or not, with the same queries: neither the answers nor
 * their timing tell whether an account exists.
 *
 * The count is one row of `rate_limits` per address (no table of its own): `key` is
 * `sign-in-account:<sha256 of the address>`, `window_start` the time of the last counted attempt and `count`
 * the failures since the last success. The daily sweep (housekeeping.ts) deletes it a day after the last
 * failure, so old failures are forgotten.
 */
import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

/** Failed sign-ins an account takes before the first lock. */
export const FAILURES_BEFORE_LOCK = 5;
/** The first lock, in seconds; each further failure doubles it. */
export const FIRST_LOCK_SECONDS = 60;
/** The longest lock, in seconds. */
export const MAX_LOCK_SECONDS = 3600;

export type SignInGate = { allowed: true } | { allowed: false; retryAfter: number };
/** What a sign-in that was let through turned out to be. */
export type SignInOutcome = 'failed' | 'succeeded' | 'not-a-guess';

/** The address as better-auth compares it (lower case), trimmed: one account, one counter. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** The counter's key; hashed, so the table holds no address anyone typed. */
export const accountKey = (email: string) =>
  `sign-in-account:${createHash('sha256').update(normalEmail(email)).digest('hex')}`;

/** How long an account with `failures` failed sign-ins stays locked after the last one (0: not locked). */
export function lockSeconds(failures: number): number {
  if (failures < FAILURES_BEFORE_LOCK) return 0;
  const doublings = Math.min(failures - FAILURES_BEFORE_LOCK, 32); // 2 ** 32 minutes is past any cap
  return Math.min(FIRST_LOCK_SECONDS * 2 ** doublings, MAX_LOCK_SECONDS);
}

/** Runs `fn` in a transaction that alone holds `key`: concurrent attempts at one account take turns. */
function exclusively<T>(db: Db, key: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    return fn(tx);
  });
}

/**
 * Lets a sign-in for `email` through unless the account is locked, and counts it as a failure straight away:
 * a burst of parallel guesses cannot all pass the check before the first one is counted. `settleSignIn`
 * clears or takes back the count once the answer is known.
 */
export function admitSignIn(db: Db, email: string, now = new Date()): Promise<SignInGate> {
  const key = accountKey(email);
  return exclusively(db, key, async (tx) => {
    const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, key));
    const gate = gateOf(row, now);
    if (gate.allowed) await countFailure(tx, key, row, now);
    return gate;
  });
}

/**
 * The gate of the second step of a sign-in (the code from the authenticator app or a recovery code): the
 * same lock as the password's, checked without counting. A wrong code is counted afterwards by
 * `recordSignInFailure`; the code's own per-challenge limit (better-auth's) stops a parallel burst.
 */
export async function checkSignIn(db: Db, email: string, now = new Date()): Promise<SignInGate> {
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, accountKey(email)));
  return gateOf(row, now);
}

/** Counts one failed sign-in of `email` (a wrong code at the second step), unless it is locked already. */
export function recordSignInFailure(db: Db, email: string, now = new Date()): Promise<void> {
  const key = accountKey(email);
  return exclusively(db, key, async (tx) => {
    const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (gateOf(row, now).allowed) await countFailure(tx, key, row, now);
  });
}

type CounterRow = typeof rateLimits.$inferSelect | undefined;

/** Whether the account whose counter is `row` may try to sign in at `now`. */
function gateOf(row: CounterRow, now: Date): SignInGate {
  const failures = row?.count ?? 0;
  const lockedUntil = (row?.windowStart.getTime() ?? 0) + lockSeconds(failures) * 1000;
  if (lockedUntil > now.getTime()) {
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((lockedUntil - now.getTime()) / 1000)) };
  }
  return { allowed: true };
}

/** Adds one failure to the counter `row` of `key` (inside the transaction that holds `key`). */
async function countFailure(tx: Tx, key: string, row: CounterRow, now: Date): Promise<void> {
  // window_start is part of the primary key: the one row is moved, not added to.
  if (row)
    await tx
      .update(rateLimits)
      .set({ count: row.count + 1, windowStart: now })
      .where(eq(rateLimits.key, key));
  else await tx.insert(rateLimits).values({ key, windowStart: now, count: 1 });
}

/** Settles an admitted sign-in: a failure stays counted, a success clears the count, anything else is taken back. */
export async function settleSignIn(db: Db, email: string, outcome: SignInOutcome): Promise<void> {
  if (outcome === 'failed') return;
  if (outcome === 'succeeded') return clearSignInFailures(db, email);
  const key = accountKey(email);
  await exclusively(db, key, async (tx) => {
    await tx
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(eq(rateLimits.key, key));
    await tx.delete(rateLimits).where(and(eq(rateLimits.key, key), lte(rateLimits.count, 0)));
  });
}

/** Forgets every failed sign-in of `email` (a successful sign-in, a password reset). */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  const key = accountKey(email);
  await exclusively(db, key, (tx) => tx.delete(rateLimits).where(eq(rateLimits.key, key)));
}

/** The refusal's words: how long to wait, and the way out that needs no waiting. */
export function lockedMessage(retryAfter: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return `Too many failed sign-ins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`;
}
