/** User roles (admins only): add by email (default viewer), remove with a confirmation, colour badges. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Json } from '../../lib/json.ts';
import { roles } from '../../lib/statuses.ts';
import type { AllItems } from '../../server/admin/list-query.types.ts';
import type { RoleItem } from '../../server/admin/roles.types.ts';
import { api, ApiError } from './api.ts';
import { Badge } from './Badge.tsx';
import { buttonClass } from '../ui/button.ts';
import { actionsColumn, DataTable, type Column } from '../ui/DataTable.tsx';
import { TabSection } from '../ui/TabSection.tsx';
import { day } from './format.ts';
import { useAdminList, useRemove } from './useList.ts';

type Row = Json<RoleItem>;

const columns = (remove: (id: string) => void): Column<Row>[] => [
  { header: 'User', cell: (r) => r.email },
  {
    header: 'User ID',
    className: 'font-mono',
    cell: (r) => <span title={r.userId}>{r.userId.slice(0, 8)}</span>,
  },
  { header: 'Role', cell: (r) => <Badge value={r.role} /> },
  { header: 'Granted', cell: (r) => day(r.createdAt) },
  actionsColumn((r) => (
    <button
      type="button"
      onClick={() => remove(r.id)}
      className={buttonClass({ variant: 'destructiveLink', size: 'inline' })}
    >
      Remove
      <span className="sr-only">
        {' '}
        {r.role} from {r.email}
      </span>
    </button>
  )),
];

/** Errors shown on their own, without the 'Error adding user role: ' prefix (their messages say what to do). */
const ownMessage = new Set(['user_not_found', 'unconfirmed_account', 'role_exists']);

export function RolesTab() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('viewer');
  const [emailError, setEmailError] = useState('');
  const list = useAdminList<AllItems<Row>>(['roles'], '/api/admin/roles', 'Error fetching user roles: ');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['roles'] });

  const add = useMutation({
    mutationFn: () => api('/api/admin/roles', { method: 'POST', body: { email: email.trim(), role } }),
    onSuccess: () => {
      toast.success('User role added successfully');
      setEmail('');
      setRole('viewer');
      void refresh();
    },
    onError: (error) =>
      toast.error(
        error instanceof ApiError && ownMessage.has(error.code)
          ? error.message
          : `Error adding user role: ${error.message}`,
      ),
  });
  const remove = useRemove('roles', {
    question: 'Are you sure you want to remove this role?',
    done: 'User role removed successfully',
    failed: 'Error removing user role: ',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setEmailError('Email is required');
    setEmailError('');
    add.mutate();
  };

  return (
    <TabSection title="Add a role">
      <form onSubmit={submit} noValidate aria-label="Add a role" className="mt-3 flex flex-wrap items-end gap-4">
        <div className="min-w-64 flex-1">
          <label htmlFor="role-email" className="block text-sm font-medium">
            User email
          </label>
          <input
            id="role-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'role-email-error' : undefined}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          {emailError && (
            <p id="role-email-error" className="mt-1 text-sm font-medium text-red-700">
              {emailError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="role-role" className="block text-sm font-medium">
            Role
          </label>
          <select
            id="role-role"
            value={role}
            onChange={(e) => setRole(e.target.value)}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm capitalize"
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {r[0]!.toUpperCase() + r.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          disabled={add.isPending}
          className="rounded-md bg-brand-800 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          Add Role
        </button>
      </form>
      <DataTable
        className="mt-6"
        columns={columns(remove)}
        list={list}
        loading="Loading roles…"
        rowData={(r) => ({ 'data-role': r.id })}
      />
    </TabSection>
  );
}
