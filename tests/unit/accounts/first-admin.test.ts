// The agency's first admin without a shell (ADMIN_BOOTSTRAP_EMAIL), the CLI's single-use temporary password, and account
// links on a deploy preview that point at the preview itself.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import adminMe from '../../../netlify/functions/admin-me.mts';
import adminRoles from '../../../netlify/functions/admin-roles.mts';
import auth from '../../../netlify/functions/auth.mts';
import { site } from '../../../src/config/site.ts';
import { auditLog, sessions, users } from '../../../src/db/schema.ts';
import { allowedHosts } from '../../../src/features/accounts/auth.ts';
import { grantFirstAdmin } from '../../../src/features/accounts/first-admin.ts';
import {
  TEMPORARY_PASSWORD_SECONDS,
  TEMPORARY_PASSWORD_SPENT,
} from '../../../src/features/accounts/temporary-password.ts';
import type { Handler } from '../../../src/server/http.ts';
import { rolesOf } from '../../../src/features/accounts/require-role.ts';
import { call } from '../function-harness.ts';
import { cookieOf, PASSWORD, post, sessionCookie, signIn, signUp, withCookie } from './browser.ts';
import { admin, confirm, confirmedAccount, deployed, linkIn, outbox, useAuthDatabase, userId } from './harness.ts';

const handle = useAuthDatabase({ truncate: ['audit_log'] }); // append-only: its trigger refuses DELETE
afterEach(() => vi.unstubAllEnvs());

const bootstrapRows = () => handle.db.select().from(auditLog).where(eq(auditLog.actorId, 'bootstrap'));

describe('ADMIN_BOOTSTRAP_EMAIL', () => {
  it('makes its address the first admin once the address is confirmed, and audits the grant', async () => {
    vi.stubEnv('ADMIN_BOOTSTRAP_EMAIL', ' Owner@Agency.example ');
    expect((await signUp('owner@agency.example')).status).toBe(200);
    const id = (await userId('owner@agency.example'))!;
    expect(await rolesOf(handle.db, id)).toEqual([]); // a sign-up alone gives nothing: the mailbox must answer
    await confirm('owner@agency.example');
    expect(await rolesOf(handle.db, id)).toEqual(['admin']);
    expect(await bootstrapRows()).toMatchObject([
      {
        actorEmail: 'ADMIN_BOOTSTRAP_EMAIL',
        action: 'role.grant',
        targetId: id,
        detail: { role: 'admin', email: 'owner@agency.example', via: 'bootstrap' },
      },
    ]);
    // Signed in, the portal learns it is an admin without two-factor sign-in (and so asks for it).
    const cookie = sessionCookie(await signIn('owner@agency.example'));
    const me = await call(adminMe, '/api/admin/me', undefined, { method: 'GET', ...withCookie(cookie) });
    expect(await me.json()).toMatchObject({ roles: ['admin'], user: { twoFactorEnabled: false } });
  });

  it('gives nothing to any other address, confirmed or not', async () => {
    vi.stubEnv('ADMIN_BOOTSTRAP_EMAIL', 'owner@agency.example');
    await confirmedAccount('someone@agency.example');
    expect(await rolesOf(handle.db, (await userId('someone@agency.example'))!)).toEqual([]);
    expect(await bootstrapRows()).toEqual([]);
  });

  it('is refused, logged and audited once an admin exists', async () => {
    const created = await admin(
      'create',
      'first@agency.example',
      '--role',
      'admin',
      '--password',
      'a strong passphrase',
    );
    expect(created.code).toBe(0);
    vi.stubEnv('ADMIN_BOOTSTRAP_EMAIL', 'late@agency.example');
    const warn = vi.spyOn(console, 'warn');
    await confirmedAccount('late@agency.example');
    const id = (await userId('late@agency.example'))!;
    expect(await rolesOf(handle.db, id)).toEqual([]);
    expect(warn.mock.calls.flat().join(' ')).toMatch(
      /ADMIN_BOOTSTRAP_EMAIL: late@agency\.example .*administrator exists/,
    );
    expect(await bootstrapRows()).toMatchObject([
      { action: 'role.bootstrap-refused', targetId: id, detail: { email: 'late@agency.example' } },
    ]);
  });

  it('makes one admin when two grants race', async () => {
    await confirmedAccount('race@agency.example'); // confirmed before the variable was set: no role yet
    const user = { id: (await userId('race@agency.example'))!, email: 'race@agency.example' };
    const env = { ADMIN_BOOTSTRAP_EMAIL: 'race@agency.example' };
    const outcomes = await Promise.all([grantFirstAdmin(handle.db, user, env), grantFirstAdmin(handle.db, user, env)]);
    expect(outcomes.sort()).toEqual(['granted', 'refused']);
    expect(await rolesOf(handle.db, user.id)).toEqual(['admin']);
    expect((await bootstrapRows()).map((r) => r.action).sort()).toEqual(['role.bootstrap-refused', 'role.grant']);
  });
});

describe('the temporary password of npm run admin -- create', () => {
  const adminCall = (handler: Handler, path: string, cookie: string) =>
    call(handler, path, undefined, { method: 'GET', ...withCookie(cookie) });

  it('must be changed at the first sign-in before the portal answers, and is then done with', async () => {
    const run = await admin('create', 'temp@agency.example', '--role', 'admin');
    expect(run.out).toMatch(/temporary/);
    const password = run.out.match(/Password: (\S+)/)![1]!;
    const cookie = sessionCookie(await signIn('temp@agency.example', password));

    const me = await adminCall(adminMe, '/api/admin/me', cookie);
    expect(await me.json()).toMatchObject({ user: { passwordChangeRequired: true } });
    const refused = await adminCall(adminRoles, '/api/admin/roles', cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'password_change_required' } });

    const changed = await post(
      '/change-password',
      { currentPassword: password, newPassword: 'my very own passphrase' },
      withCookie(cookie),
    );
    expect(changed.status).toBe(200);
    const [row] = await handle.db.select().from(users).where(eq(users.email, 'temp@agency.example'));
    expect(row!.passwordChangeRequired).toBe(false);
    const fresh = sessionCookie(await signIn('temp@agency.example', 'my very own passphrase'));
    expect((await adminCall(adminRoles, '/api/admin/roles', fresh)).status).toBe(200);
  });

  it('opens one sign-in only: a second sign-in with it is refused and leaves no session, the first may change it', async () => {
    const run = await admin('create', 'once@agency.example', '--role', 'admin');
    expect(run.out).toMatch(/one sign-in within 24 hours/);
    const password = run.out.match(/Password: (\S+)/)![1]!;
    const id = (await userId('once@agency.example'))!;
    const sessionsOf = () => handle.db.select().from(sessions).where(eq(sessions.userId, id));

    // Two sign-ins at once: one session between them.
    const [a, b] = await Promise.all([
      signIn('once@agency.example', password),
      signIn('once@agency.example', password),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    const first = a.status === 200 ? a : b;
    expect(await sessionsOf()).toHaveLength(1);

    const again = await signIn('once@agency.example', password);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual(TEMPORARY_PASSWORD_SPENT);
    expect(cookieOf(again, 'session_token')).toBeFalsy();
    expect(await sessionsOf()).toHaveLength(1);

    // The session the password opened still chooses the owner's own, with it as the current one.
    const cookie = sessionCookie(first);
    const changed = await post(
      '/change-password',
      { currentPassword: password, newPassword: 'my very own passphrase' },
      withCookie(cookie),
    );
    expect(changed.status).toBe(200);
    expect((await signIn('once@agency.example', 'my very own passphrase')).status).toBe(200);
    expect((await signIn('once@agency.example', password)).status).toBe(401);
  });

  it('opens nothing once 24 hours have passed unused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const late = await admin('create', 'late@agency.example', '--role', 'viewer');
      const onTime = await admin('create', 'ontime@agency.example', '--role', 'viewer');
      vi.setSystemTime(Date.now() + (TEMPORARY_PASSWORD_SECONDS - 60) * 1000);
      expect((await signIn('ontime@agency.example', onTime.out.match(/Password: (\S+)/)![1]!)).status).toBe(200);
      vi.setSystemTime(Date.now() + 120 * 1000);
      const res = await signIn('late@agency.example', late.out.match(/Password: (\S+)/)![1]!);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'TEMPORARY_PASSWORD_SPENT' });
      const lateId = (await userId('late@agency.example'))!;
      expect(await handle.db.select().from(sessions).where(eq(sessions.userId, lateId))).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not asked of a password given on the command line, nor of a sign-up', async () => {
    await admin('create', 'given@agency.example', '--role', 'viewer', '--password', 'a strong passphrase');
    await confirmedAccount('signup@agency.example');
    const flags = await handle.db.select({ email: users.email, required: users.passwordChangeRequired }).from(users);
    expect(flags.every((f) => !f.required)).toBe(true);
    expect(flags).toHaveLength(2);
  });

  it('is never set or cleared by what a client sends', async () => {
    await post('/sign-up/email', {
      email: 'sneaky@agency.example',
      password: PASSWORD,
      name: 'Sneaky',
      passwordChangeRequired: true,
    });
    const run = await admin('create', 'temp2@agency.example', '--role', 'viewer');
    const password = run.out.match(/Password: (\S+)/)![1]!;
    const cookie = sessionCookie(await signIn('temp2@agency.example', password));
    await post('/update-user', { name: 'Temp Two', passwordChangeRequired: false }, withCookie(cookie));
    const flags = await handle.db.select({ email: users.email, required: users.passwordChangeRequired }).from(users);
    expect(Object.fromEntries(flags.map((f) => [f.email, f.required]))).toEqual({
      'sneaky@agency.example': false,
      'temp2@agency.example': true,
    });
  });
});

describe('account links on a deploy preview', () => {
  const preview = 'https://deploy-preview-42--bolesta.netlify.app';
  /** The auth function as Netlify calls it in a deploy preview. */
  const inPreview: Handler = (request, ctx) => auth(request, { ...ctx, deploy: { context: 'deploy-preview' } });

  it("allow this Netlify site's own addresses besides the configured ones, and nothing else", () => {
    expect(allowedHosts({})).toEqual(['*']); // npm start: the developer's own machine
    const hosts = allowedHosts({ SITE_ID: 'a1b2c3', SITE_NAME: 'bolesta' });
    expect(hosts).toContain('bolesta.netlify.app');
    expect(hosts).toContain('*--bolesta.netlify.app');
    expect(hosts).not.toContain('*');
  });

  it("link to the preview's own address, not production's", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline')); // the breach check fails open
    vi.stubEnv('SITE_NAME', 'bolesta');
    await deployed(async () => {
      const res = await call(
        inPreview,
        `${preview}/api/auth/sign-up/email`,
        { email: 'colleague@agency.example', password: PASSWORD, name: 'Colleague' },
        { origin: preview },
      );
      expect(res.status).toBe(200);
      // A preview mails only the staff inbox; the link in it opens the preview.
      const link = await linkIn('auth.verify', site.staffInbox);
      expect(link.origin).toBe(preview);
      expect(link.pathname).toBe('/admin');
      const [mail] = await outbox();
      expect(mail!.subject).toMatch(/^\[Preview, meant for colleague@agency\.example\]/);
    });
  });

  it("fall back to the site's own address for a host that is not the site's", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    vi.stubEnv('SITE_NAME', 'bolesta');
    await deployed(async () => {
      const elsewhere = 'https://bolesta.attacker.example';
      const res = await call(
        auth,
        `${elsewhere}/api/auth/sign-up/email`,
        { email: 'victim@agency.example', password: PASSWORD, name: 'Victim' },
        { origin: elsewhere },
      );
      expect(res.status).toBe(200);
      const link = await linkIn('auth.verify', 'victim@agency.example');
      expect(link.origin).toBe(new URL(site.url).origin);
    });
  });
});
