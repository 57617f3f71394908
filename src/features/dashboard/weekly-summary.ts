/**
 * The weekly summary (the scheduled function weekly-summary.mts): every Monday at 08:00 in the agency's time
 * zone, one mail per admin with the previous week's headline figures (Monday to Sunday, the dashboard's
 * `DashboardTotals`) beside the week before's, through the outbox. Netlify's cron runs in UTC, where 08:00 in New
 * York is 12:00 in summer and 13:00 in winter: the function runs at both and queues only in the hour that is 8
 * o'clock there. The idempotency key holds the week and the admin, so a retried run (or a second run in the hour)
 * never sends a summary twice.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { AGENCY_TIME_ZONE, type DashboardTotals } from './contract.ts';
import { getDashboard } from './dashboard.ts';
import { addDays, agencyToday, weeksEnding, type DashboardPeriod } from './period.ts';
import { weeklySummaryMail } from './summary-mail.ts';
import type { ClosedCard, DayPeriod } from '../pipeline/contract.ts';

/** The hour of Monday, in the agency's time zone, at which the summary goes out. */
export const SUMMARY_HOUR = 8;

const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: AGENCY_TIME_ZONE,
  weekday: 'short',
  hour: 'numeric',
  hourCycle: 'h23',
});

/** The week a run at `now` sums up (the Monday-to-Sunday before it), or null when it is not Monday 08:xx there. */
export function summaryWeek(now: Date): DashboardPeriod | null {
  const part = Object.fromEntries(clock.formatToParts(now).map((p) => [p.type, p.value]));
  if (part.weekday !== 'Mon' || Number(part.hour) !== SUMMARY_HOUR) return null;
  return weeksEnding(addDays(agencyToday(now), -1), 1);
}

export interface SummaryRun {
  /** The Monday of the week summed up, or null when this run was not the hour to send. */
  week: string | null;
  /** Mails queued by this run (an admin already sent this week's is not counted). */
  queued: number;
}

/** The admins whose account is confirmed (an unconfirmed sign-up's address is not theirs yet), by name. */
const admins = (db: Db) =>
  db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.role, 'admin'), eq(users.emailVerified, true)))
    .orderBy(asc(users.name), asc(users.email), asc(users.id));

/** The headline figures of one period. */
const totalsOf = async (db: Db, period: DashboardPeriod, now: Date): Promise<DashboardTotals> =>
  (await getDashboard(db, period, now)).totals;

/** The week's won and lost deals (the pipeline's `closedIn`, passed in by the function). */
export type ClosedDeals = (db: Db, period: DayPeriod) => Promise<ClosedCard[]>;

/** Queues the summary for every admin when `now` is Monday 08:xx in the agency's time zone. */
export async function queueWeeklySummary(
  db: Db,
  now = new Date(),
  closedIn: ClosedDeals = async () => [],
): Promise<SummaryRun> {
  const week = summaryWeek(now);
  if (!week) return { week: null, queued: 0 };
  const previous = weeksEnding(addDays(week.from, -1), 1);
  const [recipients, totals, before, deals] = await Promise.all([
    admins(db),
    totalsOf(db, week, now),
    totalsOf(db, previous, now),
    closedIn(db, week),
  ]);
  let queued = 0;
  for (const admin of recipients) {
    const mail = weeklySummaryMail({ to: admin.email, week, totals, before, deals });
    queued += (await enqueueMail(db, `weekly-summary:${week.from}:${admin.id}`, [mail])).size;
  }
  return { week: week.from, queued };
}
