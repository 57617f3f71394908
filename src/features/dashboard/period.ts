/**
 * The dashboard's period (`?from=YYYY-MM-DD&to=YYYY-MM-DD`): agency days, both included. Either may be left
 * out: `to` defaults to today in the agency's time zone and `from` to the start of the last DEFAULT_WEEKS Monday
 * weeks, as the portal's first preset (src/lib/agency-days.ts `lastWeeks`). A value that is not a calendar day, `from` after `to`, or a period longer than
 * DASHBOARD_MAX_DAYS is a 422 naming the parameter, as the leads' filters are (leads.ts).
 */
import { invalidFields } from '../../server/errors.ts';
import { addDays, agencyToday, daysBetween, isDay, lastWeeks } from '../../lib/agency-days.ts';
import { DASHBOARD_MAX_DAYS, DASHBOARD_PERIOD_WEEKS } from './contract.ts';

export { addDays, agencyToday, mondayOf } from '../../lib/agency-days.ts';

export interface DashboardPeriod {
  /** The first agency day, `YYYY-MM-DD`. */
  from: string;
  /** The last agency day, `YYYY-MM-DD` (included). */
  to: string;
}

/** The weeks of the period the dashboard opens on: the first preset of the picker. */
export const DEFAULT_WEEKS = DASHBOARD_PERIOD_WEEKS[0];

/** The `weeks` full weeks (7-day spans) that end on `to`: the weekly summary's week, Monday to Sunday. */
export const weeksEnding = (to: string, weeks: number): DashboardPeriod => ({ from: addDays(to, 1 - 7 * weeks), to });

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
  const from = givenFrom ?? lastWeeks(DEFAULT_WEEKS, to).from;
  if (from > to) {
    throw invalidFields({ from: `Use a date on or before ${to}` }, 'The period is not valid.');
  }
  if (daysBetween(from, to) > DASHBOARD_MAX_DAYS) {
    throw invalidFields(
      {
        from: `The period may span at most ${DASHBOARD_MAX_DAYS} days; use a date on or after ${addDays(to, 1 - DASHBOARD_MAX_DAYS)}`,
      },
      'The period is not valid.',
    );
  }
  return { from, to };
}
