/**
 * The staff portal at /admin (docs/product.md; docs/decisions/0010 to 0012 and 0019): loading, then
 * the sign-in screen, or the portal with the tabs the signed-in user's roles allow. Client-only: nothing
 * of it is in the static page.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { withErrorBoundary } from '../../ErrorBoundary.tsx';
import { buttonClass } from '../../../lib/ui/button.ts';
import { PortalBrandContext, usePortalBrand, type PortalBrand } from '../shared/portal-brand.ts';
import { signedOutByUser, takeResetToken } from '../shared/portal-session.ts';
import { sweepReportDrafts } from '../shared/report-drafts.ts';
import { createSessionStore, SessionContext, type SessionStore } from '../shared/session-store.ts';

// What loads with the page is React and this gate, which reads the session with plain fetch (scripts/js-budget.ts
// counts it: 80 KB before interaction). Each screen is a chunk of its own, fetched once the session is known: the
// sign-in screen (its forms library) only when nobody is signed in, the signed-in shell otherwise, and TanStack
// Query's client around either (QueryRoot). The toaster likewise, fetched as the portal opens.
const loadQueryRoot = () => import('./QueryRoot.tsx');
const loadSignIn = () => import('./SignIn.tsx');
const loadPortal = () => import('./Portal.tsx');
const QueryRoot = lazy(loadQueryRoot);
const SignIn = lazy(() => loadSignIn().then((module) => ({ default: module.SignIn })));
const Portal = lazy(() => loadPortal().then((module) => ({ default: module.Portal })));
const Toasts = lazy(() => import('../../forms/Toasts.tsx').then((module) => ({ default: module.Toasts })));

const loading = (
  <p role="status" className="py-16 text-center text-slate-600">
    Loading…
  </p>
);

function Gate({ session }: { session: SessionStore }) {
  const state = useSyncExternalStore(session.subscribe, session.state);
  useEffect(() => {
    void session.check();
    // As the query did (refetch on focus): a session ended elsewhere shows when the portal's tab is seen again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void session.check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [session]);
  const me = state.status === 'ready' ? state.me : undefined;
  // A 401 once this page had a user means the session ended (12 hours, an idle hour, a password changed
  // elsewhere): the sign-in screen says so, and not on a first visit or after the user's own sign-out. The lists
  // of the ended session go with the shell's query client: the sign-in screen comes with a new one.
  const [hadUser, setHadUser] = useState(false);
  if (me && !hadUser) setHadUser(true);
  const expired = hadUser && me === null && !signedOutByUser();
  const userId = me?.user.id;
  useEffect(() => {
    // Someone else's report drafts are never offered to this user: they go as soon as the user is known.
    if (userId) sweepReportDrafts(userId);
  }, [userId]);
  if (state.status === 'pending') return loading;
  if (state.status === 'error') {
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        <p className="font-semibold">The portal could not load.</p>
        <p className="mt-1">{state.error.message}</p>
        <button
          type="button"
          onClick={() => void session.check()}
          className={`mt-3 ${buttonClass({ variant: 'alert' })}`}
        >
          Try again
        </button>
      </div>
    );
  }
  // Both chunks at once, not one after the other.
  void loadQueryRoot();
  if (!me || me.roles.length === 0) {
    void loadSignIn();
    return (
      <SignedOutFrame>
        <Suspense fallback={loading}>
          <QueryRoot session={session}>
            <SignIn signedInWithoutRole={me ?? null} expired={expired} />
          </QueryRoot>
        </Suspense>
      </SignedOutFrame>
    );
  }
  void loadPortal();
  return (
    <Suspense fallback={loading}>
      <QueryRoot session={session}>
        <Portal me={me} />
      </QueryRoot>
    </Suspense>
  );
}

/** The sign-in screen's frame: the agency's mark above the form, on the portal's own page (no site header). */
function SignedOutFrame({ children }: { children: ReactNode }) {
  const brand = usePortalBrand();
  return (
    <div className="px-4 py-10 sm:py-16">
      <p className="mb-8 text-center leading-tight text-brand-900" data-portal-mark>
        <span className="block text-2xl font-bold tracking-tight">{brand.agencyName || 'Staff'}</span>
        <span className="block text-xs tracking-wide text-slate-600 uppercase">Staff portal</span>
      </p>
      {children}
    </div>
  );
}

function AdminApp({ brand }: { brand?: PortalBrand }) {
  // As the portal opens: a reset link's token leaves the address, whichever screen then shows, and report
  // drafts older than 7 days go.
  useState(() => {
    takeResetToken();
    sweepReportDrafts();
  });
  const [session] = useState(createSessionStore);
  const [fallback] = useState<PortalBrand>({ agencyName: '', auditName: '' });
  return (
    <SessionContext value={session}>
      <PortalBrandContext value={brand ?? fallback}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <Gate session={session} />
      </PortalBrandContext>
    </SessionContext>
  );
}

export default withErrorBoundary(AdminApp);
