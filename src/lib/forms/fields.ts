/**
 * Field builders shared by every form schema. They use `zod/mini`, whose functions tree-shake, so a form
 * island ships a few KB of validation instead of all of zod; the functions validate with the same schemas.
 */
import * as z from 'zod/mini';
import type { Option } from './audit-options.ts';

/** Longest answer of a one-line field. */
export const SHORT_TEXT_MAX = 200;
/** Longest answer of a free-text area. */
export const LONG_TEXT_MAX = 4000;

const tooLong = (max: number) => `Keep it under ${max} characters`;

/**
 * Text a database can store as it was typed: PostgreSQL text cannot hold U+0000, and half of a UTF-16
 * surrogate pair would be stored as U+FFFD, so both are refused rather than failing or changing silently.
 */
export const storableText = z.refine<string>(
  (v: string) => !v.includes('\u0000') && v.isWellFormed(),
  'This answer contains a character we cannot store. Please retype it.',
);

/** A trimmed answer that must not be empty. */
export const requiredText = (message: string, max = SHORT_TEXT_MAX) =>
  z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong(max)), storableText);

/** A trimmed answer that may be empty ('' when left out). */
export const optionalText = (max = SHORT_TEXT_MAX) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, tooLong(max)), storableText), '');

/** A required email address, stored in lower case; an empty field says it is required, not that it is no email. */
export const emailField = (requiredMessage: string, invalidMessage = 'Enter a valid email address') =>
  z.string(requiredMessage).check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, requiredMessage),
    z.refine((v) => v === '' || (v.length <= 254 && z.regexes.email.test(v)), invalidMessage),
  );

/** One choice of an option set, or '' when it is not required and left out. */
export const optionalChoice = <V extends string>(set: readonly Option<V>[]) =>
  z._default(z.union([z.enum(set.map((o) => o.value) as [V, ...V[]]), z.literal('')]), '');

/** One choice of an option set that must be made. */
export const requiredChoice = <V extends string>(set: readonly Option<V>[], message: string) =>
  z.enum(set.map((o) => o.value) as [V, ...V[]], message);

/** Any number of distinct choices of an option set ('Select all that apply'). */
export const multiChoice = <V extends string>(set: readonly Option<V>[]) =>
  z._default(
    z
      .array(
        z.enum(set.map((o) => o.value) as [V, ...V[]], 'Choose from the listed options'),
        'Choose from the listed options',
      )
      .check(
        z.maxLength(set.length),
        z.refine((list) => new Set(list).size === list.length, 'Each option can be chosen once'),
      ),
    [],
  );

/** The consent checkbox of docs/decisions/0004-consent-on-every-public-form.md: only `true` passes. */
export const consentField = (message: string) => z.literal(true, message);

/** Whether `list` is a list holding `value` (false for anything else: rules also run on bad input). */
export const includes = (list: unknown, value: string): boolean => Array.isArray(list) && list.includes(value);

/**
 * Lets a form's cross-field rules run even when single fields already failed, so one submit shows every
 * message at once; the rules read answers defensively because they may be of the wrong type.
 */
export const runOnObjects = (payload: { value: unknown }): boolean =>
  typeof payload.value === 'object' && payload.value !== null;

/** An issue on `path` when `condition` holds and the answer there is empty. */
export function requireWhen(
  ctx: { issues: unknown[] },
  condition: boolean,
  value: unknown,
  path: string,
  message: string,
): void {
  if (condition && (typeof value !== 'string' || value.trim() === '')) {
    ctx.issues.push({ code: 'custom', message, path: [path], input: value });
  }
}
