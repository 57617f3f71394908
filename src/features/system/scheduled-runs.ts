/**
 * Each scheduled function's latest run, one row per schedule (`scheduled_runs`), for the portal's System page:
 * when it started and finished, and whether it failed, with the failure in one line that names no address or key
 * (shownReason). The work's own result is returned as before; a failure is recorded, then thrown on.
 */
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scheduledRuns } from '../../db/schema.ts';
import { shownReason } from './health.ts';
import { loggable } from '../../server/loggable.ts';

/** Every schedule, its function, what it does in an office manager's words, and how often it runs (minutes). */
export const SCHEDULES = {
  'mail-drain': { what: 'Sending queued mail', everyMinutes: 1 },
  'lead-alerts': { what: 'Alerts for leads waiting on a reply', everyMinutes: 15 },
  'upload-cleanup': { what: 'Removing abandoned document uploads', everyMinutes: 60 },
  housekeeping: { what: 'Daily housekeeping and the privacy retention sweep', everyMinutes: 24 * 60 },
  'weekly-summary': { what: "Monday's summary mail to admins", everyMinutes: 7 * 24 * 60 },
} as const;

export type ScheduleName = keyof typeof SCHEDULES;

async function record(db: Db, name: ScheduleName, values: Partial<typeof scheduledRuns.$inferInsert>) {
  await db
    .insert(scheduledRuns)
    .values({ name, startedAt: new Date(), ...values })
    .onConflictDoUpdate({ target: scheduledRuns.name, set: values });
}

/** Runs `work` as schedule `name`, recording its start, its end and whether it failed. */
export async function scheduledRun<T>(db: Db, name: ScheduleName, work: () => Promise<T>): Promise<T> {
  await record(db, name, { startedAt: new Date(), finishedAt: null, ok: null, error: null });
  try {
    const result = await work();
    await record(db, name, { finishedAt: new Date(), ok: true, error: null });
    return result;
  } catch (error) {
    const line = shownReason(error instanceof Error ? error.message : String(error)) || 'failed';
    await record(db, name, { finishedAt: new Date(), ok: false, error: line }).catch((e: unknown) =>
      console.error(`${name}: could not record the failed run:`, loggable(e)),
    );
    throw error;
  }
}

export type ScheduledRun = typeof scheduledRuns.$inferSelect;

/** The latest run of every schedule that ran, by name. */
export async function latestRuns(db: Db): Promise<Map<string, ScheduledRun>> {
  const rows = await db
    .select()
    .from(scheduledRuns)
    .orderBy(desc(scheduledRuns.startedAt), sql`name`);
  return new Map(rows.map((row) => [row.name, row]));
}
