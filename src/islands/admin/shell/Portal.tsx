/**
 * The signed-in portal: its shell (the rail), a welcome, and the tabs the user's roles allow. An account
 * on a temporary password sees only the form that replaces it; staff who must have two-factor sign-in on
 * (STAFF_2FA_REQUIRED, any role) and have not see only Account security, with the reason; where it is not
 * required, an admin without it is asked to set it up.
 */
import { lazy, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { hasRole } from '../../../lib/statuses.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import type { Filters } from '../shared/ListControls.tsx';
import type { LeadsView } from '../leads/LeadsTab.tsx';
import { LiveLeads } from './live-leads.ts';
import { OverdueButton, OverdueRepliesButton } from './OverdueButton.tsx';
import { usePortalBrand } from '../shared/portal-brand.ts';
import { goTo, usePortalRoute } from './portal-route.ts';
import { rememberedTab, rememberTab, type Me } from '../shared/portal-session.ts';
import { Chunk, PortalMark, PreviewRibbon, railButton } from './portal-parts.tsx';
import { SignOutButton } from './SignOutButton.tsx';

/**
 * Every tab is a chunk of its own, fetched when the tab is first opened (docs/decisions/0048-portal-shell.md): the
 * shell loads with none of them. Their budgets are in scripts/js-budget.ts.
 */
const LeadsTab = lazy(() => import('../leads/LeadsTab.tsx').then((m) => ({ default: m.LeadsTab })));
const SubmissionsTab = lazy(() =>
  import('../submissions/SubmissionsTab.tsx').then((m) => ({ default: m.SubmissionsTab })),
);
const MessagesTab = lazy(() => import('../messages/MessagesTab.tsx').then((m) => ({ default: m.MessagesTab })));
const DashboardTab = lazy(() => import('../dashboard/DashboardTab.tsx').then((m) => ({ default: m.DashboardTab })));
const PostsTab = lazy(() => import('../blog/PostsTab.tsx').then((m) => ({ default: m.PostsTab })));
const RolesTab = lazy(() => import('../people/RolesTab.tsx').then((m) => ({ default: m.RolesTab })));
const AuditLogTab = lazy(() => import('../audit-log/AuditLogTab.tsx').then((m) => ({ default: m.AuditLogTab })));
const MailTab = lazy(() => import('../mail/MailTab.tsx').then((m) => ({ default: m.MailTab })));
// The Pipeline board and its drag-and-drop library (docs/decisions/0047-pipeline.md).
const PipelineBoard = lazy(() => import('../pipeline/PipelineBoard.tsx').then((m) => ({ default: m.PipelineBoard })));
const SystemTab = lazy(() => import('../system/SystemTab.tsx').then((m) => ({ default: m.SystemTab })));
// Account security (two-factor setup, password, sessions): opened from the rail, or the only screen when required.
const AccountSecurity = lazy(() =>
  import('../account/AccountSecurity.tsx').then((m) => ({ default: m.AccountSecurity })),
);
const ActiveSessions = lazy(() => import('../account/ActiveSessions.tsx').then((m) => ({ default: m.ActiveSessions })));
const ChangePasswordForm = lazy(() =>
  import('../account/ChangePasswordForm.tsx').then((m) => ({ default: m.ChangePasswordForm })),
);

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

/**
 * The signed-in portal as a workplace of its own (docs/decisions/0048-portal-shell.md): a rail with the agency's
 * mark, the tabs, who is signed in, Account security and Sign Out (on a phone, a bar whose Menu opens them), and
 * the open tab beside it. Each tab and each lead has its own address (portal-route.ts).
 */
export function Portal({ me }: { me: Me }) {
  const brand = usePortalBrand();
  const allowed = tabs.filter((t) => hasRole(me.roles, t.needs));
  const route = usePortalRoute();
  const isAllowed = (id: string | null): id is TabId => allowed.some((t) => t.id === id);
  // Without a tab in the address (plain /admin): the tab this browser tab was last on, else the first allowed.
  const [fallback] = useState<TabId>(() => {
    const remembered = rememberedTab();
    return isAllowed(remembered) ? remembered : allowed[0]!.id;
  });
  const active: TabId = route.lead ? 'leads' : isAllowed(route.tab) ? route.tab : fallback;
  // Remembered per browser tab, so a sign-in after an ended session (or plain /admin) reopens it.
  useEffect(() => rememberTab(active), [active]);
  const [menu, setMenu] = useState(false);
  const base = useId();
  const canEdit = hasRole(me.roles, 'editor');
  const [security, setSecurity] = useState(false);
  // The leads' and submissions' filters: an overdue count opens its list afresh (a new key), filtered to it.
  const [leads, setLeads] = useState<Omit<LeadsView, 'openId'>>({ key: 0 });
  const [submissions, setSubmissions] = useState<{ key: number; initial?: Partial<Filters> }>({ key: 0 });

  const select = (id: TabId) => {
    setMenu(false);
    goTo({ tab: id, lead: null });
  };
  const openLead = (id: string | null) => goTo({ tab: 'leads', lead: id });
  const openOverdue = () => {
    setSubmissions({ key: submissions.key + 1, initial: { due: 'overdue', sort: 'due' } });
    select('submissions');
  };
  const openOverdueLeads = () => {
    setLeads({ key: leads.key + 1, initial: { state: 'overdue' } });
    select('leads');
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
    const step = ['ArrowDown', 'ArrowRight'].includes(event.key)
      ? 1
      : ['ArrowUp', 'ArrowLeft'].includes(event.key)
        ? -1
        : 0;
    if (!step) return;
    event.preventDefault();
    const next = allowed[(index + step + allowed.length) % allowed.length]!;
    goTo({ tab: next.id, lead: null });
    document.getElementById(`${base}-${next.id}-tab`)?.focus();
  };

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside
        aria-label="Portal"
        className="bg-brand-900 text-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col lg:overflow-y-auto"
      >
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <PortalMark name={brand.agencyName} />
          <button
            type="button"
            aria-expanded={menu}
            aria-controls={`${base}-menu`}
            onClick={() => setMenu(!menu)}
            className="min-h-11 rounded-md px-3 text-sm font-semibold ring-1 ring-white/40 ring-inset hover:bg-white/10 lg:hidden"
          >
            {menu ? 'Close menu' : 'Menu'}
          </button>
        </div>
        <div id={`${base}-menu`} className={`${menu ? 'block' : 'hidden'} px-3 pb-4 lg:flex lg:flex-1 lg:flex-col`}>
          {!blocked && (
            <div
              role="tablist"
              aria-label="Portal sections"
              aria-orientation="vertical"
              className="flex flex-col gap-1"
            >
              {allowed.map((t) => (
                <button
                  key={t.id}
                  id={`${base}-${t.id}-tab`}
                  type="button"
                  role="tab"
                  aria-selected={active === t.id}
                  aria-controls={`${base}-${t.id}-panel`}
                  tabIndex={active === t.id ? 0 : -1}
                  onClick={() => select(t.id)}
                  onKeyDown={onKey}
                  className={`min-h-11 rounded-md px-3 text-left text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
                    active === t.id ? 'bg-white text-brand-900' : 'text-white hover:bg-white/10'
                  }`}
                >
                  {t.label}
                </button>
              ))}
            </div>
          )}
          <div className="mt-6 space-y-3 border-t border-white/20 pt-4 text-sm lg:mt-auto">
            <p data-signed-in>
              Signed in as <strong className="font-semibold break-all">{me.user.email}</strong>
              <span className="block text-white/80">{me.roles.join(', ')}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              {!blocked && (
                <button
                  type="button"
                  aria-expanded={security}
                  aria-controls={`${base}-security`}
                  onClick={() => {
                    setSecurity(!security);
                    setMenu(false);
                  }}
                  className={railButton}
                >
                  Account security
                </button>
              )}
              <SignOutButton className={railButton} />
            </div>
          </div>
        </div>
      </aside>
      {/* Long addresses and tokens wrap: nothing in the portal is wider than a phone. */}
      <div className="min-w-0 px-4 py-6 [overflow-wrap:anywhere] sm:px-6 lg:px-8">
        {!blocked && <LiveLeads />}
        {me.site === 'preview' && <PreviewRibbon />}
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
          <h2 className="text-xl font-bold text-ink sm:text-2xl">Welcome, {me.user.name || me.user.email}</h2>
          {!blocked && (
            <div className="flex flex-wrap items-center gap-2">
              <OverdueRepliesButton onOpen={openOverdueLeads} />
              <OverdueButton onOpen={openOverdue} />
            </div>
          )}
        </div>
        {mustChangePassword ? (
          <Chunk what="the password form">
            <ChangePasswordForm />
          </Chunk>
        ) : mustSetUp ? (
          <div className="mt-6 space-y-4">
            <p role="note" className="max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
              Every staff account of this portal must use two-factor sign-in. Turn it on below to open the portal: it
              takes an authenticator app on your phone and a few minutes.
            </p>
            <Chunk what="Account security">
              <AccountSecurity me={me} />
            </Chunk>
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
                <Chunk what="Account security">
                  <AccountSecurity me={me} />
                  {/* Managing one's sessions is a staff call: an account without a role has none to make. */}
                  {me.roles.length > 0 && <ActiveSessions />}
                </Chunk>
              </div>
            )}
            <div
              id={`${base}-${active}-panel`}
              role="tabpanel"
              aria-labelledby={`${base}-${active}-tab`}
              tabIndex={0}
              className="mt-6 focus:outline-none"
            >
              {panel()}
            </div>
          </>
        )}
      </div>
    </div>
  );

  function panel() {
    const label = allowed.find((t) => t.id === active)!.label;
    return (
      <Chunk key={active} what={label === 'Dashboard' ? 'the dashboard' : label}>
        {active === 'leads' && (
          <LeadsTab key={leads.key} me={me} view={{ ...leads, openId: route.lead }} onOpenLead={openLead} />
        )}
        {active === 'pipeline' && <PipelineBoard me={me} canEdit={canEdit} />}
        {active === 'submissions' && (
          <SubmissionsTab key={submissions.key} canEdit={canEdit} initial={submissions.initial} />
        )}
        {active === 'messages' && <MessagesTab canEdit={canEdit} />}
        {active === 'dashboard' && <DashboardTab />}
        {active === 'posts' && <PostsTab />}
        {active === 'roles' && <RolesTab me={me} />}
        {active === 'audit-log' && <AuditLogTab />}
        {active === 'mail' && <MailTab />}
        {active === 'system' && <SystemTab />}
      </Chunk>
    );
  }
}
