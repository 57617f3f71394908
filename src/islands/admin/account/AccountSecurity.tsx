/**
 * Account security, open to every signed-in staff member: two-factor sign-in with an authenticator app.
 * Turning it on takes the password, then shows the key for the app (as text to type or paste, and as the
 * otpauth link) and the 10 recovery codes, and is done once the first code from the app is accepted.
 * Turning it off and new recovery codes take the password. When two-factor sign-in is required of staff
 * (STAFF_2FA_REQUIRED, on by default where deployed), the portal shows this screen instead of its tabs until it is on.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { Me } from '../shared/portal-session.ts';
import { useSession } from '../shared/session-store.ts';
import { authCall } from '../shared/auth-client.ts';
import { ConfirmPasswordForm } from './ConfirmPasswordForm.tsx';
import { primaryButton, secondaryButton } from '../shared/fields.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';
import { StepSection } from './StepSection.tsx';
import { useStepFocus } from './useStepFocus.ts';

type Action = 'enable' | 'disable' | 'codes';
type Step =
  | { kind: 'idle' }
  | { kind: 'password'; action: Action }
  | { kind: 'setup'; totpURI: string; backupCodes: string[] }
  | { kind: 'codes'; backupCodes: string[] };

const actionWords: Record<Action, { title: string; button: string }> = {
  enable: { title: 'Turn on two-factor sign-in', button: 'Continue' },
  disable: { title: 'Turn off two-factor sign-in', button: 'Turn off' },
  codes: { title: 'New recovery codes', button: 'Make new codes' },
};

export function AccountSecurity({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const enabled = me.user.twoFactorEnabled;

  const heading = useStepFocus(step.kind);

  const done = async (message: string) => {
    toast.success(message);
    setStep({ kind: 'idle' });
    // The user (twoFactorEnabled) and any call refused for want of it are read again.
    await Promise.all([session?.check(), queryClient.invalidateQueries()]);
  };

  let body: ReactNode;
  if (step.kind === 'password') {
    body = (
      <ConfirmPasswordForm
        title={actionWords[step.action].title}
        button={actionWords[step.action].button}
        onCancel={() => setStep({ kind: 'idle' })}
        onPassword={async (password) => {
          if (step.action === 'enable') {
            const answer = await authCall((auth) => auth.twoFactor.enable({ password }));
            if (answer.method !== 'totp') throw new Error('The server did not send the key for the app.');
            setStep({ kind: 'setup', totpURI: answer.totpURI, backupCodes: answer.backupCodes });
          } else if (step.action === 'disable') {
            await authCall((auth) => auth.twoFactor.disable({ password }));
            await done('Two-factor sign-in is off.');
          } else {
            const answer = await authCall((auth) => auth.twoFactor.generateBackupCodes({ password }));
            setStep({ kind: 'codes', backupCodes: answer.backupCodes });
          }
        }}
      />
    );
  } else if (step.kind === 'setup') {
    body = (
      <TwoFactorSetup
        email={me.user.email}
        totpURI={step.totpURI}
        backupCodes={step.backupCodes}
        onCancel={() => setStep({ kind: 'idle' })}
        onConfirmed={() => done('Two-factor sign-in is on.')}
      />
    );
  } else if (step.kind === 'codes') {
    body = (
      <>
        <p>These replace your old recovery codes, which no longer work. Keep them somewhere safe.</p>
        <RecoveryCodes email={me.user.email} codes={step.backupCodes} />
        <button type="button" className={`mt-4 ${primaryButton}`} onClick={() => setStep({ kind: 'idle' })}>
          Done
        </button>
      </>
    );
  } else {
    body = enabled ? (
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setStep({ kind: 'password', action: 'codes' })}
        >
          New recovery codes
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setStep({ kind: 'password', action: 'disable' })}
        >
          Turn off two-factor sign-in
        </button>
      </div>
    ) : (
      <button type="button" className={primaryButton} onClick={() => setStep({ kind: 'password', action: 'enable' })}>
        Turn on two-factor sign-in
      </button>
    );
  }

  const title =
    step.kind === 'password'
      ? actionWords[step.action].title
      : step.kind === 'setup'
        ? 'Set up your authenticator app'
        : step.kind === 'codes'
          ? 'Your new recovery codes'
          : 'Two-factor sign-in';

  return (
    <StepSection id="account-security-title" title={title} heading={heading}>
      {step.kind === 'idle' && (
        <p className="mt-2 text-slate-700">
          {enabled
            ? 'Two-factor sign-in is on: signing in takes your password and a code from your authenticator app.'
            : 'Two-factor sign-in is off. With it on, signing in takes your password and a 6-digit code from an authenticator app on your phone, so a stolen password alone does not open your account.'}
        </p>
      )}
      <div className="mt-4 space-y-4">{body}</div>
    </StepSection>
  );
}
