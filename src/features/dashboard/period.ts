/**
 * The dashboard's period (`?from=YYYY-MM-DD&to=YYYY-MM-DD`): agency days, both included. Either may be left
 * out: `to` defaults to today in the agency's time zone and `from` to the start of the DEFAULT_WEEKS full weeks
 * (7-day spans) that end on `to`. A value that is not a calendar day, `from` after `to`, or a period longer than
 * DASHBOARD_MAX_DAYS is a 422 naming the parameter, as the leads' filters are (leads.ts).
 */
import { invalidFields } from '../../server/errors.ts';
import { AGENCY_TIME_ZONE, DASHBOARD_MAX_DAYS, DASHBOARD_PERIOD_WEEKS } from './contract.ts';

export interface DashboardPeriod {
  /** The first agency day, `YYYY-MM-DD`. */
  from: string;
  /** The last agency day, `YYYY-MM-DD` (included). */
  to: string;
}

/** The weeks of the period the dashboard opens on: the first preset of the picker. */
export const DEFAULT_WEEKS = DASHBOARD_PERIOD_WEEKS[0];

const DAY_MS = 86_400_000;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const agencyDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: AGENCY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The agency's calendar day at `now`, `YYYY-MM-DD` (en-CA writes dates in that order). */
export const agencyToday = (now: Date): string => agencyDay.format(now);

/** Milliseconds of a `YYYY-MM-DD` day at 00:00 UTC: day arithmetic without the time zone's 23- or 25-hour days. */
const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `day` plus `days` (negative: earlier), as calendar days. */
export const addDays = (day: string, days: number): string => dayOf(dayMs(day) + days * DAY_MS);

/** The days from `from` to `to`, both included. */
export const daysIn = (period: DashboardPeriod): number => (dayMs(period.to) - dayMs(period.from)) / DAY_MS + 1;

/** The `weeks` full weeks (7-day spans) that end on `to`. */
export const weeksEnding = (to: string, weeks: number): DashboardPeriod => ({ from: addDays(to, 1 - 7 * weeks), to });

/** The Monday that starts the week of `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(dayMs(day)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** Whether `value` is a calendar day written `YYYY-MM-DD` (no 2026-02-30). */
function isDay(value: string): boolean {
  const match = dayPattern.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= 1900 && dayOf(dayMs(value)) === value;
}

/** The period of a dashboard URL at `now`; a 422 naming `from` or `to` when it cannot be one. */
export function dashboardPeriod(url: URL, now = new Date()): DashboardPeriod {
  const fields: Record<string, string> = {};
  const read = (name: 'from' | 'to'): string | null => {
    const value = (url.searchParams.get(name) ?? '').trim();
    if (!value) return null;
    if (isDay(value)) return value;
    fields[name] = 'Use a date written YYYY-MM-DD';
    return null;
  };
  const givenFrom = read('from');
  const givenTo = read('to');
  if (Object.keys(fields).length) throw invalidFields(fields, 'The period is not valid.');
  const to = givenTo ?? agencyToday(now);
  const from = givenFrom ?? weeksEnding(to, DEFAULT_WEEKS).from;
  if (from > to) {
    throw invalidFields({ from: `Use a date on or before ${to}` }, 'The period is not valid.');
  }
  if (daysIn({ from, to }) > DASHBOARD_MAX_DAYS) {
    throw invalidFields(
      {
        from: `The period may span at most ${DASHBOARD_MAX_DAYS} days; use a date on or after ${addDays(to, 1 - DASHBOARD_MAX_DAYS)}`,
      },
      'The period is not valid.',
    );
  }
  return { from, to };
}
