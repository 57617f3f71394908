/**
 * The staff portal at /admin (spec sections 2 "Admin", 4 to 8; decisions 10 to 12 and 19): loading, then
 * the sign-in screen, or the portal with the tabs the signed-in user's roles allow. Client-only: nothing
 * of it is in the static page.
 */
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Role } from '../../lib/statuses.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { Toasts } from '../forms/Toasts.tsx';
import { api, ApiError } from './api.ts';
import { Portal } from './Portal.tsx';
import { SignIn } from './SignIn.tsx';

export interface Me {
  user: { id: string; email: string; name: string };
  roles: Role[];
  /** The site this portal belongs to: a preview works on its own copy of the data and mails only staff. */
  site: 'local' | 'production' | 'preview';
}

/**
 * The spec's client defaults: 3 retries with a delay doubling from 1 s up to 30 s, 5 minutes of cache.
 * A 401 or 403 from any call means the session ended or a role was taken away: the user is checked again
 * at once, so the screen follows what the server now allows (spec 4: auth changes re-check the role).
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

export const meKey = ['me'] as const;

function Gate() {
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
  if (me.isPending) {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        Loading…
      </p>
    );
  }
  if (me.isError) {
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        <p className="font-semibold">The portal could not load.</p>
        <p className="mt-1">{me.error.message}</p>
        <button
          type="button"
          onClick={() => void me.refetch()}
          className="mt-3 rounded-md bg-red-800 px-4 py-2 font-semibold text-white"
        >
          Try again
        </button>
      </div>
    );
  }
  if (!me.data || me.data.roles.length === 0) return <SignIn signedInWithoutRole={me.data ?? null} />;
  return <Portal me={me.data} />;
}

function AdminApp() {
  const [queryClient] = useState(client);
  return (
    <QueryClientProvider client={queryClient}>
      <Toasts />
      <Gate />
    </QueryClientProvider>
  );
}

export default withErrorBoundary(AdminApp);
