/**
 * Runs scheduled functions the way Netlify does: each at the minutes its own `config.schedule` matches, in
 * UTC, on a timer that fires at the start of every minute.
 */
import path from 'node:path';
import { parseCron, type Cron } from './cron.ts';

/** A scheduled function as the router lists it. */
export interface ScheduledJob {
  file: string;
  schedule: string;
  run: () => Promise<Response>;
}

const MINUTE = 60_000;

/** Parses every schedule at once, so a typo stops the start and names its function. */
export function planSchedules(jobs: ScheduledJob[]): { job: ScheduledJob; cron: Cron }[] {
  return jobs.map((job) => {
    try {
      return { job, cron: parseCron(job.schedule) };
    } catch (error) {
      throw new Error(`${path.basename(job.file)}: ${(error as Error).message}`, { cause: error });
    }
  });
}

/** Starts the minute timer (it does not keep the process alive); returns a function that stops it. */
export function startScheduler(jobs: ScheduledJob[]): () => void {
  const plans = planSchedules(jobs);
  let last = -1;
  let timer: NodeJS.Timeout | undefined;
  const arm = (delay: number) => (timer = setTimeout(tick, delay)).unref();
  function tick() {
    // A timer may fire a little late, or a millisecond early: the minute it was set for is the one meant.
    const minute = Math.floor((Date.now() + 1_000) / MINUTE) * MINUTE;
    if (minute !== last) {
      last = minute;
      for (const { job, cron } of plans) {
        if (!cron.matches(new Date(minute))) continue;
        job.run().catch((error) => console.error(`${path.basename(job.file)} failed:`, error));
      }
    }
    arm(minute + MINUTE - Date.now());
  }
  arm(MINUTE - (Date.now() % MINUTE));
  return () => clearTimeout(timer);
}
