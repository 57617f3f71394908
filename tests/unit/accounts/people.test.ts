/**
 * Managing colleagues from the portal (POST /api/admin/people/:id/…; src/features/accounts/people.ts): real
 * accounts, sessions and authenticator codes through better-auth, as the portal's calls make them.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as peopleFn from '../../../netlify/functions/admin-people.mts';
import { getSessionUser } from '../../../src/features/accounts/session-user.ts';
import { auditLog, leads, twoFactors, userRoles, users } from '../../../src/db/schema.ts';
import { call } from '../function-harness.ts';
import { PASSWORD, requestWith, signIn, withCookie } from './browser.ts';
import { outbox, signedIn, userId, useAuthDatabase } from './harness.ts';
import { codeFor, enable, signInWithCode, wrongCode } from './two-factor-harness.ts';

const handle = useAuthDatabase({ truncate: ['audit_log', 'leads'] });

const people = (cookie: string, id: string, action: string, body: unknown = {}) =>
  call(peopleFn.default, `/api/admin/people/${id}/${action}`, body, { ...withCookie(cookie), params: { id } });
const alive = async (cookie: string) => (await getSessionUser(handle.db, requestWith(cookie))) !== null;

/** An admin with two-factor sign-in on, and a colleague with a role and their own authenticator. */
async function team(colleagueRole: 'viewer' | 'editor' | 'admin' = 'editor') {
  const adminCookie = await signedIn('boss@agency.example');
  await handle.db.insert(userRoles).values({ userId: (await userId('boss@agency.example'))!, role: 'admin' });
  const admin = await enable('boss@agency.example', adminCookie);
  const colleagueCookie = await signedIn('mia@agency.example');
  const colleagueId = (await userId('mia@agency.example'))!;
  await handle.db.insert(userRoles).values({ userId: colleagueId, role: colleagueRole });
  const colleague = await enable('mia@agency.example', colleagueCookie);
  return { admin, colleagueId, colleague };
}

describe('POST /api/admin/people/:id/reset-two-factor', () => {
  it('needs the admin’s own password and current code; then the colleague’s factor and sessions go, they are mailed, it is audited', async () => {
    const { admin, colleagueId, colleague } = await team();
    const refused = await people(admin.cookie, colleagueId, 'reset-two-factor', { password: 'wrong password' });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.fields).toEqual({ password: 'That password is not right.' });
    const noCode = await people(admin.cookie, colleagueId, 'reset-two-factor', { password: PASSWORD });
    expect((await noCode.json()).error.fields).toEqual({ code: 'Enter the 6 digits your authenticator app shows.' });
    const badCode = await people(admin.cookie, colleagueId, 'reset-two-factor', {
      password: PASSWORD,
      code: await wrongCode(admin.totpURI),
    });
    expect(badCode.status).toBe(422);
    expect((await badCode.json()).error.fields.code).toMatch(/^That code is not right/);
    expect(await handle.db.select().from(twoFactors).where(eq(twoFactors.userId, colleagueId))).toHaveLength(1);

    const res = await people(admin.cookie, colleagueId, 'reset-two-factor', {
      password: PASSWORD,
      code: await codeFor(admin.totpURI),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: 'mia@agency.example', hadTwoFactor: true });
    expect(await handle.db.select().from(twoFactors).where(eq(twoFactors.userId, colleagueId))).toEqual([]);
    const [mia] = await handle.db.select().from(users).where(eq(users.id, colleagueId));
    expect(mia!.twoFactorEnabled).toBe(false);
    expect(await alive(colleague.cookie)).toBe(false);
    // Their next sign-in is the password alone: the portal then asks them to set it up (two-factor-required tests).
    expect((await signIn('mia@agency.example')).status).toBe(200);
    const mail = (await outbox()).find((m) => m.kind === 'account.two-factor-reset');
    expect(mail).toMatchObject({
      to: 'mia@agency.example',
      subject: expect.stringMatching(/two-factor sign-in was reset$/),
    });
    expect(mail!.textBody).toContain('boss@agency.example reset the two-factor sign-in');
    expect(
      await handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.two-factor-reset')),
    ).toMatchObject([
      {
        actorEmail: 'boss@agency.example',
        targetId: colleagueId,
        detail: { email: 'mia@agency.example', via: 'portal' },
      },
    ]);
  });

  it('refuses one’s own account, an unknown account, and anyone but an admin', async () => {
    const { admin, colleague } = await team();
    const adminId = (await userId('boss@agency.example'))!;
    const own = await people(admin.cookie, adminId, 'reset-two-factor', {
      password: PASSWORD,
      code: await codeFor(admin.totpURI),
    });
    expect(own.status).toBe(409);
    expect((await own.json()).error.code).toBe('own_account');
    const nobody = await people(admin.cookie, 'no-such-user', 'reset-two-factor', {
      password: PASSWORD,
      code: await codeFor(admin.totpURI),
    });
    expect(nobody.status).toBe(404);
    const editor = await people(colleague.cookie, adminId, 'reset-two-factor', {
      password: PASSWORD,
      code: await codeFor(colleague.totpURI),
    });
    expect(editor.status).toBe(403);
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.two-factor-reset'))).toEqual([]);
  });
});

describe('POST /api/admin/people/:id/remove', () => {
  it('removes every role and ends every session at once, lists the leads they own, and audits it', async () => {
    const { admin, colleagueId, colleague } = await team('editor');
    await handle.db.insert(userRoles).values({ userId: colleagueId, role: 'viewer' });
    const other = await signInWithCode('mia@agency.example', colleague.totpURI); // a second browser of theirs
    const now = new Date();
    await handle.db.insert(leads).values([
      {
        emailKey: 'ann@cro.example',
        email: 'ann@cro.example',
        name: 'Ann',
        company: 'CRO One',
        ownerId: colleagueId,
        firstRequestAt: now,
        lastActivityAt: now,
        awaitingSince: now,
      },
      {
        emailKey: 'bo@lab.example',
        email: 'bo@lab.example',
        name: 'Bo',
        ownerId: null,
        firstRequestAt: now,
        lastActivityAt: now,
      },
    ]);

    const res = await people(admin.cookie, colleagueId, 'remove');
    expect(res.status).toBe(200);
    const removed = await res.json();
    expect(removed).toMatchObject({ email: 'mia@agency.example', sessionsEnded: 2 });
    expect(removed.rolesRemoved.sort()).toEqual(['editor', 'viewer']);
    expect(removed.leads).toEqual([
      { id: expect.any(String), name: 'Ann', email: 'ann@cro.example', company: 'CRO One', waiting: true },
    ]);
    expect(await handle.db.select().from(userRoles).where(eq(userRoles.userId, colleagueId))).toEqual([]);
    expect(await alive(colleague.cookie)).toBe(false);
    expect(await alive(other)).toBe(false);
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.action, 'staff.remove'))).toMatchObject([
      { actorEmail: 'boss@agency.example', detail: { email: 'mia@agency.example', sessionsEnded: 2, leadsOwned: 1 } },
    ]);
    // Again: nothing left to remove.
    expect((await (await people(admin.cookie, colleagueId, 'remove')).json()).error.code).toBe('not_staff');
  });

  it('never removes the last admin nor one’s own account', async () => {
    const { admin } = await team('viewer');
    const adminId = (await userId('boss@agency.example'))!;
    expect((await (await people(admin.cookie, adminId, 'remove')).json()).error.code).toBe('own_account');
  });
});
