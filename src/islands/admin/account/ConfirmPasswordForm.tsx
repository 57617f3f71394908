/**
 * The password step of every change of the two-factor settings and of signing out other sessions: a wrong
 * password (or any other refusal) is said next to the field.
 */
import { FormProvider } from 'react-hook-form';
import { confirmPasswordSchema } from '../../../features/accounts/contract.ts';
import { TextField } from '../../forms/fields.tsx';
import type { ApiError } from '../shared/api.ts';
import { FormActions } from '../shared/FormActions.tsx';
import { usePortalForm } from '../shared/usePortalForm.ts';

export function ConfirmPasswordForm({
  id = 'security-password',
  title,
  button,
  onCancel,
  onPassword,
}: {
  /** The field's id: two of these forms may be open at once under Account security. */
  id?: string;
  title: string;
  button: string;
  onCancel: () => void;
  onPassword: (password: string) => Promise<void>;
}) {
  const { form, refuse } = usePortalForm(confirmPasswordSchema, { password: '' });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await onPassword(password);
    } catch (caught) {
      refuse('password', (caught as ApiError).message);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={title} className="space-y-4">
        <TextField
          id={id}
          name="password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          hint="To be sure it is you, confirm your password first."
          announce
        />
        <FormActions label={button} busy={form.formState.isSubmitting} onCancel={onCancel} />
      </form>
    </FormProvider>
  );
}
