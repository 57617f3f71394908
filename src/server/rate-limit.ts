/** Fixed-window rate limits kept in the database, so they hold across function instances (docs/decisions/0008-spam-defence-without-captcha.md). */
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { insertSelect } from '../db/statement.ts';
import { derivedKey } from './derived-key.ts';
import { rateLimited, refusalResponse, type ApiError } from './errors.ts';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** Form submits allowed per window when `FORM_RATE_LIMIT` is unset or not a positive whole number. */
const DEFAULT_FORM_LIMIT = 10;

/**
 * A limit from an environment variable (`FORM_RATE_LIMIT`, `SIGN_IN_RATE_LIMIT`): a typo must not switch the
 * limit off, so anything but a positive whole number keeps `fallback`.
 */
export function limitFromEnv(value: string | undefined, fallback: number): number {
  const limit = Number(value);
  return Number.isSafeInteger(limit) && limit > 0 ? limit : fallback;
}

/**
 * Public form submits per IP address per 10 minutes. `FORM_RATE_LIMIT` (read once, when the module loads)
 * raises it for load tests, which send every request from one loopback address.
 */
export const FORM_RATE_LIMIT: RateLimit = {
  limit: limitFromEnv(process.env.FORM_RATE_LIMIT, DEFAULT_FORM_LIMIT),
  windowSeconds: 600,
};

/**
 * Document upload requests per IP address per 10 minutes: an intake sends at most 10 documents of up to 3
 * parts, each with a start and a completion (50 requests), so this leaves room for retries and a second try.
 */
export const UPLOAD_RATE_LIMIT: RateLimit = { limit: 200, windowSeconds: 600 };

/**
 * The client address as a rate-limit key: an IPv6 address by its /64, since one subscriber usually holds a
 * whole /64 and could otherwise step past any limit by changing its lower bits; an IPv4-mapped IPv6 address
 * as its IPv4 address; anything else as it is.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names no client
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? address.slice(0, dotted.index) +
      [(+dotted[1]! << 8) | +dotted[2]!, (+dotted[3]! << 8) | +dotted[4]!].map((n) => n.toString(16)).join(':')
    : address;
  const [head = '', tail] = hex.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The start of the fixed window of `windowMs` that holds `now` (the rate limits' and the mail caps' windows). */
export const windowStartOf = (now: Date, windowMs: number): Date =>
  new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/** Counts one request under `key`; says whether it is allowed and, if not, when to retry. */
export async function hitRateLimit(
  db: Db,
  key: string,
  { limit, windowSeconds }: RateLimit,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfter: number }> {
  const windowMs = windowSeconds * 1000;
  const windowStart = windowStartOf(now, windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count })
    .prepare('rate_limit_hit') // parsed once a connection (src/db/statement.ts, runPrepared)
    .execute();
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: (row?.count ?? 1) <= limit, retryAfter };
}

/** A request to count under `key` within `limit`, and what a request over it is answered. */
export interface CountedRequest {
  key: string;
  limit: RateLimit;
  tooMany: string;
}

/**
 * `hitRateLimit` as the first CTE of a one-statement submit (src/db/statement.ts): `hit` counts the request
 * and `allowed` has a row only under the limit, so a statement whose writes hang off `allowed` writes nothing
 * for a request over it; `refusal(count)` is then its 429 (null under the limit).
 */
export function countInStatement(
  { key, limit: { limit, windowSeconds }, tooMany }: CountedRequest,
  now = new Date(),
): { ctes: [string, SQL][]; refusal(count: number): ApiError | null } {
  const windowMs = windowSeconds * 1000;
  const windowStart = windowStartOf(now, windowMs);
  return {
    ctes: [
      [
        'hit',
        sql`${insertSelect(rateLimits, { key, windowStart, count: 1 })} on conflict (key, window_start) do update set count = ${rateLimits.count} + 1 returning count`,
      ],
      ['allowed', sql`select from hit where count <= ${limit}`],
    ],
    refusal: (count) =>
      count <= limit
        ? null
        : rateLimited(tooMany, Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000))),
  };
}

/**
 * The database for a public request, once the request is counted under `key`: instead, `failed` (a 503) when
 * the database cannot be reached or cannot count, and 429 `rate_limited` saying `tooMany` over the limit.
 */
export async function limitedDb(
  key: string,
  limit: RateLimit,
  failed: ApiError,
  tooMany: string,
): Promise<Db | Response> {
  const handle = await getDb().catch(() => null);
  if (!handle) return refusalResponse(failed);
  const counted = await hitRateLimit(handle.db, key, limit).catch(() => null);
  if (!counted) return refusalResponse(failed);
  if (!counted.allowed) return refusalResponse(rateLimited(tooMany, counted.retryAfter));
  return handle.db;
}

/**
 * A client as a rate-limit key that does not store its address: an HMAC of `clientAddressKey(ip)` under a key
 * derived from the server's secret, for counters whose promise is that no address is kept (the intake funnel).
 * Without the secret the key cannot be tied back to an address, even by trying every IPv4 address; the row
 * itself goes with the daily housekeeping.
 */
export function anonymousClientKey(ip: string): string {
  return createHmac('sha256', derivedKey('rate-limit', 'anonymous-client'))
    .update(clientAddressKey(ip))
    .digest('base64url')
    .slice(0, 22);
}
