/**
 * The dashboard's period: a preset of the last 4, 12 or 52 weeks, or dates the user chose. A preset ends today
 * and starts on the Monday that makes it that many weeks (the current week counts, however far into it we are),
 * so its chart has exactly as many bars as it says. Days are the agency's (the contract's time zone), not the
 * browser's: a New York Monday is the server's week start whatever the staff member's clock says.
 */
import { AGENCY_TIME_ZONE, DASHBOARD_PERIOD_WEEKS } from '../../../features/dashboard/contract.ts';

export type PresetWeeks = (typeof DASHBOARD_PERIOD_WEEKS)[number];

/** What the picker chose: a preset, or the days of a custom range as the date inputs give them. */
export type Period = { weeks: PresetWeeks } | { from: string; to: string };

export const DEFAULT_PERIOD: Period = { weeks: DASHBOARD_PERIOD_WEEKS[0] };

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of `now` in the agency's time zone. */
export function agencyToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: AGENCY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** `day` moved by `days` (calendar arithmetic on the date alone, no clock or time zone in it). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week `day` is in. */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The `from` and `to` the API is asked for. */
export function periodRange(period: Period, today: string = agencyToday()): { from: string; to: string } {
  if ('from' in period) return { from: period.from, to: period.to };
  return { from: addDays(mondayOf(today), -7 * (period.weeks - 1)), to: today };
}
