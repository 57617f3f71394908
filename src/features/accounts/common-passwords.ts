/**
 * The most common passwords of 12 or more characters (shorter ones are refused by length already), lower
 * case, refused offline at sign-up, password reset and change and by `npm run admin` (password-policy.ts),
 * whatever their letter case. Two lists:
 * - corpus-passwords.json: the 8,000 most common of a published breach corpus (SecLists' top million of
 *   Mark Burnett's 10 million passwords), most common first, written by scripts/common-passwords.ts from a
 *   pinned source; NOTICE at the repository's root names it and its licence (CC BY-SA 3.0).
 * - common-passwords.json: written for this site (keyboard walks, "password"/"welcome"/"iloveyou" and
 *   friends with the usual digits, years and marks).
 * The breach check of the deployed site covers the long tail.
 */
import corpus from './corpus-passwords.json' with { type: 'json' };
import own from './common-passwords.json' with { type: 'json' };

/** Both lists as one set, for one lookup per password. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([...corpus, ...own]);

/** Whether `password` is on the list, in any letter case. */
export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());
