/**
 * Calendar days of the agency (America/New_York), written `YYYY-MM-DD`: the days and Monday weeks the dashboard,
 * its period picker and the weekly summary count by. Day arithmetic works on the date alone (00:00 UTC of it), so a
 * 23- or 25-hour day at a daylight-saving change never moves a date. Browser-safe: the portal and the server share it.
 */

/** The agency's time zone. */
export const AGENCY_TIME_ZONE = 'America/New_York';

const DAY_MS = 86_400_000;

const agencyDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: AGENCY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The agency's calendar day at `now` (en-CA writes dates as YYYY-MM-DD). */
export const agencyToday = (now: Date = new Date()): string => agencyDay.format(now);

const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Whether `value` is a calendar day written `YYYY-MM-DD` (no 2026-02-30), from 1900 on. */
export const isDay = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  value >= '1900' &&
  Number.isFinite(dayMs(value)) &&
  dayOf(dayMs(value)) === value;

/** `day` plus `days` (negative: earlier), as calendar days. */
export const addDays = (day: string, days: number): string => dayOf(dayMs(day) + days * DAY_MS);

/** The days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number => (dayMs(to) - dayMs(from)) / DAY_MS + 1;

/** The Monday that starts the week of `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(dayMs(day)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The last `weeks` weeks as the dashboard's presets mean them: from the Monday that makes it that many Monday weeks
 * (the current week counts, however far into it `today` is) to `today`, so a chart of it has `weeks` bars.
 */
export const lastWeeks = (weeks: number, today: string): { from: string; to: string } => ({
  from: addDays(mondayOf(today), -7 * (weeks - 1)),
  to: today,
});
