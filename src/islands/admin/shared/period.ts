/**
 * The dashboard's period: a preset of the last 4, 12 or 52 weeks, or dates the user chose. A preset ends today
 * and starts on the Monday that makes it that many weeks (the current week counts, however far into it we are),
 * so its chart has exactly as many bars as it says. Days are the agency's (the contract's time zone), not the
 * browser's: a New York Monday is the server's week start whatever the staff member's clock says.
 */
import { DASHBOARD_PERIOD_WEEKS } from '../../../features/dashboard/contract.ts';
import { agencyToday, lastWeeks } from '../../../lib/agency-days.ts';

export { addDays, agencyToday, mondayOf } from '../../../lib/agency-days.ts';

export type PresetWeeks = (typeof DASHBOARD_PERIOD_WEEKS)[number];

/** What the picker chose: a preset, or the days of a custom range as the date inputs give them. */
export type Period = { weeks: PresetWeeks } | { from: string; to: string };

export const DEFAULT_PERIOD: Period = { weeks: DASHBOARD_PERIOD_WEEKS[0] };

/** The `from` and `to` the API is asked for. */
export function periodRange(period: Period, today: string = agencyToday()): { from: string; to: string } {
  if ('from' in period) return { from: period.from, to: period.to };
  return lastWeeks(period.weeks, today);
}
