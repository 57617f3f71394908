/** User roles (admins only): add by email (default viewer), remove with a confirmation, colour badges. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Json } from '../../lib/json.ts';
import { roles } from '../../lib/statuses.ts';
import type { AllItems } from '../../server/admin/list-query.types.ts';
import type { RoleItem } from '../../server/admin/roles.types.ts';
import { api, ApiError } from './api.ts';
import { Badge } from './Badge.tsx';
import { day } from './format.ts';

/** Errors shown on their own, without the 'Error adding user role: ' prefix (their messages say what to do). */
const ownMessage = new Set(['user_not_found', 'unconfirmed_account', 'role_exists']);

export function RolesTab() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('viewer');
  const [emailError, setEmailError] = useState('');
  const list = useQuery({ queryKey: ['roles'], queryFn: () => api<AllItems<Json<RoleItem>>>('/api/admin/roles') });
  useEffect(() => {
    if (list.error) toast.error(`Error fetching user roles: ${list.error.message}`);
  }, [list.error]);
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
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/roles/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('User role removed successfully');
      void refresh();
    },
    onError: (error) => toast.error(`Error removing user role: ${error.message}`),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setEmailError('Email is required');
    setEmailError('');
    add.mutate();
  };

  return (
    <section aria-labelledby="roles-heading">
      <h3 id="roles-heading" className="text-lg font-semibold">
        Add a role
      </h3>
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
      <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2">
                User
              </th>
              <th scope="col" className="px-3 py-2">
                User ID
              </th>
              <th scope="col" className="px-3 py-2">
                Role
              </th>
              <th scope="col" className="px-3 py-2">
                Granted
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.data?.items.map((r) => (
              <tr key={r.id} data-role={r.id}>
                <td className="px-3 py-2">{r.email}</td>
                <td className="px-3 py-2 font-mono" title={r.userId}>
                  {r.userId.slice(0, 8)}
                </td>
                <td className="px-3 py-2">
                  <Badge value={r.role} />
                </td>
                <td className="px-3 py-2">{day(r.createdAt)}</td>
                <td className="px-3 py-2 text-right">
                  <button
                    type="button"
                    onClick={() => window.confirm('Are you sure you want to remove this role?') && remove.mutate(r.id)}
                    className="font-semibold text-red-700 underline"
                  >
                    Remove
                    <span className="sr-only">
                      {' '}
                      {r.role} from {r.email}
                    </span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isPending && <p className="p-4 text-slate-600">Loading roles…</p>}
      </div>
    </section>
  );
}
