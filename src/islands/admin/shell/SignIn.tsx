/**
 * Sign in, sign up, and password reset. A signed-in user without a role sees a notice here; signing up
 * gives no access until an administrator grants a role. An account with two-factor sign-in on is asked for
 * the code from its authenticator app (or a recovery code) after the password (TwoFactorStep). The fields
 * are checked with the account schemas (account.schema.ts), whose password length is better-auth's.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { toast } from 'sonner';
import type * as z from 'zod/mini';
import {
  accountFieldOf,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  type AccountValues,
} from '../../../features/accounts/contract.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../lib/password-limits.ts';
import { TextField } from '../../forms/fields.tsx';
import {
  forgetResetToken,
  isConfirmation,
  openedLinkNotice,
  takeResetToken,
  type Me,
} from '../shared/portal-session.ts';
import { useSession } from '../shared/session-store.ts';
import type { ApiError } from '../shared/api.ts';
import { authCall } from '../shared/auth-client.ts';
import { SignOutButton } from './SignOutButton.tsx';
import { TwoFactorStep } from '../shared/TwoFactorStep.tsx';
import { usePortalForm } from '../shared/usePortalForm.ts';
import { buttonClass } from '../../../lib/ui/button.ts';

type Mode = 'sign-in' | 'sign-up' | 'forgot' | 'reset' | 'code' | 'health';
type FormMode = Exclude<Mode, 'code' | 'health'>;

const schemas = {
  'sign-in': signInSchema,
  'sign-up': signUpSchema,
  forgot: forgotPasswordSchema,
  reset: resetPasswordSchema,
};
const titles: Record<FormMode, string> = {
  'sign-in': 'Staff sign in',
  'sign-up': 'Create a staff account',
  forgot: 'Reset your password',
  reset: 'Choose a new password',
};
const buttons: Record<FormMode, string> = {
  'sign-in': 'Sign In',
  'sign-up': 'Sign Up',
  forgot: 'Send reset link',
  reset: 'Save new password',
};
const linkClass = 'font-semibold text-brand-700 underline';

// The set-up check is for whoever set the site up, rarely opened: its own chunk, out of every sign-in's budget.
const HealthCheck = lazy(() => import('./HealthCheck.tsx').then((module) => ({ default: module.HealthCheck })));

export function SignIn({
  signedInWithoutRole,
  expired = false,
}: {
  signedInWithoutRole: Me | null;
  expired?: boolean;
}) {
  const queryClient = useQueryClient();
  const session = useSession();
  // Kept in memory: the address lost it as the portal opened (takeResetToken).
  const [resetToken] = useState(takeResetToken);
  const [mode, setMode] = useState<Mode>(resetToken ? 'reset' : 'sign-in');
  // A confirmation link chooses the account's first password: the same form, in its own words.
  const [confirming] = useState(isConfirmation);
  const [replacedLink] = useState(() => openedLinkNotice() === 'replaced');
  // One form for every screen (the email typed stays), checked by the schema of the screen shown.
  const schema = schemas[mode === 'code' || mode === 'health' ? 'sign-in' : mode] as z.ZodMiniType<
    AccountValues,
    AccountValues
  >;
  const { form, refuse } = usePortalForm(schema, { email: '', password: '' });

  /** Another screen: the email typed so far stays, the messages of this one go. */
  const show = (next: Mode) => {
    form.clearErrors();
    setMode(next);
  };
  const backToSignIn = () => {
    form.setValue('password', '');
    show('sign-in');
  };

  /**
   * The session is made: the user is read again, and welcomed only once the portal opens for them. An account
   * without a role (a removed colleague) sees the "no access" alert alone, never a success first.
   */
  const signedIn = async () => {
    await Promise.all([session?.check(), queryClient.invalidateQueries()]);
    const me = session?.me();
    if (me && me.roles.length > 0) toast.success('Signed in successfully!');
  };

  const onSubmit = form.handleSubmit(async () => {
    // The values as typed (the schema's output lower-cases the email; the account name keeps its case).
    const email = form.getValues('email').trim();
    const password = form.getValues('password');
    try {
      if (mode === 'sign-in') {
        const answer = await authCall((auth) => auth.signIn.email({ email, password }));
        // The password was right; the sign-in waits for the code (no session yet).
        if ('twoFactorRedirect' in answer && answer.twoFactorRedirect) {
          form.setValue('password', '');
          show('code');
          return;
        }
        await signedIn();
      } else if (mode === 'sign-up') {
        const name = email.split('@')[0] ?? email;
        await authCall((auth) => auth.signUp.email({ email, password, name, callbackURL: '/admin' }));
        toast.success('Check your email for the confirmation link!');
        backToSignIn();
      } else if (mode === 'forgot') {
        await authCall((auth) => auth.requestPasswordReset({ email, redirectTo: '/admin' }));
        toast.success('If an account exists for this email, a reset link is on its way.');
        show('sign-in');
      } else if (mode === 'reset') {
        await authCall((auth) => auth.resetPassword({ newPassword: password, token: resetToken ?? '' }));
        toast.success(
          confirming
            ? 'Your email is confirmed and your password saved. Sign in with it.'
            : 'Your password was changed. Sign in with the new one.',
        );
        forgetResetToken();
        backToSignIn();
      }
    } catch (error) {
      const refusal = error as ApiError;
      // A refusal about one field (a common password, a malformed email) shows under it too.
      const field = accountFieldOf(refusal.code);
      if (field) refuse(field, refusal.message);
      toast.error(refusal.message);
    }
  });

  if (mode === 'code') {
    return <TwoFactorStep onCancel={() => show('sign-in')} onSignedIn={signedIn} />;
  }

  // Before any administrator exists, the holder of HEALTH_TOKEN reads here what the site found (no terminal).
  if (mode === 'health')
    return (
      <Suspense
        fallback={
          <p role="status" className="py-16 text-center text-slate-600">
            Loading…
          </p>
        }
      >
        <HealthCheck onBack={() => show('sign-in')} />
      </Suspense>
    );

  const title = mode === 'reset' && confirming ? 'Confirm your email: choose your password' : titles[mode];

  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      {signedInWithoutRole && (
        <div role="alert" className="mb-6 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-900">
          <p>Your account has no access yet. An administrator must grant you a role.</p>
          <p className="mt-1 text-sm">Signed in as {signedInWithoutRole.user.email}.</p>
          <SignOutButton className="mt-3 text-sm font-semibold underline" />
        </div>
      )}
      {expired && mode === 'sign-in' && (
        <p role="alert" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          Your session expired. Please sign in again.
        </p>
      )}
      {replacedLink && mode === 'sign-in' && (
        <p role="alert" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          That confirmation link no longer works. Choose “Forgot your password?” below: the link we then send confirms
          your email and lets you choose your password.
        </p>
      )}
      <h2 className="text-2xl font-bold text-ink">{title}</h2>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-label={title}>
          {mode !== 'reset' && (
            <TextField id="admin-email" name="email" label="Email" type="email" autoComplete="username" />
          )}
          {mode !== 'forgot' && (
            <TextField
              id="admin-password"
              name="password"
              label={mode === 'reset' ? (confirming ? 'Your password' : 'New password') : 'Password'}
              type="password"
              autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
              hint={mode === 'sign-in' ? undefined : `${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
            />
          )}
          <button
            type="submit"
            disabled={form.formState.isSubmitting}
            className={`w-full ${buttonClass({ size: 'form' })}`}
          >
            {form.formState.isSubmitting
              ? 'Please wait…'
              : mode === 'reset' && confirming
                ? 'Confirm and save password'
                : buttons[mode]}
          </button>
        </form>
      </FormProvider>
      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        {mode === 'sign-in' ? (
          <>
            <button type="button" className={linkClass} onClick={() => show('sign-up')}>
              Need an account? Sign up
            </button>
            <button type="button" className={linkClass} onClick={() => show('forgot')}>
              Forgot your password?
            </button>
            <button type="button" className={`${linkClass} basis-full text-left`} onClick={() => show('health')}>
              Check the site’s set-up (health token)
            </button>
          </>
        ) : (
          <button type="button" className={linkClass} onClick={() => show('sign-in')}>
            Back to sign in
          </button>
        )}
      </div>
    </div>
  );
}
