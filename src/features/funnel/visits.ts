/**
 * The site's visit counters (docs/decisions/0046-bookings-from-the-schedulers.md): one row a day, source, campaign
 * and landing page, in the agency's time zone, counted up by one per visit. The source is derived from the first
 * touch by the leads' own rule (src/lib/lead-source.ts), so a visit and the lead it may become are counted under the
 * same source. Nothing else is written: no visitor, session, address or user agent, and of the referrer only the
 * source it names, so the counters say which channels bring visits without following anyone.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { visitDays } from '../../db/schema.ts';
import type { Attribution } from '../../lib/attribution.ts';
import { leadSource } from '../../lib/lead-source.ts';
import { limitFromEnv, type RateLimit } from '../../server/rate-limit.ts';

/**
 * Visits counted per client per 10 minutes: a browser sends one per tab it opens on the site, so this leaves room
 * for an office's colleagues and a few tabs each, and stops a script from inflating the counts (or filling the
 * table with made-up campaigns). `VISITS_RATE_LIMIT` (read once, when the module loads) raises it for the e2e run,
 * whose every visit comes from one loopback address.
 */
export const VISITS_RATE_LIMIT: RateLimit = {
  limit: limitFromEnv(process.env.VISITS_RATE_LIMIT, 30),
  windowSeconds: 600,
};

/** The largest body `POST /api/visits` reads: the first touch's caps (300 + 200 + 5 × 100 characters) escaped. */
export const VISIT_BODY_BYTES = 4096;

/** Months the daily counts are kept, as long as a lead is (the funnel sets visits beside leads), then swept. */
export const VISIT_COUNT_MONTHS = 24;

/** What a visit is counted under: its source, its campaign and its landing path ('' for none). */
export function visitKey(touch: Attribution): { source: string; campaign: string; landingPath: string } {
  return {
    source: leadSource(touch),
    campaign: touch.utmCampaign ?? '',
    landingPath: touch.landingPath ?? '',
  };
}

/** Counts a visit that began with `touch` on the agency's day of `at`. */
export async function countVisit(db: Db, touch: Attribution, at = new Date()): Promise<void> {
  await db
    .insert(visitDays)
    .values({
      day: sql`(${at.toISOString()}::timestamptz AT TIME ZONE 'America/New_York')::date`,
      ...visitKey(touch),
      count: 1,
    })
    .onConflictDoUpdate({
      target: [visitDays.day, visitDays.source, visitDays.campaign, visitDays.landingPath],
      set: { count: sql`${visitDays.count} + 1` },
    });
}

/** Deletes the counts of the days more than VISIT_COUNT_MONTHS months before `now` (the daily housekeeping). */
export async function sweepVisitCounts(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(visitDays)
    .where(
      sql`${visitDays.day} < ((${now.toISOString()}::timestamptz AT TIME ZONE 'America/New_York')::date - ${sql.raw(`interval '${VISIT_COUNT_MONTHS} months'`)})`,
    )
    .returning({ day: visitDays.day });
  return gone.length;
}
