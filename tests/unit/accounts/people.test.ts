/**
 * Managing colleagues from the portal (POST /api/admin/people/:id/…; src/features/accounts/people.ts): real
 * accounts, sessions and authenticator codes through better-auth, as the portal's calls make them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as peopleFn from '../../../netlify/functions/admin-people.mts';
import { site } from '../../../src/config/site.ts';
import { getSessionUser } from '../../../src/features/accounts/session-user.ts';
import { getLead } from '../../../src/features/leads/lead-timeline.ts';
import { ownerAddress } from '../../../src/features/leads/mail-event-parts.ts';
import { auditLog, leads, twoFactors, userRoles, users } from '../../../src/db/schema.ts';
import { call, origin } from '../function-harness.ts';
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
    // Its link is the portal on the address the admin used, as the download mail's: never the placeholder SITE_URL.
    expect(mail!.textBody).toContain(`${origin}/admin`);
    expect(origin).not.toBe(site.url);
    expect(mail!.textBody).not.toContain(site.url);
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
  it('removes every role and ends every session at once, hands their leads to nobody on each timeline, and audits it', async () => {
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
      {
        actorEmail: 'boss@agency.example',
        detail: { email: 'mia@agency.example', sessionsEnded: 2, leadsHandedOver: 1 },
      },
    ]);
    // The same transaction handed Ann's lead to nobody: from now on its notices go to the staff inbox.
    const [ann] = await handle.db.select().from(leads).where(eq(leads.emailKey, 'ann@cro.example'));
    expect(ann!.ownerId).toBeNull();
    expect(await ownerAddress(handle.db as never, ann!)).toBe(site.staffInbox);
    const { timeline } = await getLead(handle.db, ann!.id);
    expect(timeline.filter((e) => e.kind === 'owner')).toMatchObject([
      {
        actorEmail: 'boss@agency.example',
        from: { id: colleagueId, email: 'mia@agency.example' },
        to: null,
        removedFromStaff: true,
      },
    ]);
    // Again: nothing left to remove.
    expect((await (await people(admin.cookie, colleagueId, 'remove')).json()).error.code).toBe('not_staff');
  });

  it('hands over, through migration 0015, the leads of colleagues removed before removals did', async () => {
    const { colleagueId } = await team('editor');
    const now = new Date();
    await handle.db.insert(leads).values({
      emailKey: 'cy@cdmo.example',
      email: 'cy@cdmo.example',
      name: 'Cy',
      ownerId: colleagueId,
      firstRequestAt: now,
      lastActivityAt: now,
    });
    await handle.db.delete(userRoles).where(eq(userRoles.userId, colleagueId)); // removed the old way
    const file = path.resolve(
      import.meta.dirname,
      '../../../netlify/database/migrations/0015_review_fixes/migration.sql',
    );
    const [, ...handover] = readFileSync(file, 'utf8').split('--> statement-breakpoint');
    for (const statement of handover) await handle.db.execute(sql.raw(statement));
    const [cy] = await handle.db.select().from(leads).where(eq(leads.emailKey, 'cy@cdmo.example'));
    expect(cy!.ownerId).toBeNull();
    const { timeline } = await getLead(handle.db, cy!.id);
    expect(timeline.filter((e) => e.kind === 'owner')).toMatchObject([
      { from: { id: colleagueId, email: 'mia@agency.example' }, to: null, removedFromStaff: true },
    ]);
  });

  it('never removes the last admin nor one’s own account', async () => {
    const { admin } = await team('viewer');
    const adminId = (await userId('boss@agency.example'))!;
    expect((await (await people(admin.cookie, adminId, 'remove')).json()).error.code).toBe('own_account');
  });
});
