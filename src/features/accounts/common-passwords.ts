/**
 * The most common passwords of 12 or more characters (shorter ones are refused by length already), lower
 * case, in common-passwords.json: the obvious choices an attacker tries first, written for this site
 * (keyboard walks, "password"/"welcome"/"iloveyou" and friends with the usual digits, years and marks).
 * Refused offline at sign-up and password reset (password-policy.ts), whatever their letter case; the breach
 * check of the deployed site covers the long tail.
 */
import list from './common-passwords.json' with { type: 'json' };

/** The list as a set, for one lookup per password. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(list);

/** Whether `password` is on the list, in any letter case. */
export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());
