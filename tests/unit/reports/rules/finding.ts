/** Reading one rule's finding in a test, by the rule's name in docs/audit-prefill-rules.md. */
import type { AuditSubmission } from '../../../../src/db/schema.ts';
import { rules } from '../../../../src/features/reports/rules/prefill.ts';
import { intake } from './rows.ts';

/** What the rule `name` makes of `row`: null, or its set/delta and its reasons' notes. */
export function finding(name: string, row: AuditSubmission) {
  const rule = rules.find((r) => r.name === name);
  if (!rule) throw new Error(`No rule ${name}`);
  const found = rule.read(row);
  return found && { set: found.set, delta: found.delta, notes: found.reasons.map((r) => r.note) };
}

/** The deltas the rule `name` gives an intake answering `field` with each of `answers`, in order. */
export const deltasOf = (name: string, field: keyof AuditSubmission, answers: readonly unknown[]) =>
  answers.map((answer) => finding(name, intake({ [field]: answer }))?.delta);
