/**
 * The portal's TanStack Query client, around the sign-in screen or the shell: a chunk fetched with the first screen,
 * not with the page (the gate reads the session with plain fetch: docs/decisions/0048-portal-shell.md). A new one
 * comes with each screen, so the lists of an ended session go with it.
 */
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../shared/api.ts';
import type { SessionStore } from '../shared/session-store.ts';

/**
 * The portal's client defaults (docs/product.md): 3 retries with a delay doubling from 1 s up to 30 s, 5 minutes of cache.
 * A 401 or 403 from any call means the session ended or a role was taken away: the user is checked again
 * at once, so the screen follows what the server now allows (auth changes re-check the role).
 */
export function portalQueryClient(session: SessionStore | null): QueryClient {
  const recheck = (error: Error) => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) void session?.check();
  };
  return new QueryClient({
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
}

export default function QueryRoot({ session, children }: { session: SessionStore; children: ReactNode }) {
  const [client] = useState(() => portalQueryClient(session));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
