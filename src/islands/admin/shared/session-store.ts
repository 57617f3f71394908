/**
 * Who is signed in (`/api/admin/me`), read by the portal's gate with plain fetch: the gate loads with the page, and
 * TanStack Query comes later with the first screen (the sign-in screen or the shell; docs/decisions/0048-portal-shell.md,
 * the page's budget). As the query did before: a failure other than a refusal is tried again 3 times with a delay
 * doubling from 1 s, the last answer stays while a new one is fetched, and a newer check's answer wins over an
 * older one still under way (a check after a sign-in never takes the answer of one started before it).
 */
import { createContext, useContext } from 'react';
import { api, ApiError } from './api.ts';
import type { Me } from './portal-session.ts';

/** The session as the gate draws it: not read yet, unreadable, or read (`null`: nobody signed in). */
export type SessionState =
  { status: 'pending' } | { status: 'error'; error: Error } | { status: 'ready'; me: Me | null };

export interface SessionStore {
  /** The state now (the same object until it changes, as `useSyncExternalStore` wants). */
  state: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** Reads the user again (after a sign-in, a 401 or 403, a change to the account); resolves once read. */
  check: () => Promise<void>;
  /** The signed-in user as last read, if any. */
  me: () => Me | null;
}

const RETRIES = 3;
const delay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);
const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** A store of its own per portal (and per test); `initial` starts it read (the tests of one screen). */
export function createSessionStore(initial?: Me | null): SessionStore {
  let state: SessionState = initial === undefined ? { status: 'pending' } : { status: 'ready', me: initial };
  let latest = 0;
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const read = async (): Promise<Me | null> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await api<Me>('/api/admin/me');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null; // signed out
        if (refused(error) || attempt >= RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay(attempt)));
      }
    }
  };
  const check = async () => {
    const mine = ++latest;
    let next: SessionState;
    try {
      next = { status: 'ready', me: await read() };
    } catch (error) {
      next = { status: 'error', error: error instanceof Error ? error : new Error(String(error)) };
    }
    if (mine === latest) set(next);
  };
  return {
    state: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    check,
    me: () => (state.status === 'ready' ? state.me : null),
  };
}

/** The portal's session store, given by AdminApp (absent in a test that renders one screen alone). */
export const SessionContext = createContext<SessionStore | null>(null);

export const useSession = (): SessionStore | null => useContext(SessionContext);
