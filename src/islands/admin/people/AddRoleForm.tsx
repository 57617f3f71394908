/** The add-role form of the User Roles tab (admins only): an account's email and a role, viewer unless chosen. */
import { useMutation } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { toast } from 'sonner';
import { addRoleSchema, type AddRoleValues } from '../../../features/accounts/contract.ts';
import { roles } from '../../../lib/statuses.ts';
import { SelectField, TextField } from '../../forms/fields.tsx';
import { api, ApiError } from '../shared/api.ts';
import { usePortalForm } from '../shared/usePortalForm.ts';
import { buttonClass } from '../../../lib/ui/button.ts';

/** Errors shown on their own, without the 'Error adding user role: ' prefix (their messages say what to do). */
const ownMessage = new Set(['user_not_found', 'unconfirmed_account', 'role_exists']);

const roleOptions = roles.map((r) => ({ value: r, label: r[0]!.toUpperCase() + r.slice(1) }));
const blank: AddRoleValues = { email: '', role: 'viewer' };

export function AddRoleForm({ onAdded }: { onAdded: () => void }) {
  const { form, refuseFields } = usePortalForm(addRoleSchema, blank);
  const add = useMutation({
    mutationFn: (body: AddRoleValues) => api('/api/admin/roles', { method: 'POST', body }),
    onSuccess: () => {
      toast.success('User role added successfully');
      form.reset(blank);
      onAdded();
    },
    onError: (error) => {
      refuseFields(error);
      toast.error(
        error instanceof ApiError && ownMessage.has(error.code)
          ? error.message
          : `Error adding user role: ${error.message}`,
      );
    },
  });
  const onSubmit = form.handleSubmit((values) => add.mutate(values));

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Add a role" className="mt-3 flex flex-wrap items-end gap-4">
        <TextField id="role-email" name="email" label="User email" type="email" className="min-w-64 flex-1" />
        <SelectField id="role-role" name="role" label="Role" options={roleOptions} placeholder={null} />
        <button type="submit" disabled={add.isPending} className={buttonClass({ size: 'sm' })}>
          Add Role
        </button>
      </form>
    </FormProvider>
  );
}
