import { describe, expect, it } from 'vitest';
import { CronError, parseCron } from '../../../scripts/lib/cron.ts';

/** A UTC date from an ISO-like `YYYY-MM-DDTHH:MM`. */
const at = (iso: string) => new Date(`${iso}:00Z`);

/** The minutes of one UTC day (from `day`) at which the expression fires, as `HH:MM`. */
function firesOn(expression: string, day: string): string[] {
  const cron = parseCron(expression);
  const start = at(`${day}T00:00`).getTime();
  const hits: string[] = [];
  for (let m = 0; m < 24 * 60; m++) {
    const date = new Date(start + m * 60_000);
    if (cron.matches(date)) hits.push(date.toISOString().slice(11, 16));
  }
  return hits;
}

/** The days of a month (1-based) on which the expression fires at least once. */
function daysIn(expression: string, month: string): number[] {
  const cron = parseCron(expression);
  const days: number[] = [];
  for (let d = 1; d <= 31; d++) {
    const date = at(`${month}-${String(d).padStart(2, '0')}T00:00`);
    if (date.getUTCMonth() !== at(`${month}-01T00:00`).getUTCMonth()) break;
    for (let m = 0; m < 24 * 60; m++) {
      if (cron.matches(new Date(date.getTime() + m * 60_000))) {
        days.push(d);
        break;
      }
    }
  }
  return days;
}

describe('cron matcher', () => {
  it('runs the project schedules at their own minutes: every minute, hourly, daily', () => {
    expect(firesOn('* * * * *', '2026-03-10')).toHaveLength(1440);
    expect(firesOn('@hourly', '2026-03-10')).toEqual(
      Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`),
    );
    expect(firesOn('@daily', '2026-03-10')).toEqual(['00:00']);
  });

  it('matches in UTC, not in the local time zone, and ignores seconds', () => {
    const daily = parseCron('@daily');
    expect(daily.matches(new Date('2026-03-10T00:00:59.999Z'))).toBe(true);
    expect(daily.matches(new Date('2026-03-09T23:00:00-01:00'))).toBe(true);
    expect(daily.matches(new Date('2026-03-10T00:00:00+01:00'))).toBe(false);
    expect(parseCron('30 14 * * *').matches(new Date('2026-03-10T15:30:00+01:00'))).toBe(true);
  });

  it('knows every alias', () => {
    expect(daysIn('@monthly', '2026-02')).toEqual([1]);
    expect(firesOn('@monthly', '2026-02-01')).toEqual(['00:00']);
    expect(firesOn('@midnight', '2026-02-02')).toEqual(['00:00']);
    // 2026-03-01 and 2026-03-08 are Sundays.
    expect(daysIn('@weekly', '2026-03')).toEqual([1, 8, 15, 22, 29]);
    for (const yearly of ['@yearly', '@annually']) {
      expect(parseCron(yearly).matches(at('2027-01-01T00:00'))).toBe(true);
      expect(parseCron(yearly).matches(at('2027-02-01T00:00'))).toBe(false);
      expect(parseCron(yearly).matches(at('2027-01-01T00:01'))).toBe(false);
    }
  });

  it('reads steps, ranges, stepped ranges, lists and their mixes', () => {
    expect(firesOn('*/15 3 * * *', '2026-03-10')).toEqual(['03:00', '03:15', '03:30', '03:45']);
    expect(firesOn('0 9-11 * * *', '2026-03-10')).toEqual(['09:00', '10:00', '11:00']);
    expect(firesOn('5 0-12/4 * * *', '2026-03-10')).toEqual(['00:05', '04:05', '08:05', '12:05']);
    expect(firesOn('0,30 6,18 * * *', '2026-03-10')).toEqual(['06:00', '06:30', '18:00', '18:30']);
    expect(firesOn('50/5 23 * * *', '2026-03-10')).toEqual(['23:50', '23:55']);
    expect(firesOn('0 1,2-4/2,*/12 * * *', '2026-03-10')).toEqual(['00:00', '01:00', '02:00', '04:00', '12:00']);
  });

  it('reads months and weekdays by number and by name, with 7 as Sunday', () => {
    expect(daysIn('0 0 * * 1-5', '2026-03')).toEqual([
      2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20, 23, 24, 25, 26, 27, 30, 31,
    ]);
    expect(daysIn('0 0 * * mon-fri', '2026-03')).toEqual(daysIn('0 0 * * 1-5', '2026-03'));
    expect(daysIn('0 0 * * 7', '2026-03')).toEqual([1, 8, 15, 22, 29]);
    expect(daysIn('0 0 * * SUN', '2026-03')).toEqual([1, 8, 15, 22, 29]);
    expect(daysIn('0 0 * * 5-7', '2026-03')).toEqual([1, 6, 7, 8, 13, 14, 15, 20, 21, 22, 27, 28, 29]);
    expect(daysIn('0 0 1 jun *', '2026-06')).toEqual([1]);
    expect(daysIn('0 0 1 jun *', '2026-07')).toEqual([]);
    expect(daysIn('0 0 1 */3 *', '2026-04')).toEqual([1]);
    expect(daysIn('0 0 1 */3 *', '2026-05')).toEqual([]);
  });

  it('fires on either day field when both are restricted, on both when one is *', () => {
    // The 13th of March 2026 is a Friday; Fridays are 6, 13, 20, 27.
    expect(daysIn('0 0 13 * 5', '2026-03')).toEqual([6, 13, 20, 27]);
    expect(daysIn('0 0 1,15 * 1', '2026-03')).toEqual([1, 2, 9, 15, 16, 23, 30]);
    expect(daysIn('0 0 13 * *', '2026-03')).toEqual([13]);
    expect(daysIn('0 0 * * 5', '2026-03')).toEqual([6, 13, 20, 27]);
    // A stepped * restricts its field, so the either rule applies: the 1st, 11th, 21st, 31st or a Monday.
    expect(daysIn('0 0 */10 * 1', '2026-03')).toEqual([1, 2, 9, 11, 16, 21, 23, 30, 31]);
  });

  it('never fires on a date that does not exist', () => {
    expect(daysIn('0 0 31 * *', '2026-04')).toEqual([]);
    expect(daysIn('0 0 30 2 *', '2028-02')).toEqual([]);
    expect(daysIn('0 0 29 2 *', '2028-02')).toEqual([29]);
  });

  it('rejects an invalid expression with a message that says what is wrong', () => {
    const cases: [string, RegExp][] = [
      ['', /expected 5 fields .*got 1/],
      ['* * * *', /expected 5 fields \(minute hour day-of-month month day-of-week\), got 4/],
      ['* * * * * *', /got 6/],
      ['@every 1m', /unknown alias; use one of @yearly @annually @monthly @weekly @daily @midnight @hourly/],
      ['@often', /unknown alias/],
      ['60 * * * *', /minute "60" has 60, outside 0-59/],
      ['* 24 * * *', /hour "24" has 24, outside 0-23/],
      ['* * 0 * *', /day of month "0" has 0, outside 1-31/],
      ['* * 32 * *', /day of month "32"/],
      ['* * * 13 *', /month "13" has 13, outside 1-12/],
      ['* * * * 8', /day of week "8" has 8, outside 0-7/],
      ['*/0 * * * *', /minute "\*\/0" has the step "0"; a step is a whole number of at least 1/],
      ['*/x * * * *', /step "x"/],
      ['5-1 * * * *', /minute "5-1" has the range 5-1, which runs backwards/],
      ['1-2-3 * * * *', /minute "1-2-3" has "1-2-3"; write \*, n or a-b/],
      ['1,,2 * * * *', /minute "1,,2" has ""/],
      ['? * * * *', /minute "\?" has "\?"/],
      ['* * * * funday', /day of week "funday" has "funday", which is not a number/],
      ['-1 * * * *', /minute "-1"/],
      ['1/2/3 * * * *', /minute "1\/2\/3"/],
    ];
    for (const [expression, message] of cases) {
      let error: unknown;
      try {
        parseCron(expression);
      } catch (e) {
        error = e;
      }
      expect(error, expression).toBeInstanceOf(CronError);
      expect((error as Error).message, expression).toMatch(message);
      expect((error as Error).message, expression).toContain(`Invalid cron expression "${expression}"`);
    }
  });

  it('accepts spacing and case as crontabs write them', () => {
    expect(parseCron('  0   12 * *\tMON ').matches(at('2026-03-09T12:00'))).toBe(true);
    expect(parseCron('@Daily').matches(at('2026-03-09T00:00'))).toBe(true);
  });
});
