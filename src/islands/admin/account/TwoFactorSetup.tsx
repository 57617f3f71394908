/** Turning two-factor sign-in on: the app's key, the recovery codes, and the first code that confirms it. */
import { FormProvider } from 'react-hook-form';
import { totpSchema } from '../../../features/accounts/contract.ts';
import type { ApiError } from '../shared/api.ts';
import { authCall } from '../shared/auth-client.ts';
import { FormActions } from '../shared/FormActions.tsx';
import { CopyButton, RecoveryCodes } from './RecoveryCodes.tsx';
import { CodeField } from '../shared/TwoFactorStep.tsx';
import { usePortalForm } from '../shared/usePortalForm.ts';

const confirmCode = totpSchema('Enter the 6-digit code your authenticator app shows.');

/** The key of an otpauth URI, in groups of four as authenticator apps show and accept it. */
export function setupKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function TwoFactorSetup({
  email,
  totpURI,
  backupCodes,
  onCancel,
  onConfirmed,
}: {
  email: string;
  totpURI: string;
  backupCodes: string[];
  onCancel: () => void;
  onConfirmed: () => Promise<void>;
}) {
  const { form, refuse } = usePortalForm(confirmCode, { code: '' });
  const key = setupKey(totpURI);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await authCall((auth) => auth.twoFactor.verifyTotp({ code }));
      await onConfirmed();
    } catch (caught) {
      form.setValue('code', '');
      refuse('code', (caught as ApiError).message);
    }
  });

  return (
    <ol className="list-decimal space-y-6 pl-5">
      <li>
        <h4 className="font-semibold text-ink">Add this account to your authenticator app</h4>
        <p className="mt-1 text-slate-700">
          In an authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis), add an
          account by entering this setup key. It is time-based and gives 6-digit codes.
        </p>
        <p className="mt-2">
          <span className="block text-sm font-medium">Setup key for {email}</span>
          <code
            id="two-factor-key"
            className="mt-1 inline-block rounded bg-slate-100 px-3 py-2 font-mono text-lg tracking-wider break-all text-ink"
          >
            {key}
          </code>
        </p>
        <CopyButton text={key.replace(/ /g, '')} label="Copy setup key" />
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-700">Setup link (otpauth)</summary>
          <p className="mt-1 text-slate-700">
            On the phone itself, this link opens the authenticator app with the account filled in:
          </p>
          <code className="mt-1 block rounded bg-slate-100 px-3 py-2 font-mono text-xs break-all text-ink">
            {totpURI}
          </code>
          <CopyButton text={totpURI} label="Copy setup link" />
        </details>
      </li>
      <li>
        <h4 className="font-semibold text-ink">Save your recovery codes</h4>
        <p className="mt-1 text-slate-700">
          If your phone is lost, each of these codes signs you in once instead of a code from the app. Keep them
          somewhere safe, away from your phone; they are shown only now.
        </p>
        <RecoveryCodes email={email} codes={backupCodes} />
      </li>
      <li>
        <h4 className="font-semibold text-ink">Enter the code the app shows</h4>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate aria-label="Confirm the authenticator app" className="mt-2 space-y-4">
            <CodeField id="two-factor-confirm" label="Code from your authenticator app" className="max-w-xs" />
            <FormActions label="Turn on two-factor sign-in" busy={form.formState.isSubmitting} onCancel={onCancel} />
          </form>
        </FormProvider>
      </li>
    </ol>
  );
}
