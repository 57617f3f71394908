/**
 * The passwords everybody tries first, the words of the site and of the account, and the breach check of the
 * deployed site: refused at sign-up and at password reset.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../../src/db/schema.ts';
import { COMMON_PASSWORDS } from '../../../src/features/accounts/common-passwords.ts';
import { breachedOrUnknown } from '../../../src/features/accounts/password-policy.ts';
import { post, signIn, signUp } from './browser.ts';
import { confirmedAccount, deployed, fakeDate, resetToken, useAuthDatabase } from './harness.ts';

const handle = useAuthDatabase();
fakeDate();

/** Many sign-ups, each hashing a password: a loaded machine needs time. */
const SLOW = 60_000;

describe('common passwords', { timeout: SLOW }, () => {
  it('holds a few hundred entries, each long enough to pass the length check, in lower case', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const password of COMMON_PASSWORDS) {
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(password).toBe(password.toLowerCase());
    }
    expect(COMMON_PASSWORDS).toContain('password1234');
    expect(COMMON_PASSWORDS).toContain('qwertyuiop123');
  });

  it('refuses one at sign-up in any letter case, for a new or a taken address alike, storing nothing', async () => {
    await confirmedAccount('taken@lab.example');
    for (const [email, password] of [
      ['new@lab.example', 'password1234'],
      ['new@lab.example', 'QwertyUiop123'],
      ['taken@lab.example', 'ILOVEYOU1234'],
      ['new@lab.example', '123456789012'],
    ]) {
      const res = await signUp(email!, password);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is too common. Choose another one.',
      });
    }
    expect(await handle.db.select().from(users).where(eq(users.email, 'new@lab.example'))).toEqual([]);
  });

  it('refuses a password made of the site’s words or the account’s own name or address, at sign-up and reset', async () => {
    for (const [email, password] of [
      ['rosalind@lab.example', 'my-Bolesta-password'],
      ['rosalind@lab.example', 'Lift Audit 2026 rocks'],
      ['rosalind@lab.example', 'www.bolesta.example!'],
      ['rosalind@lab.example', 'rosalind-1920-london'],
      ['rf@lab.example', 'franklin photo 51 dna'], // the name given at sign-up
    ]) {
      const res = await signUp(email!, password);
      expect(res.status, password).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'PASSWORD_CONTEXTUAL', message: expect.stringMatching(/name/) });
    }
    expect(await handle.db.select().from(users).where(eq(users.email, 'rosalind@lab.example'))).toEqual([]);
    // A short piece of an address is no word of its own: "rf" and "lab" may appear in a password.
    expect((await signUp('rf@lab.example', 'a lab notebook of rf work')).status).toBe(200);

    await confirmedAccount('reset-words@lab.example');
    const token = await resetToken('reset-words@lab.example');
    const res = await post('/reset-password', { token, newPassword: 'bolesta bolesta bolesta' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('PASSWORD_CONTEXTUAL');
  });

  it('refuses one at password reset and keeps the old password', async () => {
    await confirmedAccount('weak@lab.example');
    const token = await resetToken('weak@lab.example');
    const res = await post('/reset-password', { token, newPassword: 'Welcome12345' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect((await signIn('weak@lab.example')).status).toBe(200);
    // The token was not spent on the refusal.
    expect((await post('/reset-password', { token, newPassword: 'an uncommon passphrase' })).status).toBe(200);
  });
});

describe('the breach check of the deployed site', { timeout: SLOW }, () => {
  it('never blocks a sign-up when the service cannot be reached (fails open)', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    await deployed(async () => {
      expect((await signUp('open@lab.example', 'an uncommon passphrase')).status).toBe(200);
    });
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^https:\/\/api\.pwnedpasswords\.com\/range\/[0-9A-F]{5}$/);
  });

  it('refuses a password the service reports as breached, with a clear message', async () => {
    const sha1 = (await import('node:crypto')).createHash('sha1').update('an uncommon passphrase').digest('hex');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(`${sha1.slice(5).toUpperCase()}:42\r\n0000000000000000000000000000000000A:0`, {
        headers: { 'content-type': 'text/plain' },
      }),
    );
    await deployed(async () => {
      const res = await signUp('breached@lab.example', 'an uncommon passphrase');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'PASSWORD_COMPROMISED',
        message: expect.stringMatching(/breach/),
      });
    });
  });

  it('gives up on a slow service after its timeout and lets the password through', async () => {
    const never = () => new Promise<boolean>(() => {});
    expect(await breachedOrUnknown(never, 'whatever passphrase', 20)).toBe(false);
    expect(await breachedOrUnknown(async () => true, 'whatever passphrase', 20)).toBe(true);
  });
});
