// The pre-registration takeover, tried as an attacker would: whoever signs up first with a colleague's address
// (or ADMIN_BOOTSTRAP_EMAIL's) keeps nothing once the mailbox's owner confirms it (src/features/accounts/confirmation.ts).
import { eq } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessions, twoFactors, users } from '../../../src/db/schema.ts';
import { getAuth, REPLACED_LINK_PATH } from '../../../src/features/accounts/auth.ts';
import { rolesOf } from '../../../src/features/accounts/require-role.ts';
import { get, post, signIn, signUp } from './browser.ts';
import { confirm, outbox, useAuthDatabase, userId } from './harness.ts';

const handle = useAuthDatabase({ truncate: ['audit_log'] }); // the bootstrap grant is audited
afterEach(() => vi.unstubAllEnvs());

const owner = 'owner@agency.example';
const attackers = 'pipette tips in bulk, nine';
const owners = 'centrifuge at four degrees';
const confirmations = async () => (await outbox()).filter((m) => m.kind === 'auth.verify' && m.to === owner);
const tokenOf = (mail: { textBody: string }) =>
  new URL(mail.textBody.match(/https?:\/\/\S+/)![0]).searchParams.get('confirm')!;

describe('an address signed up first by someone else', () => {
  it("keeps the attacker's password out once the owner confirms, and makes the owner, not the attacker, the first admin", async () => {
    vi.stubEnv('ADMIN_BOOTSTRAP_EMAIL', owner);
    // The attacker signs up with the bootstrap address first; the owner's own sign-up answers alike.
    expect((await signUp(owner, attackers)).status).toBe(200);
    expect((await signUp(owner, owners)).status).toBe(200);
    expect(await handle.db.select().from(users)).toHaveLength(1);
    // Nothing signs in before the mailbox answers, with either password.
    expect((await signIn(owner, attackers)).status).toBe(403);
    const id = (await userId(owner))!;
    expect(await rolesOf(handle.db, id)).toEqual([]);

    // The owner opens the mail the attacker's sign-up sent (the one they expect) and chooses their password.
    const [first] = await confirmations();
    expect((await post('/reset-password', { token: tokenOf(first!), newPassword: owners })).status).toBe(200);

    expect((await signIn(owner, attackers)).status).toBe(401);
    expect((await signIn(owner, owners)).status).toBe(200);
    expect(await rolesOf(handle.db, id)).toEqual(['admin']);
  });

  it('mails a fresh confirmation to a second sign-up of an unconfirmed address, and none to a confirmed one', async () => {
    expect((await signUp(owner, attackers)).status).toBe(200);
    expect(await confirmations()).toHaveLength(1);
    expect((await signUp(owner, owners)).status).toBe(200);
    const mails = await confirmations();
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map(tokenOf)).size).toBe(2);
    // The newest link works as well as the first; once used, the address is confirmed and no sign-up mails it.
    await confirm(owner, owners);
    expect((await signUp(owner, attackers)).status).toBe(200);
    expect(await confirmations()).toHaveLength(2);
    expect((await signIn(owner, attackers)).status).toBe(401);
  });

  it('answers a second sign-up of an unconfirmed address without waiting for its mail (its time tells nothing)', async () => {
    // The review's probe: better-auth's sendVerificationEmail holds its caller at least 500 ms, so a sign-up that
    // awaited it answered measurably later for an address waiting for its confirmation. Here that call does not
    // end until the test lets it: the answer must come first.
    expect((await signUp(owner, attackers)).status).toBe(200);
    const api = getAuth(handle.db).api;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const original = api.sendVerificationEmail;
    const send = vi.spyOn(api, 'sendVerificationEmail').mockImplementation(async (...args) => {
      await held;
      return original(...args);
    });
    try {
      const background: Promise<unknown>[] = [];
      const res = await signUp(owner, owners, { background });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ token: null, user: { email: owner, emailVerified: false } });
      expect(send).toHaveBeenCalledTimes(1);
      expect(await confirmations()).toHaveLength(1); // the new mail is still on its way
      release();
      await Promise.all(background);
      expect(await confirmations()).toHaveLength(2);
    } finally {
      send.mockRestore();
    }
  });

  it('confirms nothing through better-auth’s own confirmation link, which would keep the first password', async () => {
    vi.stubEnv('ADMIN_BOOTSTRAP_EMAIL', owner);
    expect((await signUp(owner, attackers)).status).toBe(200);
    // A genuine, signed link of the kind better-auth mails (and mails sent before this change hold).
    const { secret } = await getAuth(handle.db).$context;
    const token = await createEmailVerificationToken(secret, owner, undefined, 3600);
    const res = await get(`/api/auth/verify-email?token=${token}&callbackURL=%2Fadmin`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(REPLACED_LINK_PATH);
    const [user] = await handle.db.select().from(users).where(eq(users.email, owner));
    expect(user!.emailVerified).toBe(false);
    expect(await rolesOf(handle.db, user!.id)).toEqual([]);
    expect((await signIn(owner, attackers)).status).toBe(403);
  });

  it('ends every session and clears every second factor set up before the confirmation', async () => {
    expect((await signUp(owner, attackers)).status).toBe(200);
    const id = (await userId(owner))!;
    // Whatever path might have left them: a session and an authenticator of the attacker's.
    await handle.db
      .insert(sessions)
      .values({ id: 's1', token: 'attacker-session', userId: id, expiresAt: new Date(Date.now() + 3600_000) });
    await handle.db.insert(twoFactors).values({ id: 't1', userId: id, secret: 'attacker-secret', backupCodes: '[]' });
    await handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, id));

    await confirm(owner, owners);

    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await handle.db.select().from(twoFactors).where(eq(twoFactors.userId, id))).toEqual([]);
    const [user] = await handle.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ emailVerified: true, twoFactorEnabled: false });
    // The owner signs in with the password alone and sets up their own authenticator.
    expect(await (await signIn(owner, owners)).json()).not.toHaveProperty('twoFactorRedirect');
  });
});
