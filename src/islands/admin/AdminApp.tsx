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
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { Toasts } from '../forms/Toasts.tsx';
import { buttonClass } from '../../lib/ui/button.ts';
import { api, ApiError } from './api.ts';
import { PortalBrandContext, type PortalBrand } from './portal-brand.ts';
import {
  linkedLead,
  meKey,
  rememberedTab,
  rememberTab,
  signedOutByUser,
  takeLinkedTab,
  takeResetToken,
  type Me,
} from './portal-session.ts';
import { sweepReportDrafts } from './report-drafts.ts';
import { SignIn } from './SignIn.tsx';

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
  if (!me.data || me.data.roles.length === 0) return <SignIn signedInWithoutRole={me.data ?? null} expired={expired} />;
  // Suspense outside TabMemory: the memory mounts with the tabs, once the portal's chunk is in.
  return (
    <Suspense fallback={loading}>
      <TabMemory>
        <Portal me={me.data} />
      </TabMemory>
    </Suspense>
  );
}

// Portal names each tab button `<id>-<tab>-tab` (its `useId` base, then the tab's id).
const tabOf = (element: Element | null): string | undefined =>
  element ? /-([a-z]+)-tab$/.exec(element.id)?.[1] : undefined;

/**
 * Keeps the portal tab in sessionStorage, so a sign-in after an ended session (or a reload) reopens the
 * tab the user was on. A tab becomes active by a click or, with the arrow keys, by taking the focus: both
 * are recorded here; on mount the remembered tab is selected as a click would, if the roles still allow it.
 */
function TabMemory({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    // A link to a lead (`/admin?lead=<id>`) opens the Leads tab, a link to a tab (`?tab=dashboard`) that tab,
    // whatever tab was remembered; the linked tab is remembered as if clicked.
    const linked = takeLinkedTab();
    const wanted = linkedLead() ? 'leads' : (linked ?? rememberedTab());
    const tab = [...element.querySelectorAll('[role="tab"]')].find((t) => tabOf(t) === wanted);
    if (tab instanceof HTMLElement && tab.getAttribute('aria-selected') !== 'true') tab.click();
    if (tab && linked && wanted === linked) rememberTab(linked);
    // Listened to, not handled: the wrapper only watches the tabs, which stay Portal's own buttons.
    const record = (event: Event) => {
      const id = tabOf((event.target as Element).closest('[role="tab"]'));
      if (id) rememberTab(id);
    };
    element.addEventListener('click', record);
    element.addEventListener('focusin', record);
    return () => {
      element.removeEventListener('click', record);
      element.removeEventListener('focusin', record);
    };
  }, []);
  return <div ref={box}>{children}</div>;
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
        <Toasts />
        <Gate />
      </PortalBrandContext>
    </QueryClientProvider>
  );
}

export default withErrorBoundary(AdminApp);
