/** User roles (admins only): add by email (default viewer), remove with a confirmation, colour badges. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { AddRoleForm } from './AddRoleForm.tsx';
import { api } from './api.ts';
import { Badge } from './Badge.tsx';
import { day } from './format.ts';

interface RoleRow {
  id: string;
  userId: string;
  email: string;
  role: string;
  createdAt: string;
}

export function RolesTab() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['roles'], queryFn: () => api<{ items: RoleRow[] }>('/api/admin/roles') });
  useEffect(() => {
    if (list.error) toast.error(`Error fetching user roles: ${list.error.message}`);
  }, [list.error]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['roles'] });

  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/roles/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('User role removed successfully');
      void refresh();
    },
    onError: (error) => toast.error(`Error removing user role: ${error.message}`),
  });

  return (
    <section aria-labelledby="roles-heading">
      <h3 id="roles-heading" className="text-lg font-semibold">
        Add a role
      </h3>
      <AddRoleForm onAdded={() => void refresh()} />
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
