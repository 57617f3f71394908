/**
 * What a prefill rule is (docs/audit-prefill-rules.md): a named reading of a few of the lead's answers that
 * either sets an area's score outright or moves it up or down, and says why in the lead's own answers.
 */
import type { AuditSubmission } from '../../../db/schema.ts';
import type { PrefillReason, ReportAreaId } from '../../../lib/audit-report.ts';
import { answerOf } from '../../leads/contract.ts';

/** What a rule made of the answers: a score to start from (`set`) or a move (`delta`), and the reasons. */
export interface Finding {
  set?: number;
  delta?: number;
  reasons: PrefillReason[];
}

export interface Rule {
  /** Its name in docs/audit-prefill-rules.md. */
  name: string;
  area: ReportAreaId;
  /** Which form's answers it reads: the 5-step intake, or the contact page's short form. */
  form: 'intake' | 'contact_page';
  /** null: the rule has nothing to say about these answers. */
  read: (row: AuditSubmission) => Finding | null;
}

/** A reason: the question and answer of `field`, and what the rule concluded from it. */
export const because = (row: AuditSubmission, field: string, note: string): PrefillReason => ({
  ...answerOf(row, field),
  note,
});

/** How many of `wanted` a list answer holds. */
export const countOf = (list: readonly string[], wanted: readonly string[]) =>
  list.filter((value) => wanted.includes(value)).length;

/** The first whole number in a free-text answer ("about 4", "3-5 a year" → 3), or null when there is none. */
export function firstNumber(text: string): number | null {
  const match = /\d+/.exec(text);
  if (match) return Number(match[0]);
  return /\b(none|never|zero|no)\b/i.test(text) ? 0 : null;
}

type Note = string | ((n: number) => string);
const noteFor = (note: Note, n: number) => (typeof note === 'function' ? note(n) : note);

/** A count read against steps `[upTo, delta, note]`: the first step whose `upTo` is at least `n` applies. */
export function scaled(
  row: AuditSubmission,
  field: string,
  n: number,
  steps: readonly [number, number, Note][],
): Finding {
  const [, delta, note] = steps.find(([upTo]) => n <= upTo) ?? steps[steps.length - 1]!;
  return { delta, reasons: [because(row, field, noteFor(note, n))] };
}

/** One answer's yes or no: `yes` when `holds`, else `no` (each a delta and a note; null: nothing to say). */
export function either(
  row: AuditSubmission,
  field: string,
  holds: boolean,
  yes: [number, string] | null,
  no: [number, string] | null,
): Finding | null {
  const [delta, note] = (holds ? yes : no) ?? [];
  return note === undefined ? null : { delta, reasons: [because(row, field, note)] };
}

/**
 * A choice read from `table` (value → number and note): the number sets the score outright (`set`) or moves
 * it (`delta`); null for a value the table does not list.
 */
export function fromTable(
  row: AuditSubmission,
  field: string,
  value: string,
  table: Record<string, [number, string]>,
  kind: 'set' | 'delta' = 'set',
): Finding | null {
  // Own keys only: a stored value such as `__proto__` or `toString` is no choice of the table's.
  const known = Object.hasOwn(table, value) ? table[value] : undefined;
  return known ? { [kind]: known[0], reasons: [because(row, field, known[1])] } : null;
}
