/**
 * The intake funnel's counters (docs/decisions/0032-attribution-and-dashboard.md): one row a day and step, in the
 * agency's time zone, counted up by one per event. Nothing else is written: no visitor, session or address, so
 * the counters say where visitors leave the intake without following anyone through it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intakeFunnelDays } from '../../db/schema.ts';
import { limitFromEnv, type RateLimit } from '../../server/rate-limit.ts';
import type { FunnelStep } from './contract.ts';

/**
 * Funnel events per client per 10 minutes: a visit sends at most six (five steps and the submit, each once per
 * visit), so this leaves room for a few visits from one office and stops a script from inflating the counters.
 * `FUNNEL_RATE_LIMIT` (read once, when the module loads) raises it for the e2e run, whose every visit comes from
 * one loopback address.
 */
export const FUNNEL_RATE_LIMIT: RateLimit = {
  limit: limitFromEnv(process.env.FUNNEL_RATE_LIMIT, 30),
  windowSeconds: 600,
};

/** Counts `step` reached on the agency's day of `at`. */
export async function countFunnelStep(db: Db, step: FunnelStep, at = new Date()): Promise<void> {
  await db
    .insert(intakeFunnelDays)
    .values({
      day: sql`(${at.toISOString()}::timestamptz AT TIME ZONE 'America/New_York')::date`,
      step,
      count: 1,
    })
    .onConflictDoUpdate({
      target: [intakeFunnelDays.day, intakeFunnelDays.step],
      set: { count: sql`${intakeFunnelDays.count} + 1` },
    });
}
