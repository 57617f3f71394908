// Signing up: the password rules, the confirmation before the first sign-in, and no access without a role.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userRoles, users } from '../../../src/db/schema.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../src/features/accounts/auth.ts';
import { requireRole } from '../../../src/features/accounts/require-role.ts';
import { origin } from '../function-harness.ts';
import { PASSWORD, post, requestWith, sessionCookie, signIn, signUp } from './browser.ts';
import { confirmedAccount, linkIn, outbox, useAuthDatabase } from './harness.ts';

const handle = useAuthDatabase();

describe('sign-up', () => {
  it(`accepts a ${PASSWORD_MIN}-character password and queues one confirmation mail to the new address only`, async () => {
    // Lower-case letters only: no rule asks for digits, capitals or marks (a run of one letter is a common password).
    const res = await signUp('rf@lab.example', 'glasswarerun');
    expect('glasswarerun').toHaveLength(PASSWORD_MIN);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ token: null, user: { email: 'rf@lab.example', emailVerified: false } });
    expect(res.headers.getSetCookie().filter((c) => c.includes('session_token='))).toEqual([]);

    const mails = await outbox();
    expect(mails.map((m) => [m.kind, m.to])).toEqual([['auth.verify', 'rf@lab.example']]);
    expect(mails[0]!.subject).toMatch(/confirm your email/i);
    // The link opens "choose your password" in the portal (confirmation.ts), never a confirmation of its own.
    const link = await linkIn('auth.verify', 'rf@lab.example');
    expect(link.origin).toBe(origin);
    expect(link.pathname).toBe('/admin');
    expect([...link.searchParams.keys()]).toEqual(['confirm']);
    expect(link.searchParams.get('confirm')).toMatch(/^[\w-]{32}$/);
  });

  it(`refuses passwords shorter than ${PASSWORD_MIN} or longer than ${PASSWORD_MAX} characters and stores nothing`, async () => {
    const short = await signUp('short@lab.example', 'a'.repeat(PASSWORD_MIN - 1));
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: expect.stringContaining('12') });
    const long = await signUp('long@lab.example', 'a'.repeat(PASSWORD_MAX + 1));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ code: 'PASSWORD_TOO_LONG' });
    expect(await handle.db.select().from(users)).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('takes a long passphrase of 64 or 128 characters whole, and compares it exactly as typed', async () => {
    const long = 'glassware in the cold room, labelled by date; '.repeat(3).slice(0, 64);
    const longest = `${long}${long}`;
    for (const [email, password] of [
      ['long@lab.example', long],
      ['longest@lab.example', longest],
    ] as const) {
      await confirmedAccount(email, password);
      expect((await signIn(email, password)).status, `${password.length} characters`).toBe(200);
      // Not cut, not case-folded: a shorter or differently cased password is another one.
      expect((await signIn(email, password.slice(0, -1))).status).toBe(401);
      expect((await signIn(email, password.toUpperCase())).status).toBe(401);
    }
  });

  it('changes a password only with the right current one', async () => {
    await confirmedAccount('change@lab.example');
    const cookie = sessionCookie(await signIn('change@lab.example'));
    const wrong = await post(
      '/change-password',
      { currentPassword: 'not the password', newPassword: 'a new lab passphrase' },
      { headers: { cookie } },
    );
    expect(wrong.status).toBe(400);
    expect((await signIn('change@lab.example', 'a new lab passphrase')).status).toBe(401);
    const right = await post(
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'a new lab passphrase' },
      { headers: { cookie } },
    );
    expect(right.status).toBe(200);
    expect((await signIn('change@lab.example', 'a new lab passphrase')).status).toBe(200);
  });

  it('answers a sign-up for a taken address like a new one, without a mail or a second account', async () => {
    await confirmedAccount('taken@lab.example');
    const before = await outbox();
    const res = await signUp('taken@lab.example', 'another passphrase');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token: null, user: { email: 'taken@lab.example', emailVerified: false } });
    expect(await outbox()).toHaveLength(before.length);
    expect(await handle.db.select().from(users)).toHaveLength(1);
    expect((await signIn('taken@lab.example', 'another passphrase')).status).toBe(401);
  });

  it('gives no access: a confirmed, signed-in account without a role is refused by requireRole', async () => {
    await confirmedAccount('norole@lab.example');
    const cookie = sessionCookie(await signIn('norole@lab.example'));
    const staff = await requireRole(requestWith(cookie), 'viewer');
    expect(staff).toBeInstanceOf(Response);
    expect((staff as Response).status).toBe(403);
    expect(await handle.db.select().from(userRoles)).toEqual([]);
  });
});

describe('confirmation before the first sign-in', () => {
  it('refuses an unconfirmed account with EMAIL_NOT_VERIFIED, and lets it in after the link was followed', async () => {
    expect((await signUp('new@lab.example')).status).toBe(200);
    const refused = await signIn('new@lab.example');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: expect.stringMatching(/confirm your email address first/i),
    });
    expect(refused.headers.getSetCookie().filter((c) => c.includes('session_token='))).toEqual([]);

    // The refused attempt sent a fresh link; either one works, and confirms by choosing the password.
    const links = (await outbox()).filter((m) => m.kind === 'auth.verify');
    expect(links.length).toBeGreaterThanOrEqual(2);
    const token = new URL(links[0]!.textBody.match(/https?:\/\/\S+/)![0]).searchParams.get('confirm');
    const chosen = await post('/reset-password', { token, newPassword: 'the chosen passphrase' });
    expect(chosen.status).toBe(200);
    const [user] = await handle.db.select().from(users).where(eq(users.email, 'new@lab.example'));
    expect(user!.emailVerified).toBe(true);

    expect((await signIn('new@lab.example')).status).toBe(401); // the sign-up's password is gone
    const res = await signIn('new@lab.example', 'the chosen passphrase');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email: 'new@lab.example', emailVerified: true } });
  });

  it('does not confirm with a forged token', async () => {
    expect((await signUp('forged@lab.example')).status).toBe(200);
    const res = await post('/reset-password', { token: 'not-a-token', newPassword: 'a forged passphrase' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn('forged@lab.example')).status).toBe(403);
    expect((await signIn('forged@lab.example', 'a forged passphrase')).status).toBe(401);
  });
});
