/**
 * The cron expressions of scheduled functions (`config.schedule`), matched in UTC as Netlify runs them.
 * Five fields (minute hour day-of-month month day-of-week), each a list (`a,b`) of `*`, `n` or `a-b`, any of
 * them with a step (`/n`; `a/n` runs from a to the field's end); month and weekday names (`jan`, `mon`);
 * 7 as Sunday; and the aliases `@yearly @annually @monthly @weekly @daily @midnight @hourly`.
 */

const aliases: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: string[];
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const fieldSpecs: FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  // Names count from the field's minimum: jan = 1, sun = 0.
  { name: 'month', min: 1, max: 12, names: months },
  // 7 is Sunday too, as in every common cron; folded onto 0 below.
  { name: 'day of week', min: 0, max: 7, names: weekdays },
];

/** A cron expression that cannot be scheduled, with what is wrong in words. */
export class CronError extends Error {
  constructor(expression: string, problem: string) {
    super(`Invalid cron expression "${expression}": ${problem}.`);
    this.name = 'CronError';
  }
}

/** A parsed schedule: the values each field allows. */
export interface Cron {
  readonly expression: string;
  /** True when the schedule fires in the minute of `date` (UTC; seconds are ignored). */
  matches(date: Date): boolean;
}

/** Parses a cron expression or alias; throws a CronError naming the faulty field. */
export function parseCron(expression: string): Cron {
  const source = expression.trim();
  const fields = (aliases[source.toLowerCase()] ?? source).split(/\s+/);
  if (source.startsWith('@') && !aliases[source.toLowerCase()]) {
    throw new CronError(expression, `unknown alias; use one of ${Object.keys(aliases).join(' ')}`);
  }
  if (fields.length !== 5) {
    throw new CronError(
      expression,
      `expected 5 fields (minute hour day-of-month month day-of-week), got ${fields.length}`,
    );
  }
  const [minute, hour, dom, month, dow] = fields.map((text, i) => parseField(expression, text, fieldSpecs[i]!));
  if (dow!.values.has(7)) dow!.values.add(0);
  // Standard cron: when both day fields are restricted, a day matches if either does.
  const either = !dom!.star && !dow!.star;
  return {
    expression,
    matches(date) {
      const dayOfMonth = dom!.values.has(date.getUTCDate());
      const dayOfWeek = dow!.values.has(date.getUTCDay());
      return (
        minute!.values.has(date.getUTCMinutes()) &&
        hour!.values.has(date.getUTCHours()) &&
        month!.values.has(date.getUTCMonth() + 1) &&
        (either ? dayOfMonth || dayOfWeek : dayOfMonth && dayOfWeek)
      );
    },
  };
}

/** One field's allowed values, and whether it was an unrestricted `*` (which the day rule needs). */
function parseField(expression: string, text: string, spec: FieldSpec): { values: Set<number>; star: boolean } {
  const fail = (problem: string): never => {
    throw new CronError(expression, `${spec.name} "${text}" ${problem}`);
  };
  const number = (part: string): number => {
    const index = spec.names?.indexOf(part.toLowerCase()) ?? -1;
    if (index >= 0) return index + (spec.min === 1 ? 1 : 0);
    if (!/^\d+$/.test(part)) fail(`has "${part}", which is not a number`);
    const value = Number(part);
    if (value < spec.min || value > spec.max) fail(`has ${value}, outside ${spec.min}-${spec.max}`);
    return value;
  };

  const values = new Set<number>();
  let star = false;
  for (const item of text.split(',')) {
    const parts = /^(?:(\*)|(\w+)(?:-(\w+))?)(?:\/(\w+))?$/.exec(item);
    if (!parts) fail(`has "${item}"; write *, n or a-b, each with an optional /step, separated by commas`);
    const [, all, first = '', last, stepText] = parts!;
    const step = stepText === undefined ? 1 : /^\d+$/.test(stepText) ? Number(stepText) : 0;
    if (step < 1) fail(`has the step "${stepText}"; a step is a whole number of at least 1`);
    let [from, to] = [spec.min, spec.max];
    if (all) {
      // `*` with a step over 1 restricts the field (robfig/cron's rule, which the day rule below follows).
      if (step === 1) star = true;
    } else {
      from = number(first);
      // `a/n` runs from a to the end of the field; a plain `a` is that one value.
      to = last !== undefined ? number(last) : stepText !== undefined ? spec.max : from;
      if (from > to) fail(`has the range ${first}-${last}, which runs backwards`);
    }
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return { values, star };
}
