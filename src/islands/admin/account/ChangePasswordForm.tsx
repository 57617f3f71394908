/**
 * The first screen of an account whose password someone else chose (`npm run admin -- create` prints a
 * temporary one): its owner chooses their own before the portal opens. The server refuses every other admin
 * call until then (403 `password_change_required`); a change ends the account's other sessions.
 */
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { toast } from 'sonner';
import { accountFieldOf, changePasswordSchema } from '../../../features/accounts/contract.ts';
import { PASSWORD_MIN } from '../../../lib/password-limits.ts';
import { TextField } from '../../forms/fields.tsx';
import type { ApiError } from '../shared/api.ts';
import { authCall } from '../shared/auth-client.ts';
import { primaryButton } from '../shared/fields.ts';
import { usePortalForm } from '../shared/usePortalForm.ts';
import { useSession } from '../shared/session-store.ts';

export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const session = useSession();
  const { form, refuse } = usePortalForm(changePasswordSchema, { currentPassword: '', newPassword: '' });
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await authCall((client) => client.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }));
    } catch (caught) {
      const error = caught as ApiError;
      refuse(accountFieldOf(error.code) === 'password' ? 'newPassword' : 'currentPassword', error.message);
      return;
    }
    toast.success('Your new password is saved. Welcome to the portal.');
    await Promise.all([session?.check(), queryClient.invalidateQueries()]);
  });

  return (
    <section aria-labelledby="change-password-title" className="mt-6 max-w-xl space-y-4">
      <h3 id="change-password-title" className="text-xl font-semibold text-ink">
        Choose your own password
      </h3>
      <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        The password you signed in with was made for you and is temporary. Choose one that only you know to open the
        portal.
      </p>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title" className="space-y-4">
          <TextField
            id="change-current-password"
            name="currentPassword"
            label="The password you were given"
            type="password"
            autoComplete="current-password"
            announce
          />
          <TextField
            id="change-new-password"
            name="newPassword"
            label="Your new password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters; a few unrelated words are easy to remember and hard to guess.`}
            announce
          />
          <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving…' : 'Save my password'}
          </button>
        </form>
      </FormProvider>
    </section>
  );
}
