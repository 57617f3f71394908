// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountWithQueries } from './mount.tsx';
import { SignIn } from '../../../src/islands/admin/shell/SignIn.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// better-auth's client keeps the fetch it was made with: every test's own recorder answers through this one.
let current = vi.fn(async (..._args: unknown[]) => json(500, {}));
const fetchThrough = (...args: unknown[]) => current(...args);

async function mount(answer: () => Response) {
  const fetch = vi.fn(async (..._args: unknown[]) => answer());
  current = fetch;
  vi.stubGlobal('fetch', fetchThrough);
  const el = await mountWithQueries(<SignIn signedInWithoutRole={null} />);
  return { el, fetch };
}

/** Types into an input the way a browser does. */
const type = (input: HTMLInputElement, value: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
const click = (el: HTMLElement, text: string) =>
  act(async () => [...el.querySelectorAll('button')].find((b) => b.textContent === text)!.click());
const errorOf = (el: HTMLElement, id: string) => el.querySelector(`#${id}-error`)?.textContent;

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the sign-in screen', () => {
  it('says which fields are missing and sends nothing', async () => {
    const { el, fetch } = await mount(() => json(500, {}));
    await click(el, 'Sign In');
    expect(errorOf(el, 'admin-email')).toBe('Email is required');
    expect(errorOf(el, 'admin-password')).toBe('Password is required');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses a sign-up password of the wrong length with better-auth's limits, keeping the email", async () => {
    const { el, fetch } = await mount(() => json(500, {}));
    await type(el.querySelector('#admin-email')!, 'ada@lab.example');
    await click(el, 'Need an account? Sign up');
    expect(el.querySelector<HTMLInputElement>('#admin-email')!.value).toBe('ada@lab.example');
    expect(el.querySelector('#admin-password-hint')?.textContent).toBe('12 to 128 characters.');
    await type(el.querySelector('#admin-password')!, 'short');
    await click(el, 'Sign Up');
    expect(errorOf(el, 'admin-password')).toBe('Use 12 to 128 characters');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a password under the password field", async () => {
    const { el } = await mount(() =>
      json(400, { code: 'PASSWORD_TOO_COMMON', message: 'This password is too common. Choose another one.' }),
    );
    await click(el, 'Need an account? Sign up');
    await type(el.querySelector('#admin-email')!, 'ada@lab.example');
    await type(el.querySelector('#admin-password')!, 'password1234');
    await click(el, 'Sign Up');
    await vi.waitFor(() =>
      expect(errorOf(el, 'admin-password')).toBe('This password is too common. Choose another one.'),
    );
    expect(el.querySelector('#admin-password')!.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('a password-reset link', () => {
  const TOKEN = 'Kq82vX0pLr5TnW3yZa7bC1dE';

  it('takes its token off the address at once, and still sends it with the new password', async () => {
    history.replaceState(null, '', `/admin?lead=7&reset=${TOKEN}`);
    const { el, fetch } = await mount(() => json(200, { status: true }));
    // Gone from the address bar (and so from the history, a bookmark, a screenshot), the rest kept.
    expect(location.href).not.toContain(TOKEN);
    expect(location.pathname + location.search).toBe('/admin?lead=7');
    expect(el.querySelector('h2')?.textContent).toBe('Choose a new password');

    await type(el.querySelector('#admin-password')!, 'a long new passphrase');
    await click(el, 'Save new password');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string | URL | Request, RequestInit];
    expect(String(url instanceof Request ? url.url : url)).toContain('/reset-password');
    const body = init?.body ?? (url instanceof Request ? await url.text() : '');
    expect(JSON.parse(String(body))).toMatchObject({ token: TOKEN, newPassword: 'a long new passphrase' });
    await vi.waitFor(() => expect(el.querySelector('h2')?.textContent).toBe('Staff sign in'));
    history.replaceState(null, '', '/');
  });
});
