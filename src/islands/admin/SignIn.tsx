/**
 * Sign in, sign up, and password reset. A signed-in user without a role sees a notice here; signing up
 * gives no access until an administrator grants a role. An account with two-factor sign-in on is asked for
 * the code from its authenticator app (or a recovery code) after the password (TwoFactorStep).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Me } from './session.ts';
import { authCall, authClient } from './auth-client.ts';
import { inputClass } from './fields.ts';
import { signOut } from './session.ts';
import { TwoFactorStep } from './TwoFactorStep.tsx';

type Mode = 'sign-in' | 'sign-up' | 'forgot' | 'reset' | 'code';

const PASSWORD_MIN = 12;
const PASSWORD_MAX = 128;

const input = inputClass;

export function SignIn({
  signedInWithoutRole,
  expired = false,
}: {
  signedInWithoutRole: Me | null;
  expired?: boolean;
}) {
  const queryClient = useQueryClient();
  const resetToken = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('reset');
  const [mode, setMode] = useState<Mode>(resetToken ? 'reset' : 'sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  const validate = () => {
    const next: typeof errors = {};
    if (mode !== 'reset' && !email.trim()) next.email = 'Email is required';
    if (mode !== 'forgot' && !password) next.password = 'Password is required';
    else if (
      (mode === 'sign-up' || mode === 'reset') &&
      (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    )
      next.password = `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`;
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    setBusy(true);
    try {
      if (mode === 'sign-in') {
        const answer = await authCall(authClient().signIn.email({ email: email.trim(), password }));
        // The password was right; the sign-in waits for the code (no session yet).
        if ('twoFactorRedirect' in answer && answer.twoFactorRedirect) {
          setPassword('');
          setMode('code');
          return;
        }
        toast.success('Signed in successfully!');
        await queryClient.invalidateQueries();
      } else if (mode === 'sign-up') {
        const name = email.trim().split('@')[0] ?? email.trim();
        await authCall(authClient().signUp.email({ email: email.trim(), password, name, callbackURL: '/admin' }));
        toast.success('Check your email for the confirmation link!');
        setMode('sign-in');
        setPassword('');
      } else if (mode === 'forgot') {
        await authCall(authClient().requestPasswordReset({ email: email.trim(), redirectTo: '/admin' }));
        toast.success('If an account exists for this email, a reset link is on its way.');
        setMode('sign-in');
      } else if (mode === 'reset') {
        await authCall(authClient().resetPassword({ newPassword: password, token: resetToken ?? '' }));
        toast.success('Your password was changed. Sign in with the new one.');
        history.replaceState(null, '', '/admin');
        setMode('sign-in');
        setPassword('');
      }
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (mode === 'code') {
    return (
      <TwoFactorStep
        onCancel={() => setMode('sign-in')}
        onSignedIn={async () => {
          toast.success('Signed in successfully!');
          await queryClient.invalidateQueries();
        }}
      />
    );
  }

  const titles: Record<Exclude<Mode, 'code'>, string> = {
    'sign-in': 'Staff sign in',
    'sign-up': 'Create a staff account',
    forgot: 'Reset your password',
    reset: 'Choose a new password',
  };
  const buttons: Record<Exclude<Mode, 'code'>, string> = {
    'sign-in': 'Sign In',
    'sign-up': 'Sign Up',
    forgot: 'Send reset link',
    reset: 'Save new password',
  };

  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      {signedInWithoutRole && (
        <div role="alert" className="mb-6 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-900">
          <p>Your account has no access yet. An administrator must grant you a role.</p>
          <p className="mt-1 text-sm">Signed in as {signedInWithoutRole.user.email}.</p>
          <button
            type="button"
            onClick={() => void signOut(queryClient)}
            className="mt-3 text-sm font-semibold underline"
          >
            Sign Out
          </button>
        </div>
      )}
      {expired && mode === 'sign-in' && (
        <p role="alert" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          Your session expired. Please sign in again.
        </p>
      )}
      <h2 className="text-2xl font-bold text-ink">{titles[mode]}</h2>
      <form onSubmit={submit} noValidate className="mt-6 space-y-4" aria-label={titles[mode]}>
        {mode !== 'reset' && (
          <div>
            <label htmlFor="admin-email" className="block text-sm font-medium">
              Email
            </label>
            <input
              id="admin-email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'admin-email-error' : undefined}
              className={input}
            />
            {errors.email && (
              <p id="admin-email-error" className="mt-1 text-sm font-medium text-red-700">
                {errors.email}
              </p>
            )}
          </div>
        )}
        {mode !== 'forgot' && (
          <div>
            <label htmlFor="admin-password" className="block text-sm font-medium">
              {mode === 'reset' ? 'New password' : 'Password'}
            </label>
            <input
              id="admin-password"
              type="password"
              autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={
                [errors.password && 'admin-password-error', mode !== 'sign-in' && 'admin-password-hint']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              className={input}
            />
            {mode !== 'sign-in' && (
              <p id="admin-password-hint" className="mt-1 text-sm text-slate-600">
                {PASSWORD_MIN} to {PASSWORD_MAX} characters.
              </p>
            )}
            {errors.password && (
              <p id="admin-password-error" className="mt-1 text-sm font-medium text-red-700">
                {errors.password}
              </p>
            )}
          </div>
        )}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-md bg-brand-800 px-4 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {busy ? 'Please wait…' : buttons[mode]}
        </button>
      </form>
      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        {mode === 'sign-in' ? (
          <>
            <button type="button" className="font-semibold text-brand-700 underline" onClick={() => setMode('sign-up')}>
              Need an account? Sign up
            </button>
            <button type="button" className="font-semibold text-brand-700 underline" onClick={() => setMode('forgot')}>
              Forgot your password?
            </button>
          </>
        ) : (
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => setMode('sign-in')}>
            Back to sign in
          </button>
        )}
      </div>
    </div>
  );
}
