// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminApp from '../../../src/islands/admin/shell/AdminApp.tsx';
import type { Me } from '../../../src/islands/admin/shared/portal-session.ts';
import { staffMe } from './staff-me.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NOTICE = 'Your session expired. Please sign in again.';
const me: Me = staffMe();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unauthenticated = () => json(401, { error: { code: 'unauthenticated', message: 'User not authenticated' } });

// better-auth's client keeps the fetch it was made with: every test's own server answers through this one.
let current: (input: RequestInfo | URL) => Promise<Response> = async () => unauthenticated();
const fetchThrough = (input: RequestInfo | URL) => current(input);

/** A server with one session that the test can end: `/api/admin/me`, the tabs' lists, and sign-in. */
function server(signedIn: boolean, who: Me = me) {
  const state = { signedIn };
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    // better-auth's client asks for absolute URLs, the portal's own calls for paths: both by their path.
    const path = new URL(input instanceof Request ? input.url : String(input), location.origin).pathname;
    if (path.startsWith('/api/auth/sign-in/email')) {
      state.signedIn = true;
      return json(200, { token: 't', user: who.user });
    }
    if (!state.signedIn) return unauthenticated();
    if (path === '/api/admin/me') return json(200, who);
    return new Promise<Response>(() => {}); // a list that is still loading
  });
  current = fetch;
  vi.stubGlobal('fetch', fetchThrough);
  return state;
}

/** Waits until `check` passes, letting React and the queries settle in between. */
async function until(check: () => void): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (error) {
      if (i > 100) throw error;
      await act(() => new Promise((r) => setTimeout(r, 10)));
    }
  }
}

async function render() {
  const el = document.body.appendChild(document.createElement('div'));
  await act(async () => createRoot(el).render(<AdminApp />));
  return el;
}

const tab = (el: HTMLElement, label: string) =>
  [...el.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((t) => t.textContent === label);
const selected = (el: HTMLElement) => el.querySelector('[role="tab"][aria-selected="true"]')?.textContent;

/** Types into a React-controlled input the way a browser does. */
function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the portal when the session ends', () => {
  it('shows the notice on the sign-in screen after a 401, and reopens the same tab after signing in', async () => {
    const session = server(true);
    const el = await render();
    await until(() => expect(selected(el)).toBe('Leads'));
    expect(el.textContent).not.toContain(NOTICE);

    // The session ends on the server; the next call of the open tab answers 401.
    session.signedIn = false;
    await act(async () => tab(el, 'Contact Messages')!.click());
    await until(() => expect(el.querySelector('form[aria-label="Staff sign in"]')).not.toBeNull());
    expect(el.querySelector('[role="alert"]')?.textContent).toBe(NOTICE);

    await act(async () => {
      type(el.querySelector<HTMLInputElement>('#admin-email')!, 'ada@agency.example');
      type(el.querySelector<HTMLInputElement>('#admin-password')!, 'correct horse');
    });
    await act(async () => el.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await until(() => expect(selected(el)).toBe('Contact Messages'));
    expect(el.textContent).not.toContain(NOTICE);
  });

  it('remembers the tab across a reload of the page (sessionStorage)', async () => {
    server(true);
    const first = await render();
    await until(() => expect(tab(first, 'Contact Messages')).toBeDefined());
    await act(async () => tab(first, 'Contact Messages')!.click());
    document.body.innerHTML = '';

    const again = await render();
    await until(() => expect(selected(again)).toBe('Contact Messages'));
  });

  it('remembers a tab whose id has a hyphen (the Audit Log)', async () => {
    server(true, staffMe({ twoFactorEnabled: true }, { roles: ['admin'] }));
    const first = await render();
    await until(() => expect(tab(first, 'Audit Log')).toBeDefined());
    await act(async () => tab(first, 'Audit Log')!.click());
    document.body.innerHTML = '';

    const again = await render();
    await until(() => expect(selected(again)).toBe('Audit Log'));
  });

  it('shows no notice to a visitor who was not signed in', async () => {
    server(false);
    const el = await render();
    await until(() => expect(el.querySelector('form[aria-label="Staff sign in"]')).not.toBeNull());
    expect(el.textContent).not.toContain(NOTICE);
  });
});

describe('signing in', () => {
  const signInAs = async (el: HTMLElement) => {
    await until(() => expect(el.querySelector('form[aria-label="Staff sign in"]')).not.toBeNull());
    await act(async () => {
      type(el.querySelector<HTMLInputElement>('#admin-email')!, 'ada@agency.example');
      type(el.querySelector<HTMLInputElement>('#admin-password')!, 'correct horse');
    });
    await act(async () => el.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  };

  it('never says "Signed in successfully!" to a removed colleague: the "no access" alert alone', async () => {
    const success = vi.spyOn(toast, 'success');
    server(false, staffMe({}, { roles: [] }));
    const el = await render();
    await signInAs(el);
    await until(() => expect(el.querySelector('[role="alert"]')?.textContent).toContain('has no access'));
    expect(success).not.toHaveBeenCalled();
    success.mockRestore();
  });

  it('welcomes a staff member once the portal opens', async () => {
    const success = vi.spyOn(toast, 'success');
    server(false);
    const el = await render();
    await signInAs(el);
    await until(() => expect(selected(el)).toBe('Leads'));
    expect(success).toHaveBeenCalledWith('Signed in successfully!');
    success.mockRestore();
  });
});
