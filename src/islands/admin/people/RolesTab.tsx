/** User roles (admins only): add by email (default viewer), remove with a confirmation, colour badges. */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { Json } from '../../../lib/json.ts';
import type { AllItems } from '../../../lib/list-page.ts';
import type { RoleItem } from '../../../features/accounts/contract.ts';
import { AddRoleForm } from './AddRoleForm.tsx';
import { Badge } from '../shared/Badge.tsx';
import { buttonClass } from '../../../lib/ui/button.ts';
import { actionsColumn, DataTable, type Column } from '../../ui/DataTable.tsx';
import { TabSection } from '../../ui/TabSection.tsx';
import { day } from '../shared/format.ts';
import { useAdminList, useRemove } from '../shared/useList.ts';
import type { Me } from '../shared/portal-session.ts';

// Resetting a colleague's two-factor sign-in and removing them from staff: a chunk of its own.
const PeoplePanel = lazy(() => import('./PeoplePanel.tsx').then((m) => ({ default: m.PeoplePanel })));

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

export function RolesTab({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const list = useAdminList<AllItems<Row>>(['roles'], '/api/admin/roles', 'Error fetching user roles: ');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['roles'] });
  const remove = useRemove('roles', {
    question: 'Are you sure you want to remove this role?',
    done: 'User role removed successfully',
    failed: 'Error removing user role: ',
  });

  return (
    <TabSection title="Add a role">
      <AddRoleForm onAdded={() => void refresh()} />
      <DataTable
        cards
        className="mt-6"
        columns={columns(remove)}
        list={list}
        loading="Loading roles…"
        rowData={(r) => ({ 'data-role': r.id })}
      />
      {list.data && (
        <Suspense fallback={null}>
          <PeoplePanel rows={list.data.items} me={me} />
        </Suspense>
      )}
    </TabSection>
  );
}
