// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunksIn, mountWithQueries } from './mount.tsx';
import { staffMe } from './staff-me.ts';
import type { Me } from '../../../src/islands/admin/shared/portal-session.ts';
import { setupKey } from '../../../src/islands/admin/account/TwoFactorSetup.tsx';
import { Portal } from '../../../src/islands/admin/shell/Portal.tsx';
import { normalRecoveryCode } from '../../../src/lib/forms/account.schema.ts';

const admin = (twoFactorEnabled: boolean, twoFactorRequired: boolean, passwordChangeRequired = false): Me =>
  staffMe({ twoFactorEnabled, twoFactorRequired, passwordChangeRequired }, { roles: ['admin'] });

async function render(me: Me) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  const el = await mountWithQueries(<Portal me={me} />);
  await chunksIn(el);
  return el;
}

// The rail's Menu button (phones) aside.
const buttons = (el: HTMLElement) =>
  [...el.querySelectorAll('button')].map((b) => b.textContent).filter((t) => t !== 'Menu');

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the portal of staff who must have two-factor sign-in on', () => {
  it.each(['admin', 'editor', 'viewer'] as const)(
    'shows the setup with the reason instead of the tabs while it is off (%s)',
    async (role) => {
      const el = await render({ ...admin(false, true), roles: [role] });
      expect(el.querySelector('[role="tablist"]')).toBeNull();
      expect(el.querySelector('[role="note"]')?.textContent).toMatch(
        /Every staff account of this portal must use two-factor sign-in/,
      );
      expect(buttons(el)).toEqual(['Sign Out', 'Turn on two-factor sign-in']);
    },
  );

  it('shows the tabs once it is on, and Account security on request', async () => {
    const el = await render(admin(true, true));
    expect(el.querySelector('[role="tablist"]')).not.toBeNull();
    expect(el.textContent).not.toContain('Every staff account of this portal must');
    const security = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Account security')!;
    expect(security.getAttribute('aria-expanded')).toBe('false');
    await act(async () => security.click());
    await chunksIn(el);
    expect(security.getAttribute('aria-expanded')).toBe('true');
    expect(buttons(el)).toContain('Turn off two-factor sign-in');
    expect(buttons(el)).toContain('New recovery codes');
  });

  it('shows the tabs to an admin when it is not required, and asks them to set it up', async () => {
    const el = await render(admin(false, false));
    expect(el.querySelector('[role="tablist"]')).not.toBeNull();
    const ask = el.querySelector('section[aria-label="Two-factor sign-in"]')!;
    expect(ask.textContent).toMatch(/You are an administrator without two-factor sign-in/);
    const setUp = [...ask.querySelectorAll('button')].find((b) => b.textContent === 'Set up two-factor sign-in')!;
    await act(async () => setUp.click());
    await chunksIn(el);
    expect(el.querySelector('section[aria-label="Two-factor sign-in"]')).toBeNull();
    expect(buttons(el)).toContain('Turn on two-factor sign-in');
  });

  it('does not ask an admin who has it on, nor anyone without the admin role', async () => {
    expect((await render(admin(true, false))).querySelector('section[aria-label="Two-factor sign-in"]')).toBeNull();
    document.body.innerHTML = '';
    const editor = { ...admin(false, false), roles: ['editor' as const] };
    expect((await render(editor)).querySelector('section[aria-label="Two-factor sign-in"]')).toBeNull();
  });
});

describe('the portal of an account on a temporary password', () => {
  it('shows only the form that replaces it: no tabs, no overdue count, no account security', async () => {
    const el = await render(admin(false, true, true));
    expect(el.querySelector('[role="tablist"]')).toBeNull();
    expect(el.querySelector('h3')?.textContent).toBe('Choose your own password');
    expect(buttons(el)).toEqual(['Sign Out', 'Save my password']);
    const labels = [...el.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels.join(' ')).toMatch(/The password you were given.*Your new password/);
  });

  it('says what is missing under each field before sending anything', async () => {
    const el = await render(admin(true, false, true));
    const form = el.querySelector('form')!;
    const fetch = vi.mocked(globalThis.fetch);
    await act(async () => form.requestSubmit());
    expect(el.textContent).toContain('Enter the password you were given.');
    expect(el.textContent).toContain('Password is required');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the codes as typed', () => {
  it('groups the setup key of an otpauth URI by four', () => {
    expect(setupKey('otpauth://totp/Bolesta:a%40b.example?secret=ABCDEFGHIJKLMNOPQR&issuer=Bolesta')).toBe(
      'ABCD EFGH IJKL MNOP QR',
    );
  });

  it('takes a recovery code with or without its dash, spaces around it out', () => {
    expect(normalRecoveryCode(' aBcDe12345 ')).toBe('aBcDe-12345');
    expect(normalRecoveryCode('aBcDe-12345')).toBe('aBcDe-12345');
    expect(normalRecoveryCode('short')).toBe('short');
  });
});
