/**
 * What a prefill rule is (docs/audit-prefill-rules.md): a named reading of a few of the lead's answers that
 * either sets an area's score outright or moves it up or down, and says why in the lead's own answers.
 */
import type { AuditSubmission } from '../../db/schema.ts';
import type { PrefillReason, ReportAreaId } from '../../lib/audit-report.ts';
import { answerOf } from '../audit-answers.ts';

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
