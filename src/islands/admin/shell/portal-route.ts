/**
 * The portal's address (docs/decisions/0048-portal-shell.md): `/admin?tab=<id>` names a tab, `/admin?lead=<id>` a
 * lead's page (in the Leads tab). Opening a tab or a lead pushes its address, so a link opens it, a reload keeps it,
 * and the browser's back and forward buttons move between them. Components read the address with `usePortalRoute`.
 */
import { useMemo, useSyncExternalStore } from 'react';

export interface PortalRoute {
  tab: string | null;
  lead: string | null;
}

// Dispatched on `window` after this module pushes an address (pushState fires no event of its own).
const ROUTE_EVENT = 'portal:route';

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  window.addEventListener(ROUTE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(ROUTE_EVENT, onChange);
  };
};

const search = () => location.search;

/** The tab and lead an address names. */
export function routeOf(query: string): PortalRoute {
  const params = new URLSearchParams(query);
  return { tab: params.get('tab') || null, lead: params.get('lead') || null };
}

/** The portal's address as it changes (a click here, the browser's back and forward). */
export function usePortalRoute(): PortalRoute {
  const query = useSyncExternalStore(subscribe, search, () => '');
  return useMemo(() => routeOf(query), [query]);
}

/**
 * Goes to a tab or a lead: a new entry in the browser's history (or the current one replaced, with `replace`), the
 * other parameters of the address kept. Nothing happens when the address already says it.
 */
export function goTo(route: PortalRoute, { replace = false } = {}): void {
  const url = new URL(location.href);
  for (const [name, value] of [
    ['tab', route.lead ? 'leads' : route.tab],
    ['lead', route.lead],
  ] as const) {
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  if (url.href === location.href) return;
  if (replace) history.replaceState(history.state, '', url);
  else history.pushState(null, '', url);
  window.dispatchEvent(new Event(ROUTE_EVENT));
}
