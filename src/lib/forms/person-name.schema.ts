/**
 * A person's name as every public form and the sign-up take it. A name is echoed in mail subjects and
 * headings, so it is short and never a web address: a typed name must not turn our mail into a relay.
 */
import { requiredText } from './fields.ts';
import * as z from 'zod/mini';

/** Longest name a form or the sign-up accepts. */
export const NAME_MAX = 100;

export const NAME_URL_MESSAGE = 'Please enter your name without a web address';

/** Whether `value` holds something a mail client would show as a link (`://` or `www.`). */
export const looksLikeUrl = (value: string): boolean => /:\/\/|www\./i.test(value);

/** A required, trimmed name of at most NAME_MAX characters that holds no web address. */
export const personName = (requiredMessage: string) =>
  requiredText(requiredMessage, NAME_MAX).check(z.refine((v) => !looksLikeUrl(v), NAME_URL_MESSAGE));

/** Why an account name is refused, or null when it is fine (the sign-up's own check of the same rule). */
export function accountNameProblem(name: unknown): string | null {
  if (typeof name !== 'string') return null; // better-auth's own body schema answers a missing name
  if (name.trim().length > NAME_MAX) return `Keep your name under ${NAME_MAX} characters`;
  return looksLikeUrl(name) ? NAME_URL_MESSAGE : null;
}
