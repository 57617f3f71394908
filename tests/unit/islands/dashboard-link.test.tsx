// @vitest-environment happy-dom
/**
 * `/admin?tab=dashboard`, the weekly summary mail's link: the portal opens on the Dashboard tab (whatever tab was
 * remembered), keeps the address (each tab has its own), and remembers the tab for a plain /admin.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminApp from '../../../src/islands/admin/shell/AdminApp.tsx';
import { staffMe } from './staff-me.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const asked: string[] = [];
beforeEach(() => {
  sessionStorage.clear();
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
      asked.push(url.pathname + url.search);
      if (url.pathname === '/api/admin/me') {
        return new Response(JSON.stringify(staffMe({}, { roles: ['viewer'] })), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Promise<Response>(() => {}); // the tabs' figures and lists, still loading
    }),
  );
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

async function until(check: () => void): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (error) {
      if (i > 200) throw error;
      await act(() => new Promise((r) => setTimeout(r, 10)));
    }
  }
}

const selected = (el: HTMLElement) => el.querySelector('[role="tab"][aria-selected="true"]')?.textContent;

describe('a link to the Dashboard tab', () => {
  it('opens the dashboard for a viewer, asks for the last 4 weeks, and keeps the address (a reload stays there)', async () => {
    sessionStorage.setItem('admin.tab', 'messages');
    history.replaceState(null, '', '/admin?tab=dashboard');
    const el = document.body.appendChild(document.createElement('div'));
    await act(async () => createRoot(el).render(<AdminApp />));
    await until(() => expect(selected(el)).toBe('Dashboard'));
    expect(location.search).toBe('?tab=dashboard');
    expect(sessionStorage.getItem('admin.tab')).toBe('dashboard');
    await until(() => expect(asked.some((p) => p.startsWith('/api/admin/dashboard?from='))).toBe(true));
    await until(() => expect(el.querySelector('[role="status"]')?.textContent).toBe('Loading the dashboard…'));
  });

  it('opens the first tab without a link, the dashboard chunk not asked for', async () => {
    history.replaceState(null, '', '/admin');
    const el = document.body.appendChild(document.createElement('div'));
    await act(async () => createRoot(el).render(<AdminApp />));
    await until(() => expect(selected(el)).toBe('Leads'));
    expect(asked.some((p) => p.startsWith('/api/admin/dashboard'))).toBe(false);
  });
});
