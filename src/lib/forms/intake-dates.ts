/** The intake's one date answer, when the website was last updated: a calendar day from 1990 to today. */
import * as z from 'zod/mini';

/** The earliest last-website-update date the form accepts. */
export const WEBSITE_UPDATE_MIN = '1990-01-01';
export const WEBSITE_UPDATE_MESSAGE = 'Please choose a date between Jan 01, 1990 and today';

/** `YYYY-MM-DD` of a date in the local time zone (the visitor's, in a browser). */
export const isoDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The latest date that counts as today: the visitor's own date in a browser; on the server, which runs in
 * UTC, the date where the day is furthest ahead (UTC+14), so no visitor's today is refused.
 */
export function latestToday(now = new Date()): string {
  if (typeof window !== 'undefined') return isoDate(now);
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** Whether `YYYY-MM-DD` names a day of the calendar (not 2023-02-31 or 2000-13-99). */
const isCalendarDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** The answer: empty, or a calendar day from WEBSITE_UPDATE_MIN to today. */
export const websiteUpdate = z._default(
  z.string().check(
    z.trim(),
    z.refine(
      (v) => v === '' || (isCalendarDate(v) && v >= WEBSITE_UPDATE_MIN && v <= latestToday()),
      WEBSITE_UPDATE_MESSAGE,
    ),
  ),
  '',
);
