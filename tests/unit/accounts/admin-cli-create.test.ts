// `npm run admin -- create`: a confirmed account with its role, also when an attacker signed its address up first.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../../scripts/admin.ts';
import { accounts, mailOutbox, sessions, users } from '../../../src/db/schema.ts';
import { getAuth } from '../../../src/features/accounts/auth.ts';
import { rolesOf } from '../../../src/features/accounts/require-role.ts';
import { signIn, signUp } from './browser.ts';
import { admin, useAuthDatabase, userId } from './harness.ts';

const handle = useAuthDatabase({ truncate: ['audit_log'] }); // append-only: its trigger refuses DELETE

describe('npm run admin -- create', () => {
  it('creates a confirmed admin with the password given, who can sign in at once; no mail is queued', async () => {
    const run = await admin(
      'create',
      'Ada@Bolesta.example',
      '--role',
      'admin',
      '--password',
      'a strong passphrase',
      '--name',
      'Ada',
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain('ada@bolesta.example');
    expect(run.out).not.toContain('a strong passphrase');

    const [user] = await handle.db.select().from(users).where(eq(users.email, 'ada@bolesta.example'));
    expect(user).toMatchObject({ name: 'Ada', emailVerified: true });
    expect(await rolesOf(handle.db, user!.id)).toEqual(['admin']);
    // better-auth's own scrypt hash, never the password itself.
    const [account] = await handle.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account).toMatchObject({ providerId: 'credential', accountId: user!.id });
    expect(account!.password).not.toContain('a strong passphrase');

    const res = await signIn('ada@bolesta.example', 'a strong passphrase');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email: 'ada@bolesta.example', name: 'Ada' } });
    expect(await handle.db.select().from(mailOutbox)).toEqual([]);
  });

  it('generates a password when none is given and prints it once; it works', async () => {
    const run = await admin('create', 'gen@bolesta.example', '--role', 'editor');
    expect(run.code).toBe(0);
    const password = run.out.match(/Password: (\S+)/)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(12);
    expect((await signIn('gen@bolesta.example', password!)).status).toBe(200);
    expect(await rolesOf(handle.db, (await userId('gen@bolesta.example'))!)).toEqual(['editor']);
  });

  it('refuses an existing account (exit 1) and leaves it as it was', async () => {
    expect(
      (await admin('create', 'twice@bolesta.example', '--role', 'viewer', '--password', 'first passphrase')).code,
    ).toBe(0);
    const again = await admin('create', 'twice@bolesta.example', '--role', 'admin', '--password', 'second passphrase');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already exists.*grant/);
    expect(await rolesOf(handle.db, (await userId('twice@bolesta.example'))!)).toEqual(['viewer']);
    expect((await signIn('twice@bolesta.example', 'first passphrase')).status).toBe(200);
  });

  it.each([
    [['create', 'x@bolesta.example', '--role', 'owner'], /Unknown role "owner"/],
    [['create', 'x@bolesta.example'], /Name a role/],
    [['create', 'x@bolesta.example', '--role', 'admin', '--password', 'elevenchars'], /12 to 128 characters/],
    [['create', 'x@bolesta.example', '--role', 'admin', '--password', 'a'.repeat(129)], /12 to 128 characters/],
    [['create', 'not-an-email', '--role', 'admin'], /not an email address/],
    [['create', '--role', 'admin'], /one email address/],
    [['create', 'x@bolesta.example', '--role', 'admin', '--admin'], /Unknown option/],
    [['delete', 'x@bolesta.example'], /Unknown command "delete"/],
    [[], /Name a command/],
  ])('refuses %j with the reason and the usage (exit 2), creating nothing', async (argv, reason) => {
    const run = await admin(...argv);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(reason);
    expect(run.err).toContain(USAGE);
    expect(await handle.db.select().from(users)).toEqual([]);
  });

  it.each([
    ['password1234', /too common/],
    ['Bolesta staff 2026!', /name of the agency or the site/],
    ['x-ray-crystallographer', /your own name or email address/], // the address is x-ray-crystallographer@…
  ])('refuses --password %j as the portal would (exit 2), creating nothing', async (password, reason) => {
    const run = await admin('create', 'x-ray-crystallographer@lab.example', '--role', 'admin', '--password', password);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(reason);
    expect(await handle.db.select().from(users)).toEqual([]);
  });

  it('prints the usage for --help (exit 0)', async () => {
    expect(await admin('--help')).toEqual({ code: 0, out: USAGE, err: '' });
  });
});

describe('a colleague’s address signed up first by an attacker', () => {
  const colleague = 'colleague@agency.example';
  const attackerPassword = 'attacker passphrase';

  it('is refused by grant, then taken over by create: the attacker’s password and session stop working', async () => {
    expect((await signUp(colleague, attackerPassword)).status).toBe(200);
    const squatterId = (await userId(colleague))!;
    // However the attacker came by a session (one made before confirmation was required, say), it must die.
    const context = await getAuth(handle.db).$context;
    const session = await context.internalAdapter.createSession(squatterId);

    const grant = await admin('grant', colleague, 'editor');
    expect(grant.code).toBe(1);
    expect(grant.err).toMatch(/has not confirmed its email address/);
    expect(grant.err).toContain(`npm run admin -- create ${colleague} --role editor`);
    expect(await rolesOf(handle.db, squatterId)).toEqual([]);

    const create = await admin('create', colleague, '--role', 'editor', '--password', 'her own new passphrase');
    expect(create).toMatchObject({ code: 0, err: '' });
    expect(create.out).toMatch(/took over the unconfirmed account/i);
    expect(create.out).not.toContain('her own new passphrase');

    const [user] = await handle.db.select().from(users).where(eq(users.email, colleague));
    expect(user).toMatchObject({ id: squatterId, emailVerified: true });
    expect(await handle.db.select().from(users)).toHaveLength(1);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, squatterId))).toEqual([]);
    expect(await context.internalAdapter.findSession(session.token)).toBeNull();
    expect((await signIn(colleague, attackerPassword)).status).toBe(401);
    const res = await signIn(colleague, 'her own new passphrase');
    expect(res.status).toBe(200);
    expect(await rolesOf(handle.db, squatterId)).toEqual(['editor']);
  });

  it('generates a password for the taken-over account when none is given, and prints it once', async () => {
    expect((await signUp(colleague, attackerPassword)).status).toBe(200);
    const create = await admin('create', colleague, '--role', 'viewer');
    expect(create.code).toBe(0);
    const password = create.out.match(/Password: (\S+)/)?.[1];
    expect(password).toBeDefined();
    expect((await signIn(colleague, password!)).status).toBe(200);
    expect((await signIn(colleague, attackerPassword)).status).toBe(401);
  });
});
