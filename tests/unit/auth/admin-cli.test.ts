import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import auth from '../../../netlify/functions/auth.mts';
import { runAdmin, USAGE } from '../../../scripts/admin.ts';
import { quietConsole, useTestDatabase } from '../test-db.ts';
import {
  accounts,
  auditLog,
  authRateLimits,
  mailOutbox,
  sessions,
  twoFactors,
  userRoles,
  users,
} from '../../../src/db/schema.ts';
import { getAuth } from '../../../src/server/auth.ts';
import { rolesOf } from '../../../src/server/roles.ts';
import { call } from '../functions/harness.ts';

// warn: the development-secret warning; log: the console transport prints each mail.
quietConsole('warn', 'log');
const handle = useTestDatabase({
  empty: [mailOutbox, userRoles, sessions, twoFactors, accounts, users, authRateLimits],
  truncate: ['audit_log'], // append-only: its trigger refuses DELETE
});

/** Runs the CLI on the test database; resolves with its exit code and what it printed. */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, handle.db, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const signIn = (email: string, password: string) => call(auth, '/api/auth/sign-in/email', { email, password });
const userId = async (email: string) =>
  (await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
const signUp = (email: string, password: string) =>
  call(auth, '/api/auth/sign-up/email', { email, password, name: 'Site' });

/** Follows the confirmation link mailed to `email`, as its owner does. */
async function confirm(email: string): Promise<void> {
  const [mail] = (await handle.db.select().from(mailOutbox)).filter((m) => m.kind === 'auth.verify' && m.to === email);
  const link = new URL(mail!.textBody.match(/https?:\/\/\S+/)![0]);
  expect((await call(auth, link.pathname + link.search, undefined, { method: 'GET' })).status).toBe(302);
}

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

describe('npm run admin -- grant', () => {
  it('grants a role to an existing account, once', async () => {
    await admin('create', 'grow@bolesta.example', '--role', 'viewer', '--password', 'a strong passphrase');
    const run = await admin('grant', 'GROW@bolesta.example', 'editor');
    expect(run).toMatchObject({ code: 0, out: 'grow@bolesta.example now has the editor role.' });
    const again = await admin('grant', 'grow@bolesta.example', 'editor');
    expect(again).toMatchObject({ code: 0, out: 'grow@bolesta.example already had the editor role.' });
    expect(await rolesOf(handle.db, (await userId('grow@bolesta.example'))!)).toEqual(['editor', 'viewer']);
  });

  it('grants to an account that signed up on the site and confirmed its address', async () => {
    expect((await signUp('site@bolesta.example', 'a strong passphrase')).status).toBe(200);
    await confirm('site@bolesta.example');
    expect((await admin('grant', 'site@bolesta.example', 'viewer')).code).toBe(0);
    expect(await rolesOf(handle.db, (await userId('site@bolesta.example'))!)).toEqual(['viewer']);
  });

  it('refuses a missing account (exit 1) and an unknown role or extra arguments (exit 2)', async () => {
    const missing = await admin('grant', 'ghost@bolesta.example', 'admin');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/No account for ghost@bolesta\.example/);
    expect((await admin('grant', 'ghost@bolesta.example', 'superuser')).code).toBe(2);
    expect((await admin('grant', 'ghost@bolesta.example')).code).toBe(2);
    expect((await admin('grant', 'ghost@bolesta.example', 'admin', '--password', 'a strong passphrase')).code).toBe(2);
    expect(await handle.db.select().from(userRoles)).toEqual([]);
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

describe('the audit log of the command line', () => {
  const logged = () => handle.db.select().from(auditLog).orderBy(asc(auditLog.at), asc(auditLog.id));
  const grantRow = (id: string, email: string, role: string, command: string) => ({
    id: expect.any(String),
    at: expect.any(Date),
    actorId: 'cli',
    actorEmail: 'command line',
    action: 'role.grant',
    targetType: 'user',
    targetId: id,
    detail: { role, email, command },
  });

  it('records the role of create and of grant as granted by the command line', async () => {
    await admin('create', 'log@bolesta.example', '--role', 'viewer', '--password', 'a strong passphrase');
    const id = (await userId('log@bolesta.example'))!;
    expect((await admin('grant', 'log@bolesta.example', 'admin')).code).toBe(0);
    expect(await logged()).toEqual([
      grantRow(id, 'log@bolesta.example', 'viewer', 'create'),
      grantRow(id, 'log@bolesta.example', 'admin', 'grant'),
    ]);
  });

  it('records the role of a taken-over account', async () => {
    expect((await signUp('taken@bolesta.example', 'attacker passphrase')).status).toBe(200);
    expect((await admin('create', 'taken@bolesta.example', '--role', 'editor')).code).toBe(0);
    const id = (await userId('taken@bolesta.example'))!;
    expect(await logged()).toEqual([grantRow(id, 'taken@bolesta.example', 'editor', 'create')]);
  });

  it('records nothing for a role already held or a refused command', async () => {
    await admin('create', 'once@bolesta.example', '--role', 'viewer', '--password', 'a strong passphrase');
    const before = await logged();
    expect(before).toHaveLength(1);
    expect((await admin('grant', 'once@bolesta.example', 'viewer')).out).toMatch(/already had/);
    expect((await admin('grant', 'ghost@bolesta.example', 'viewer')).code).toBe(1);
    expect((await admin('create', 'once@bolesta.example', '--role', 'admin')).code).toBe(1);
    expect((await signUp('unconfirmed@bolesta.example', 'a strong passphrase')).status).toBe(200);
    expect((await admin('grant', 'unconfirmed@bolesta.example', 'viewer')).code).toBe(1);
    expect((await admin('grant', 'once@bolesta.example', 'owner')).code).toBe(2);
    expect(await logged()).toEqual(before);
  });
});

describe('npm run admin -- reset-2fa and signout', () => {
  const sessionOf = async (id: string) => (await getAuth(handle.db).$context).internalAdapter.createSession(id);

  it('reset-2fa turns two-factor sign-in off, ends every session and records it', async () => {
    await admin('create', 'lost@lab.example', '--role', 'admin', '--password', 'a strong passphrase');
    const id = (await userId('lost@lab.example'))!;
    await handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, id));
    await handle.db.insert(twoFactors).values({ id: 'tf-1', userId: id, secret: 'enc', backupCodes: 'enc' });
    await sessionOf(id);
    await sessionOf(id);

    const run = await admin('reset-2fa', 'lost@lab.example');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/two-factor sign-in is off and every session ended/);
    const [user] = await handle.db.select().from(users).where(eq(users.id, id));
    expect(user!.twoFactorEnabled).toBe(false);
    expect(await handle.db.select().from(twoFactors)).toEqual([]);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    const [row] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.two-factor-reset'));
    expect(row).toMatchObject({
      actorId: 'cli',
      targetId: id,
      detail: { email: 'lost@lab.example', hadTwoFactor: true },
    });
    // The password still signs in, without a code now.
    expect((await signIn('lost@lab.example', 'a strong passphrase')).headers.getSetCookie().join()).toContain(
      'session_token=',
    );
  });

  it('signout ends every session of the account, and only of that account', async () => {
    await admin('create', 'leaving@lab.example', '--role', 'editor', '--password', 'a strong passphrase');
    await admin('create', 'staying@lab.example', '--role', 'editor', '--password', 'a strong passphrase');
    const leaving = (await userId('leaving@lab.example'))!;
    const staying = (await userId('staying@lab.example'))!;
    await sessionOf(leaving);
    await sessionOf(leaving);
    await sessionOf(staying);
    const run = await admin('signout', 'leaving@lab.example');
    expect(run).toMatchObject({ code: 0, out: 'leaving@lab.example: 2 sessions ended.' });
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, leaving))).toEqual([]);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, staying))).toHaveLength(1);
    const [row] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.signout'));
    expect(row).toMatchObject({ targetId: leaving, detail: { email: 'leaving@lab.example', sessions: 2 } });
  });

  it('signout --all ends every session of every account, recorded once', async () => {
    await admin('create', 'one@lab.example', '--role', 'editor', '--password', 'a strong passphrase');
    await admin('create', 'two@lab.example', '--role', 'viewer', '--password', 'a strong passphrase');
    await sessionOf((await userId('one@lab.example'))!);
    await sessionOf((await userId('two@lab.example'))!);
    expect(await admin('signout', '--all')).toMatchObject({
      code: 0,
      out: 'Every account signed out: 2 sessions ended.',
    });
    expect(await handle.db.select().from(sessions)).toEqual([]);
    const rows = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.signout'));
    expect(rows).toEqual([expect.objectContaining({ targetId: '*', detail: { email: '*', sessions: 2 } })]);
    expect((await admin('signout', '--all', 'x@lab.example')).code).toBe(2);
    expect((await admin('grant', 'x@lab.example', 'admin', '--all')).code).toBe(2);
  });

  it('refuses an unknown account (exit 1) and a wrong usage (exit 2)', async () => {
    expect((await admin('signout', 'ghost@lab.example')).code).toBe(1);
    expect((await admin('reset-2fa', 'ghost@lab.example')).err).toMatch(/No account/);
    expect((await admin('reset-2fa')).code).toBe(2);
    expect((await admin('signout', 'a@lab.example', 'b@lab.example')).code).toBe(2);
  });
});

describe('the script itself', () => {
  const node = path.resolve('node_modules/.bin/node');
  const run = (args: string[], dataDir: string) =>
    spawnSync(node, ['scripts/admin.ts', ...args], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: '' },
      timeout: 60_000,
    });

  it('runs on Node with its own embedded database: exit codes and output as promised', { timeout: 90_000 }, () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-cli-'));
    try {
      const usage = run([], dataDir);
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain('Usage:');

      const created = run(['create', 'cli@bolesta.example', '--role', 'admin'], dataDir);
      expect(created.stderr).not.toMatch(/Failed/);
      expect(created.status).toBe(0);
      expect(created.stdout).toMatch(/Password: \S{12,}/);

      const granted = run(['grant', 'cli@bolesta.example', 'viewer'], dataDir);
      expect(granted.status).toBe(0);
      expect(granted.stdout).toContain('now has the viewer role');
      expect(run(['grant', 'nobody@bolesta.example', 'viewer'], dataDir).status).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
