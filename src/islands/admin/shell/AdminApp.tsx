/**
 * The staff portal at /admin (docs/product.md; docs/decisions/0010 to 0012 and 0019): loading, then
 * the sign-in screen, or the portal with the tabs the signed-in user's roles allow. Client-only: nothing
 * of it is in the static page.
 */
import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { withErrorBoundary } from '../../ErrorBoundary.tsx';
import { buttonClass } from '../../../lib/ui/button.ts';
import { api, ApiError } from '../shared/api.ts';
import { PortalBrandContext, usePortalBrand, type PortalBrand } from '../shared/portal-brand.ts';
import { meKey, signedOutByUser, takeResetToken, type Me } from '../shared/portal-session.ts';
import { sweepReportDrafts } from '../shared/report-drafts.ts';

/**
 * The portal's client defaults (docs/product.md): 3 retries with a delay doubling from 1 s up to 30 s, 5 minutes of cache.
 * A 401 or 403 from any call means the session ended or a role was taken away: the user is checked again
 * at once, so the screen follows what the server now allows (auth changes re-check the role).
 */
const client = () => {
  const recheck = (error: Error) => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      void queryClient.invalidateQueries({ queryKey: meKey });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: recheck }),
    mutationCache: new MutationCache({ onError: recheck }),
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60_000,
      },
    },
  });
  return queryClient;
};

// The sign-in screen is a chunk of its own (its forms library), fetched only when nobody is signed in; the toaster
// likewise, fetched as the portal opens: what loads with the page is React, the queries and this gate
// (scripts/js-budget.ts counts it: 80 KB before interaction).
const SignIn = lazy(() => import('./SignIn.tsx').then((module) => ({ default: module.SignIn })));
const Toasts = lazy(() => import('../../forms/Toasts.tsx').then((module) => ({ default: module.Toasts })));

// The signed-in portal is its own chunk: the sign-in screen, which every visit shows first, loads without
// the tabs, editors and two-factor setup (the page's JavaScript budget counts what loads at once).
const Portal = lazy(() => import('./Portal.tsx').then((module) => ({ default: module.Portal })));

const loading = (
  <p role="status" className="py-16 text-center text-slate-600">
    Loading…
  </p>
);

function Gate() {
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: meKey,
    queryFn: async () => {
      try {
        return await api<Me>('/api/admin/me');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null; // signed out
        throw error;
      }
    },
  });
  // A 401 once this page had a user means the session ended (12 hours, an idle hour, a password changed
  // elsewhere): the sign-in screen says so, and not on a first visit or after the user's own sign-out.
  const [hadUser, setHadUser] = useState(false);
  if (me.data && !hadUser) setHadUser(true);
  const expired = hadUser && me.data === null && !signedOutByUser();
  useEffect(() => {
    // The lists of the ended session go with it: nothing of them stays in memory behind the sign-in screen.
    if (expired) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
  }, [expired, queryClient]);
  const userId = me.data?.user.id;
  useEffect(() => {
    // Someone else's report drafts are never offered to this user: they go as soon as the user is known.
    if (userId) sweepReportDrafts(userId);
  }, [userId]);
  if (me.isPending) return loading;
  if (me.isError) {
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        <p className="font-semibold">The portal could not load.</p>
        <p className="mt-1">{me.error.message}</p>
        <button type="button" onClick={() => void me.refetch()} className={`mt-3 ${buttonClass({ variant: 'alert' })}`}>
          Try again
        </button>
      </div>
    );
  }
  if (!me.data || me.data.roles.length === 0) {
    return (
      <SignedOutFrame>
        <Suspense fallback={loading}>
          <SignIn signedInWithoutRole={me.data ?? null} expired={expired} />
        </Suspense>
      </SignedOutFrame>
    );
  }
  return (
    <Suspense fallback={loading}>
      <Portal me={me.data} />
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
  const [queryClient] = useState(client);
  const [fallback] = useState<PortalBrand>({ agencyName: '', auditName: '' });
  return (
    <QueryClientProvider client={queryClient}>
      <PortalBrandContext value={brand ?? fallback}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <Gate />
      </PortalBrandContext>
    </QueryClientProvider>
  );
}

export default withErrorBoundary(AdminApp);
