/**
 * The second step of a sign-in with two-factor sign-in on: the 6-digit code from the authenticator app, or
 * one of the recovery codes. A wrong code is said next to the field (and announced); a sign-in that can no
 * longer be finished (too many wrong codes, ten minutes gone) goes back to the password.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ApiError } from './api.ts';
import { authCall, authClient } from './auth-client.ts';
import { FieldProblem, type Problem } from './FieldProblem.tsx';
import { inputClass, linkButton, primaryButton } from './fields.ts';

/** The refusals after which this sign-in is over: the password must be given again. */
const SIGN_IN_OVER = new Set(['TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'INVALID_TWO_FACTOR_COOKIE']);

/** A recovery code as better-auth stores it (`abcde-12345`): spaces out, the dash in when it was left out. */
export function normalRecoveryCode(typed: string): string {
  const code = typed.replace(/\s+/g, '');
  return /^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

/** The 6 digits of an authenticator code, spaces (as some apps show it: `123 456`) taken out. */
export const normalTotp = (typed: string): string => typed.replace(/\s+/g, '');

export function TwoFactorStep({ onCancel, onSignedIn }: { onCancel: () => void; onSignedIn: () => Promise<void> }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  // Counted so that the same message after a second wrong code is announced again.
  const [error, setError] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  // The field takes the focus when the step opens and when the kind of code changes.
  useEffect(() => field.current?.focus(), [recovery]);

  const fail = (text: string) => {
    setError((previous) => ({ text, n: (previous?.n ?? 0) + 1 }));
    field.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = recovery ? normalRecoveryCode(code) : normalTotp(code);
    if (!recovery && !/^\d{6}$/.test(typed)) return fail('Enter the 6-digit code from your authenticator app.');
    if (recovery && !typed) return fail('Enter one of your recovery codes.');
    setBusy(true);
    try {
      await authCall(
        recovery
          ? authClient().twoFactor.verifyBackupCode({ code: typed })
          : authClient().twoFactor.verifyTotp({ code: typed }),
      );
      await onSignedIn();
    } catch (caught) {
      const refusal = caught as ApiError;
      if (SIGN_IN_OVER.has(refusal.code)) {
        toast.error(refusal.message);
        onCancel();
        return;
      }
      setCode('');
      fail(refusal.message);
    } finally {
      setBusy(false);
    }
  };

  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
    setError(null);
  };

  const id = recovery ? 'two-factor-recovery' : 'two-factor-code';
  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      <h2 className="text-2xl font-bold text-ink">Two-factor code</h2>
      <form onSubmit={submit} noValidate className="mt-6 space-y-4" aria-label="Two-factor code">
        <div>
          <label htmlFor={id} className="block text-sm font-medium">
            {recovery ? 'Recovery code' : 'Code from your authenticator app'}
          </label>
          <input
            ref={field}
            key={id}
            id={id}
            type="text"
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="off"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
            className={inputClass}
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            {recovery
              ? 'One of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
              : 'Open the authenticator app on your phone and enter the 6-digit code it shows for this account.'}
          </p>
          <FieldProblem id={`${id}-error`} problem={error} />
        </div>
        <button type="submit" disabled={busy} className={`w-full ${primaryButton}`}>
          {busy ? 'Please wait…' : 'Verify and sign in'}
        </button>
      </form>
      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className={linkButton} onClick={switchKind}>
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className={linkButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
