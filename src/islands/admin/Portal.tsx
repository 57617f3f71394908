/**
 * The signed-in portal: a welcome, Account security, Sign Out, and the tabs the user's roles allow. An account
 * on a temporary password sees only the form that replaces it; staff who must have two-factor sign-in on
 * (STAFF_2FA_REQUIRED, any role) and have not see only Account security, with the reason; where it is not
 * required, an admin without it is asked to set it up.
 */
import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { hasRole } from '../../lib/statuses.ts';
import { buttonClass } from '../../lib/ui/button.ts';
import { AccountSecurity } from './AccountSecurity.tsx';
import { ActiveSessions } from './ActiveSessions.tsx';
import { linkedLead, type Me } from './portal-session.ts';
import { AuditLogTab } from './AuditLogTab.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import type { Filters } from './ListControls.tsx';
import { LeadsTab, type LeadsView } from './LeadsTab.tsx';
import { MailTab } from './MailTab.tsx';
import { MessagesTab } from './MessagesTab.tsx';
import { OverdueButton, OverdueRepliesButton } from './OverdueButton.tsx';
import { PostsTab } from './PostsTab.tsx';
import { RolesTab } from './RolesTab.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import { SubmissionsTab } from './SubmissionsTab.tsx';

// The dashboard and its charts are a chunk of their own, fetched when the tab is first opened.
const DashboardTab = lazy(() => import('./dashboard/DashboardTab.tsx').then((m) => ({ default: m.DashboardTab })));
// Likewise the Pipeline board and its drag-and-drop library (docs/decisions/0047-pipeline.md).
const PipelineBoard = lazy(() => import('./PipelineBoard.tsx').then((m) => ({ default: m.PipelineBoard })));
// Likewise the admins' System page.
const SystemTab = lazy(() => import('./SystemTab.tsx').then((m) => ({ default: m.SystemTab })));

const tabs = [
  { id: 'leads', label: 'Leads', needs: 'viewer' },
  { id: 'pipeline', label: 'Pipeline', needs: 'viewer' },
  { id: 'submissions', label: 'Audit Submissions', needs: 'viewer' },
  { id: 'messages', label: 'Contact Messages', needs: 'viewer' },
  { id: 'dashboard', label: 'Dashboard', needs: 'viewer' },
  { id: 'posts', label: 'Blog Posts', needs: 'editor' },
  { id: 'roles', label: 'User Roles', needs: 'admin' },
  { id: 'audit-log', label: 'Audit Log', needs: 'admin' },
  { id: 'mail', label: 'Mail', needs: 'admin' },
  { id: 'system', label: 'System', needs: 'admin' },
] as const;

type TabId = (typeof tabs)[number]['id'];

export function Portal({ me }: { me: Me }) {
  const allowed = tabs.filter((t) => hasRole(me.roles, t.needs));
  // A link to a lead (`/admin?lead=<id>`) opens it in the Leads tab.
  const [leads, setLeads] = useState<LeadsView>(() => ({ key: 0, openId: linkedLead() }));
  const [active, setActive] = useState<TabId>(leads.openId ? 'leads' : allowed[0]!.id);
  const base = useId();
  const canEdit = hasRole(me.roles, 'editor');
  const [security, setSecurity] = useState(false);
  // The overdue count opens the submissions afresh (a new key), filtered to what is overdue, earliest first.
  const [submissions, setSubmissions] = useState<{ key: number; initial?: Partial<Filters> }>({ key: 0 });
  const openOverdue = () => {
    setSubmissions({ key: submissions.key + 1, initial: { due: 'overdue', sort: 'due' } });
    setActive('submissions');
  };
  // Likewise the leads past their response time open the leads afresh, filtered to them.
  const openOverdueLeads = () => {
    setLeads({ key: leads.key + 1, initial: { state: 'overdue' }, openId: null });
    setActive('leads');
  };
  // Every admin call answers 403 two_factor_required until it is on: the setup is all there is to show.
  const mustSetUp = me.user.twoFactorRequired && !me.user.twoFactorEnabled;
  // Likewise for a temporary password (npm run admin -- create): replacing it comes before anything else.
  const mustChangePassword = me.user.passwordChangeRequired;
  const blocked = mustSetUp || mustChangePassword;
  // An admin without a second factor (the first admin, just made from ADMIN_BOOTSTRAP_EMAIL) is asked for one.
  const askTwoFactor = !blocked && hasRole(me.roles, 'admin') && !me.user.twoFactorEnabled && !security;

  const onKey = (event: KeyboardEvent) => {
    const index = allowed.findIndex((t) => t.id === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = allowed[(index + step + allowed.length) % allowed.length]!;
    setActive(next.id);
    document.getElementById(`${base}-${next.id}-tab`)?.focus();
  };

  return (
    <div>
      {me.site === 'preview' && <PreviewRibbon />}
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4">
        <div>
          <h2 className="text-2xl font-bold text-ink">Welcome, {me.user.name || me.user.email}</h2>
          <p className="text-sm text-slate-600">
            Signed in as {me.user.email} · {me.roles.join(', ')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {!blocked && <OverdueRepliesButton onOpen={openOverdueLeads} />}
          {!blocked && <OverdueButton onOpen={openOverdue} />}
          {!blocked && (
            <button
              type="button"
              aria-expanded={security}
              aria-controls={`${base}-security`}
              onClick={() => setSecurity(!security)}
              className={buttonClass({ variant: 'secondary' })}
            >
              Account security
            </button>
          )}
          <SignOutButton className={buttonClass({ variant: 'secondary' })} />
        </div>
      </div>
      {mustChangePassword ? (
        <ChangePasswordForm />
      ) : mustSetUp ? (
        <div className="mt-6 space-y-4">
          <p role="note" className="max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
            Every staff account of this portal must use two-factor sign-in. Turn it on below to open the portal: it
            takes an authenticator app on your phone and a few minutes.
          </p>
          <AccountSecurity me={me} />
        </div>
      ) : (
        <>
          {askTwoFactor && (
            <section
              aria-label="Two-factor sign-in"
              className="mt-6 flex max-w-3xl flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
            >
              <p>
                You are an administrator without two-factor sign-in. Set it up now: with a code from an authenticator
                app, a stolen password alone no longer opens the portal and its leads.
              </p>
              <button type="button" onClick={() => setSecurity(true)} className={buttonClass({ variant: 'primary' })}>
                Set up two-factor sign-in
              </button>
            </section>
          )}
          {security && (
            <div id={`${base}-security`} className="mt-6 space-y-6">
              <AccountSecurity me={me} />
              {/* Managing one's sessions is a staff call: an account without a role has none to make. */}
              {me.roles.length > 0 && <ActiveSessions />}
            </div>
          )}
          {tabsAndPanel()}
        </>
      )}
    </div>
  );

  // Called, not rendered as a component of its own: a component made anew on each render would remount the
  // tab buttons and lose the focus the arrow keys move.
  function tabsAndPanel() {
    return (
      <>
        <div role="tablist" aria-label="Portal sections" className="mt-6 flex flex-wrap gap-2">
          {allowed.map((t) => (
            <button
              key={t.id}
              id={`${base}-${t.id}-tab`}
              type="button"
              role="tab"
              aria-selected={active === t.id}
              aria-controls={`${base}-${t.id}-panel`}
              tabIndex={active === t.id ? 0 : -1}
              onClick={() => setActive(t.id)}
              onKeyDown={onKey}
              className={buttonClass({ variant: active === t.id ? 'primary' : 'secondary', size: 'sm' })}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div
          id={`${base}-${active}-panel`}
          role="tabpanel"
          aria-labelledby={`${base}-${active}-tab`}
          tabIndex={0}
          className="mt-6 focus:outline-none"
        >
          {active === 'leads' && <LeadsTab key={leads.key} me={me} view={leads} />}
          {active === 'pipeline' && (
            <Suspense
              fallback={
                <p role="status" className="py-8 text-slate-600">
                  Loading the pipeline…
                </p>
              }
            >
              <PipelineBoard me={me} canEdit={canEdit} />
            </Suspense>
          )}
          {active === 'submissions' && (
            <SubmissionsTab key={submissions.key} canEdit={canEdit} initial={submissions.initial} />
          )}
          {active === 'messages' && <MessagesTab canEdit={canEdit} />}
          {active === 'dashboard' && (
            <Suspense
              fallback={
                <p role="status" className="py-8 text-slate-600">
                  Loading the dashboard…
                </p>
              }
            >
              <DashboardTab />
            </Suspense>
          )}
          {active === 'posts' && <PostsTab />}
          {active === 'roles' && <RolesTab me={me} />}
          {active === 'audit-log' && <AuditLogTab />}
          {active === 'mail' && <MailTab />}
          {active === 'system' && (
            <Suspense
              fallback={
                <p role="status" className="py-8 text-slate-600">
                  Loading…
                </p>
              }
            >
              <SystemTab />
            </Suspense>
          )}
        </div>
      </>
    );
  }
}

/** Says plainly that this portal is a deploy preview, so nobody mistakes its data or its mail for the real ones. */
function PreviewRibbon() {
  return (
    <p
      role="note"
      aria-label="Preview"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <strong className="mr-2 rounded bg-amber-900 px-2 py-0.5 text-xs tracking-wide text-white uppercase">
        Preview
      </strong>
      This is a deploy preview: it works on its own copy of the data, keeps its own documents, and sends mail only to
      the staff inbox. Changes here never reach the live site.
    </p>
  );
}
