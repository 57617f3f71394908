/**
 * The verdict of `npm run bench:faults` (bench/faults.ts) over its scenarios' rows, and its exit status:
 * - 1, FAIL: a scenario's checker found differences (a submit, upload or erasure that was told 2xx, or attempted,
 *   and is not kept; a duplicate; an undocumented answer), or a part's recovery slower than stated;
 * - 2, could not run: a scenario's workload could not run as planned (it was late for its fault on a slow machine,
 *   and names what was late), or the bench was stopped from outside; nothing it attempted was lost;
 * - 0, PASS.
 * What a workload never attempted is never counted lost: a slow machine is not a finding about the code.
 */
import type { Row } from './table.ts';

/** The stated recovery: a 2xx answer within this many seconds of the part's return, without a restart by hand. */
export const ANSWERS_AGAIN_WITHIN_S = 10;
/** And every queued mail delivered within this many seconds of the provider's return (retries back off). */
export const MAIL_CAUGHT_UP_WITHIN_S = 150;

export type Status = 'ok' | 'FAIL' | 'could not run' | 'interrupted';

export function statusOf(row: Row): Status {
  if (row.interrupted) return 'interrupted';
  const v = row.verdict;
  const differences =
    v.lost + v.duplicated + v.unanswered + v.mails.lost + v.mails.duplicated + v.undocumented > 0 ||
    (row.answersAgain !== null && !(row.answersAgain <= ANSWERS_AGAIN_WITHIN_S)) ||
    !(row.mailCaughtUp <= MAIL_CAUGHT_UP_WITHIN_S);
  if (differences) return 'FAIL';
  return row.notRun.length ? 'could not run' : 'ok';
}

/** The closing line and the exit status of a run over `rows`. */
export function outcome(rows: readonly Row[]): { exitCode: 0 | 1 | 2; line: string } {
  const statuses = rows.map((row) => ({ row, status: statusOf(row) }));
  const notRun = statuses
    .filter((s) => s.status === 'could not run')
    .map(({ row }) => `${row.scenario.name} (${row.notRun.join('; ')})`);
  const couldNot = notRun.length ? ` Could not run: ${notRun.join(', ')}.` : '';
  if (statuses.some((s) => s.status === 'FAIL'))
    return { exitCode: 1, line: `FAIL: the checker found differences (above).${couldNot}` };
  if (notRun.length)
    return {
      exitCode: 2,
      line:
        `could not run: ${notRun.join(', ')}. Nothing it attempted was lost or duplicated; what it did not attempt ` +
        'is not counted. Run it again on a quieter machine.',
    };
  if (statuses.some((s) => s.status === 'interrupted'))
    return { exitCode: 2, line: 'INTERRUPTED: a scenario was stopped from outside (above); run it again.' };
  return { exitCode: 0, line: 'PASS: nothing lost, nothing duplicated.' };
}
