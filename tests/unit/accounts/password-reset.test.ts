// Resetting a forgotten password by the mailed link.
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN } from '../../../src/features/accounts/auth.ts';
import { getSessionUser } from '../../../src/features/accounts/session-user.ts';
import { origin } from '../function-harness.ts';
import { PASSWORD, post, requestWith, sessionCookie, signIn } from './browser.ts';
import { confirmedAccount, linkIn, outbox, useAuthDatabase } from './harness.ts';

const handle = useAuthDatabase();

describe('password reset', () => {
  it('mails a link to the reset form; the new password works afterwards and the old one does not', async () => {
    await confirmedAccount('forgot@lab.example');
    const before = sessionCookie(await signIn('forgot@lab.example'));

    const asked = await post('/request-password-reset', { email: 'forgot@lab.example' });
    expect(asked.status).toBe(200);
    const answer = await asked.json();
    expect(answer).toMatchObject({ status: true });
    const link = await linkIn('auth.reset', 'forgot@lab.example');
    expect(link.origin + link.pathname).toBe(`${origin}/admin`);
    const token = link.searchParams.get('reset');
    expect(token).toBeTruthy();

    const newPassword = 'a new long passphrase';
    const reset = await post('/reset-password', { token, newPassword });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ status: true });

    expect((await signIn('forgot@lab.example', PASSWORD)).status).toBe(401);
    expect((await signIn('forgot@lab.example', newPassword)).status).toBe(200);
    // Sessions from before the reset are over; the token works once.
    expect(await getSessionUser(handle.db, requestWith(before))).toBeNull();
    expect((await post('/reset-password', { token, newPassword: 'yet another passphrase' })).status).toBe(400);
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const res = await post('/request-password-reset', { email: 'stranger@lab.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: true });
    expect(await outbox()).toEqual([]);
  });

  it(`refuses a new password shorter than ${PASSWORD_MIN} characters`, async () => {
    await confirmedAccount('weak@lab.example');
    await post('/request-password-reset', { email: 'weak@lab.example' });
    const token = (await linkIn('auth.reset', 'weak@lab.example')).searchParams.get('reset');
    const res = await post('/reset-password', { token, newPassword: 'a'.repeat(PASSWORD_MIN - 1) });
    expect(res.status).toBe(400);
    expect((await signIn('weak@lab.example')).status).toBe(200);
  });
});
