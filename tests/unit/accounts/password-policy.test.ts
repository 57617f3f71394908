/**
 * The passwords everybody tries first, the words of the site and of the account, and the breach check of the
 * deployed site: refused at sign-up, password reset and change, and by `npm run admin`.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../../src/db/schema.ts';
import { COMMON_PASSWORDS } from '../../../src/features/accounts/common-passwords.ts';
import corpus from '../../../src/features/accounts/corpus-passwords.json' with { type: 'json' };
import ownList from '../../../src/features/accounts/common-passwords.json' with { type: 'json' };
import { breachedOrUnknown } from '../../../src/features/accounts/password-policy.ts';
import { corpusPasswords } from '../../../scripts/common-passwords.ts';
import { PASSWORD, post, sessionCookie, signIn, signUp, withCookie } from './browser.ts';
import { admin, confirmedAccount, deployed, fakeDate, resetToken, useAuthDatabase } from './harness.ts';

const handle = useAuthDatabase({ truncate: ['audit_log'] }); // append-only: its trigger refuses DELETE
fakeDate();

/** Many sign-ups, each hashing a password: a loaded machine needs time. */
const SLOW = 60_000;

describe('common passwords', { timeout: SLOW }, () => {
  it('holds at least 3,000 entries of a breach corpus, most common first, each long enough to pass the length check, in lower case', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(3000);
    expect(new Set(corpus).size).toBe(corpus.length);
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(corpus.length);
    for (const password of COMMON_PASSWORDS) {
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(password).toBe(password.toLowerCase());
    }
    // The corpus's own order, not an alphabetical one: its most common 12-character password comes first.
    expect(corpus[0]).toBe('123qweasdzxc');
    expect(COMMON_PASSWORDS).toContain('password1234');
    expect(COMMON_PASSWORDS).toContain('qwertyuiop123');
  });

  it('keeps the corpus’s order and only what the length rules would let through (scripts/common-passwords.ts)', () => {
    const source = ['123456', 'Password1234', 'password1234', 'short', 'x'.repeat(129), 'Sonyericsson', 'more'].join(
      '\r\n',
    );
    expect(corpusPasswords(source, 10)).toEqual(['password1234', 'sonyericsson']);
    expect(corpusPasswords(source, 1)).toEqual(['password1234']);
  });

  it('refuses a corpus password the hand-written list lacks at sign-up, reset, change and on the command line', async () => {
    // From the corpus's part of the list: the site's own list of 1,051 never held them.
    const [atSignUp, atReset, atChange, atCli] = ['leavemealone', 'sonyericsson', 'unbelievable', 'finalfantasy'];
    for (const password of [atSignUp, atReset, atChange, atCli]) {
      expect(ownList).not.toContain(password);
      expect(corpus).toContain(password);
    }
    const refused = { code: 'PASSWORD_TOO_COMMON', message: 'This password is too common. Choose another one.' };

    const signUpRes = await signUp('corpus@lab.example', atSignUp!.toUpperCase());
    expect(signUpRes.status).toBe(400);
    expect(await signUpRes.json()).toEqual(refused);
    expect(await handle.db.select().from(users).where(eq(users.email, 'corpus@lab.example'))).toEqual([]);

    await confirmedAccount('corpus-reset@lab.example');
    const token = await resetToken('corpus-reset@lab.example');
    const resetRes = await post('/reset-password', { token, newPassword: atReset });
    expect(resetRes.status).toBe(400);
    expect(await resetRes.json()).toEqual(refused);

    const cookie = sessionCookie(await signIn('corpus-reset@lab.example'));
    const change = { currentPassword: PASSWORD, newPassword: `${atChange![0]!.toUpperCase()}${atChange!.slice(1)}` };
    const changeRes = await post('/change-password', change, withCookie(cookie));
    expect(changeRes.status).toBe(400);
    expect(await changeRes.json()).toEqual(refused);
    expect((await signIn('corpus-reset@lab.example', atChange)).status).toBe(401);
    expect((await signIn('corpus-reset@lab.example')).status).toBe(200);

    const cli = await admin('create', 'corpus-cli@lab.example', '--role', 'viewer', '--password', atCli!);
    expect(cli).toMatchObject({ code: 2, err: expect.stringMatching(/too common.*--password/) });
    expect(await handle.db.select().from(users).where(eq(users.email, 'corpus-cli@lab.example'))).toEqual([]);
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
