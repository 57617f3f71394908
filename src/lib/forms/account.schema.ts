/**
 * The portal's account forms (sign-in, sign-up, password reset, confirming the password, the two-factor
 * codes): what each field must hold before the form is sent. better-auth (src/features/accounts/auth.ts) checks the
 * same password length from the same constants; the server's other refusals (a common password, a wrong
 * one) come back as its answer. No server imports: the portal island bundles this.
 */
import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN } from '../password-limits.ts';
import { emailField } from './fields.ts';

export const PASSWORD_LENGTH_MESSAGE = `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`;

const email = emailField('Email is required');
/** A password as typed (never trimmed: spaces are characters of it). */
const password = z.string().check(z.minLength(1, 'Password is required'));
/** A password being chosen: required, then the length better-auth accepts. */
const newPassword = password.check(
  z.refine((v) => v === '' || (v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX), PASSWORD_LENGTH_MESSAGE),
);

export const signInSchema = z.object({ email, password });
export const signUpSchema = z.object({ email, password: newPassword });
export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ password: newPassword });

/** What the sign-in screen holds across its modes (the email stays when the mode changes). */
export interface AccountValues {
  email: string;
  password: string;
}

/** Replacing a temporary password (one `npm run admin -- create` printed) with one's own. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, 'Enter the password you were given.')),
  newPassword,
});

/** The password that confirms a change of the account's two-factor settings. */
export const confirmPasswordSchema = z.object({
  password: z.string().check(z.minLength(1, 'Enter your password.')),
});

/** The 6 digits of an authenticator code, spaces (as some apps show it: `123 456`) taken out. */
export const normalTotp = (typed: string): string => typed.replace(/\s+/g, '');

/** A recovery code as better-auth stores it (`abcde-12345`): spaces out, the dash in when it was left out. */
export function normalRecoveryCode(typed: string): string {
  const code = typed.replace(/\s+/g, '');
  return /^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

/** A code from the authenticator app; `message` is what an answer that is not 6 digits is told. */
export const totpSchema = (message: string) =>
  z.object({ code: z.pipe(z.string(), z.transform(normalTotp)).check(z.regex(/^\d{6}$/, message)) });

/** One of the recovery codes saved when two-factor sign-in was turned on. */
export const recoveryCodeSchema = z.object({
  code: z.pipe(z.string(), z.transform(normalRecoveryCode)).check(z.minLength(1, 'Enter one of your recovery codes.')),
});

/** The field a refusal of better-auth is about, so that its message shows under that field. */
export function accountFieldOf(code: string): 'email' | 'password' | undefined {
  if (code.startsWith('PASSWORD_')) return 'password';
  if (code === 'INVALID_EMAIL') return 'email';
  return undefined;
}
