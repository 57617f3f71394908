/**
 * The second step of a sign-in with two-factor sign-in on: the 6-digit code from the authenticator app, or
 * one of the recovery codes. A wrong code is said next to the field (and announced); a sign-in that can no
 * longer be finished (too many wrong codes, ten minutes gone) goes back to the password.
 */
import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { toast } from 'sonner';
import { recoveryCodeSchema, totpSchema } from '../../../features/accounts/contract.ts';
import { TextField } from '../../forms/fields.tsx';
import type { ApiError } from './api.ts';
import { authCall } from './auth-client.ts';
import { linkButton, primaryButton } from './fields.ts';
import { usePortalForm } from './usePortalForm.ts';

/** The refusals after which this sign-in is over: the password must be given again. */
const SIGN_IN_OVER = new Set(['TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'INVALID_TWO_FACTOR_COOKIE']);

const appCode = totpSchema('Enter the 6-digit code from your authenticator app.');

/** The field of a one-time code (the app's or a recovery code), its error announced each time. */
export function CodeField({
  id,
  label,
  hint,
  numeric = true,
  className,
}: {
  id: string;
  label: string;
  hint?: string;
  numeric?: boolean;
  className?: string;
}) {
  return (
    <TextField
      key={id}
      id={id}
      name="code"
      label={label}
      hint={hint}
      className={className}
      announce
      autoComplete="one-time-code"
      inputMode={numeric ? 'numeric' : 'text'}
      autoCapitalize="off"
      spellCheck={false}
    />
  );
}

export function TwoFactorStep({ onCancel, onSignedIn }: { onCancel: () => void; onSignedIn: () => Promise<void> }) {
  const [recovery, setRecovery] = useState(false);
  const { form, refuse } = usePortalForm(recovery ? recoveryCodeSchema : appCode, { code: '' });

  // The field takes the focus when the step opens and when the kind of code changes.
  useEffect(() => form.setFocus('code'), [form, recovery]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await authCall((auth) =>
        recovery ? auth.twoFactor.verifyBackupCode({ code }) : auth.twoFactor.verifyTotp({ code }),
      );
      await onSignedIn();
    } catch (caught) {
      const refusal = caught as ApiError;
      if (SIGN_IN_OVER.has(refusal.code)) {
        toast.error(refusal.message);
        onCancel();
        return;
      }
      form.setValue('code', '');
      refuse('code', refusal.message);
    }
  });

  const switchKind = () => {
    form.reset({ code: '' });
    setRecovery(!recovery);
  };

  const busy = form.formState.isSubmitting;
  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      <h2 className="text-2xl font-bold text-ink">Two-factor code</h2>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-label="Two-factor code">
          {recovery ? (
            <CodeField
              id="two-factor-recovery"
              label="Recovery code"
              numeric={false}
              hint="One of the recovery codes you saved when you turned on two-factor sign-in. Each works once."
            />
          ) : (
            <CodeField
              id="two-factor-code"
              label="Code from your authenticator app"
              hint="Open the authenticator app on your phone and enter the 6-digit code it shows for this account."
            />
          )}
          <button type="submit" disabled={busy} className={`w-full ${primaryButton}`}>
            {busy ? 'Please wait…' : 'Verify and sign in'}
          </button>
        </form>
      </FormProvider>
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
