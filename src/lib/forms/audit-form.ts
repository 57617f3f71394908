/**
 * What both audit forms (the 5-step intake and the contact page's short form) are built from: a shape of
 * fields, the conditional fields each asks only when an earlier answer calls for them, and the two schemas
 * made of those: the island's form and the request `POST /api/audits` takes.
 */
import * as z from 'zod/mini';
import { consentField, emailField, includes, optionalText, requiredText, requireWhen, runOnObjects } from './fields.ts';
import { personName } from './person-name.schema.ts';
import { submitMeta } from './spam.ts';

/** Who the lead is: both forms open with these. */
export const leadShape = {
  fullName: personName('Full name is required'),
  workEmail: emailField('Work email is required', 'Please enter a valid work email address'),
  phone: optionalText(40),
  jobTitle: optionalText(),
};

export const companyName = requiredText('Company name is required');

/** The company's address, asked by both forms. */
export const addressShape = {
  address: requiredText('Company address is required'),
  city: requiredText('City is required'),
  state: requiredText('State is required'),
  zipCode: requiredText('ZIP code is required', 20),
};

/** The consent box both forms end with (only `true` passes). */
export const consentShape = {
  consent: consentField('Please agree to the privacy policy to submit your audit request'),
};

/** The questions both forms ask in the same words. */
export const sharedLabels = {
  fullName: 'Full name',
  workEmail: 'Work email',
  phone: 'Phone',
  jobTitle: 'Job title',
  companyName: 'Company name',
  address: 'Company address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  serviceType: 'Service type',
  otherServiceType: 'Other service type',
  consent: 'Consent',
};

export type FormShape = Record<string, z.ZodMiniType>;
export type AnswersOf<S extends FormShape> = { [K in keyof S]: z.output<S[K]> };

/** A field asked only when `when` holds for the answers; `message` makes it required then. */
export interface Condition<A> {
  field: keyof A & string;
  when: (answers: A) => boolean;
  message?: string;
}

/** The condition that the answer to `key` is `value`. */
export const is =
  <K extends string>(key: K, value: string) =>
  (answers: Record<K, unknown>): boolean =>
    answers[key] === value;

/** The condition that the answers to `key` include `value` (never true for anything but a list). */
export const has =
  <K extends string>(key: K, value: string) =>
  (answers: Record<K, unknown>): boolean =>
    includes(answers[key], value);

/** Whether a field is shown for these answers (fields without a condition always are). */
export const shownBy =
  <A>(conditions: readonly Condition<A>[]) =>
  (field: keyof A & string, answers: A): boolean =>
    conditions.find((c) => c.field === field)?.when(answers) ?? true;

/** The form's schema for the island and the request's for `POST /api/audits`, told apart by `source`. */
export function formSchemas<const Source extends string, S extends FormShape>(
  source: Source,
  shape: S,
  conditions: readonly Condition<AnswersOf<S>>[],
) {
  const rules = z.superRefine<AnswersOf<S>>(
    (answers, ctx) => {
      for (const { field, when, message } of conditions) {
        if (message) requireWhen(ctx, when(answers), answers[field], field, message);
      }
    },
    { when: runOnObjects },
  );
  return {
    form: z.object(shape).check(rules as never),
    request: z.object({ source: z.literal(source), ...shape, ...submitMeta.shape }).check(rules as never),
  };
}

/**
 * A fresh form: each field's default ('' or an empty list or false), else '' for a required text or
 * choice and false for the consent box, which are left for the visitor to fill in.
 */
export function emptyAnswers<S extends FormShape>(shape: S): { [K in keyof S]: z.input<S[K]> } {
  const empty = (field: z.ZodMiniType): unknown => {
    const def = field._zod.def as { type: string; defaultValue?: unknown };
    if (def.type === 'default') return def.defaultValue;
    return def.type === 'literal' ? false : '';
  };
  return Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, empty(field)])) as never;
}
