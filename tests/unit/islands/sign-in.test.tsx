// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountWithQueries } from './mount.tsx';
import { SignIn } from '../../../src/islands/admin/SignIn.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function mount(answer: () => Response) {
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
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
