/**
 * Account security, open to every signed-in staff member: two-factor sign-in with an authenticator app.
 * Turning it on takes the password, then shows the key for the app (as text to type or paste, and as the
 * otpauth link) and the 10 recovery codes, and is done once the first code from the app is accepted.
 * Turning it off and new recovery codes take the password. When the admin role requires two-factor sign-in
 * (ADMIN_2FA_REQUIRED), the portal shows this screen instead of its tabs until it is on.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { ApiError } from './api.ts';
import type { Me } from './session.ts';
import { authCall, authClient } from './auth-client.ts';
import { FieldProblem, type Problem as FieldProblemText } from './FieldProblem.tsx';
import { inputClass, linkButton, primaryButton, secondaryButton } from './fields.ts';
import { normalTotp } from './TwoFactorStep.tsx';

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

/** The key of an otpauth URI, in groups of four as authenticator apps show and accept it. */
export function setupKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** An inline error that is announced, again when it repeats (the counter remounts it). */
type Problem = FieldProblemText | null;
const next = (text: string) => (previous: Problem) => ({ text, n: (previous?.n ?? 0) + 1 });

export function AccountSecurity({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const enabled = me.user.twoFactorEnabled;

  // Each new step is announced by moving the focus to its heading (not on the first render: the page's own
  // focus stays where it is).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step.kind]);

  const done = async (message: string) => {
    toast.success(message);
    setStep({ kind: 'idle' });
    // The user (twoFactorEnabled) and any call refused for want of it are read again.
    await queryClient.invalidateQueries();
  };

  let body: ReactNode;
  if (step.kind === 'password') {
    body = (
      <PasswordForm
        action={step.action}
        onCancel={() => setStep({ kind: 'idle' })}
        onPassword={async (password) => {
          const twoFactor = authClient().twoFactor;
          if (step.action === 'enable') {
            const answer = await authCall(twoFactor.enable({ password }));
            if (answer.method !== 'totp') throw new Error('The server did not send the key for the app.');
            setStep({ kind: 'setup', totpURI: answer.totpURI, backupCodes: answer.backupCodes });
          } else if (step.action === 'disable') {
            await authCall(twoFactor.disable({ password }));
            await done('Two-factor sign-in is off.');
          } else {
            const answer = await authCall(twoFactor.generateBackupCodes({ password }));
            setStep({ kind: 'codes', backupCodes: answer.backupCodes });
          }
        }}
      />
    );
  } else if (step.kind === 'setup') {
    body = (
      <Setup
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
    <section
      aria-labelledby="account-security-title"
      className="max-w-2xl rounded-xl border border-slate-200 bg-white p-6"
    >
      <h3
        id="account-security-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-ink focus:outline-none"
      >
        {title}
      </h3>
      {step.kind === 'idle' && (
        <p className="mt-2 text-slate-700">
          {enabled
            ? 'Two-factor sign-in is on: signing in takes your password and a code from your authenticator app.'
            : 'Two-factor sign-in is off. With it on, signing in takes your password and a 6-digit code from an authenticator app on your phone, so a stolen password alone does not open your account.'}
        </p>
      )}
      <div className="mt-4 space-y-4">{body}</div>
    </section>
  );
}

/** The password step of every change: a wrong password is said next to the field. */
function PasswordForm({
  action,
  onCancel,
  onPassword,
}: {
  action: Action;
  onCancel: () => void;
  onPassword: (password: string) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setProblem(next('Enter your password.'));
      field.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onPassword(password);
    } catch (caught) {
      setProblem(next((caught as ApiError).message));
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={actionWords[action].title} className="space-y-4">
      <div>
        <label htmlFor="security-password" className="block text-sm font-medium">
          Your password
        </label>
        <input
          ref={field}
          id="security-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={['security-password-hint', problem && 'security-password-error'].filter(Boolean).join(' ')}
          className={inputClass}
        />
        <p id="security-password-hint" className="mt-1 text-sm text-slate-600">
          To be sure it is you, confirm your password first.
        </p>
        <FieldProblem id="security-password-error" problem={problem} />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Please wait…' : actionWords[action].button}
        </button>
        <button type="button" className={linkButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The app's key, the recovery codes, and the first code that turns two-factor sign-in on. */
function Setup({
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
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const key = setupKey(totpURI);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = normalTotp(code);
    if (!/^\d{6}$/.test(typed)) {
      setProblem(next('Enter the 6-digit code your authenticator app shows.'));
      field.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await authCall(authClient().twoFactor.verifyTotp({ code: typed }));
      await onConfirmed();
    } catch (caught) {
      setCode('');
      setProblem(next((caught as ApiError).message));
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  };

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
        <form onSubmit={submit} noValidate aria-label="Confirm the authenticator app" className="mt-2 space-y-4">
          <div>
            <label htmlFor="two-factor-confirm" className="block text-sm font-medium">
              Code from your authenticator app
            </label>
            <input
              ref={field}
              id="two-factor-confirm"
              type="text"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'two-factor-confirm-error' : undefined}
              className={`${inputClass} max-w-xs`}
            />
            <FieldProblem id="two-factor-confirm-error" problem={problem} />
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? 'Please wait…' : 'Turn on two-factor sign-in'}
            </button>
            <button type="button" className={linkButton} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      </li>
    </ol>
  );
}

/** The recovery codes, to copy or to save as a text file. */
function RecoveryCodes({ email, codes }: { email: string; codes: string[] }) {
  const text = `Recovery codes for ${email} at ${location.host}\nEach code signs in once.\n\n${codes.join('\n')}\n`;
  const save = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `recovery-codes-${location.host}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div className="mt-2">
      <ul aria-label="Recovery codes" className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1 font-mono text-ink">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-3">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <button type="button" className={secondaryButton} onClick={save}>
          Download .txt
        </button>
      </div>
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  // No clipboard on a plain-http LAN address: the call itself throws there, hence the promise around it.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(() => toast.success('Copied.'))
      .catch(() => toast.error('Copying did not work here: select the text and copy it.'));
  return (
    <button type="button" className={`mt-2 mr-3 ${secondaryButton}`} onClick={() => void copy()}>
      {label}
    </button>
  );
}
