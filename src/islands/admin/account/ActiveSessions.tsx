/**
 * Active sessions, under Account security (docs/security.md "Sessions"): every browser the staff member is signed
 * in on, with its device and browser, address (an IPv6 address by its /64), when it signed in and when it was last
 * used, and which one is this device. "Sign out" ends one other session, "Sign out everywhere else" all the others;
 * both ask for the password first (checked by the server, a wrong one said next to the field). A signed-out
 * browser finds itself signed out at its next call to the portal.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { OwnSession, SessionsEnded } from '../../../features/accounts/contract.ts';
import type { Json } from '../../../lib/json.ts';
import type { AllItems } from '../../../lib/list-page.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { actionsColumn, DataTable, type Column } from '../../ui/DataTable.tsx';
import { api } from '../shared/api.ts';
import { ConfirmPasswordForm } from './ConfirmPasswordForm.tsx';
import { secondaryButton } from '../shared/fields.ts';
import { dayTime } from '../shared/format.ts';
import { useAdminList } from '../shared/useList.ts';
import { StepSection } from './StepSection.tsx';
import { useStepFocus } from './useStepFocus.ts';

type Row = Json<OwnSession>;
type Step = { kind: 'list' } | { kind: 'one'; session: Row } | { kind: 'others' };

const KEY = ['own-sessions'];

const columns = (signOut: (row: Row) => void): Column<Row>[] => [
  {
    header: 'Device',
    cell: (r) => (
      <>
        <span className="font-medium">{r.device}</span>, {r.browser}
      </>
    ),
  },
  { header: 'Address', className: 'font-mono', cell: (r) => r.ipAddress ?? 'Unknown' },
  { header: 'Signed in', className: 'whitespace-nowrap', cell: (r) => dayTime(r.createdAt) },
  { header: 'Last used', className: 'whitespace-nowrap', cell: (r) => dayTime(r.lastUsedAt) },
  actionsColumn((r) =>
    r.current ? (
      <span className="text-sm font-semibold text-green-800">This device</span>
    ) : (
      <button
        type="button"
        onClick={() => signOut(r)}
        className={buttonClass({ variant: 'destructiveLink', size: 'inline' })}
      >
        Sign out
        <span className="sr-only">
          {' '}
          {r.device}, {r.browser}
        </span>
      </button>
    ),
  ),
];

export function ActiveSessions() {
  const queryClient = useQueryClient();
  const list = useAdminList<AllItems<Row>>(KEY, '/api/admin/sessions', 'Error fetching your sessions: ');
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const heading = useStepFocus(step.kind);

  const done = async (message: string) => {
    toast.success(message);
    setStep({ kind: 'list' });
    await queryClient.invalidateQueries({ queryKey: KEY });
  };
  const others = (list.data?.items ?? []).filter((s) => !s.current).length;
  const title =
    step.kind === 'one'
      ? `Sign out ${step.session.device}, ${step.session.browser}`
      : step.kind === 'others'
        ? 'Sign out everywhere else'
        : 'Active sessions';

  return (
    <StepSection id="active-sessions-title" title={title} heading={heading} wide>
      {step.kind === 'list' ? (
        <>
          <p className="mt-2 text-slate-700">
            Every browser signed in to your account. Sign out any you do not recognise, then change your password.
          </p>
          {list.error && (
            <p role="alert" className="mt-4 text-red-700">
              Your sessions could not be loaded: {list.error.message}
            </p>
          )}
          <DataTable
            cards
            caption="Your active sessions"
            columns={columns((session) => setStep({ kind: 'one', session }))}
            list={list}
            loading="Loading your sessions…"
            rowData={(r) => ({ 'data-session': r.id })}
          />
          {others > 0 && (
            <button type="button" className={`mt-4 ${secondaryButton}`} onClick={() => setStep({ kind: 'others' })}>
              Sign out everywhere else
            </button>
          )}
        </>
      ) : (
        <div className="mt-4">
          <ConfirmPasswordForm
            id="sessions-password"
            title={title}
            button={step.kind === 'one' ? 'Sign out' : 'Sign out everywhere else'}
            onCancel={() => setStep({ kind: 'list' })}
            onPassword={async (password) => {
              if (step.kind === 'one') {
                await api(`/api/admin/sessions/${encodeURIComponent(step.session.id)}/sign-out`, {
                  method: 'POST',
                  body: { password },
                });
                await done(`${step.session.device}, ${step.session.browser} is signed out.`);
              } else {
                const { ended } = await api<SessionsEnded>('/api/admin/sessions/sign-out-others', {
                  method: 'POST',
                  body: { password },
                });
                await done(`Signed out everywhere else (${ended} session${ended === 1 ? '' : 's'}).`);
              }
            }}
          />
        </div>
      )}
    </StepSection>
  );
}
