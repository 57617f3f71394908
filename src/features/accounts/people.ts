/**
 * Managing colleagues from the portal, admins only (docs/decisions/0042-agency-runs-it-alone.md; docs/security.md):
 * resetting a colleague's two-factor sign-in after the admin re-entered their own password and authenticator code
 * (the colleague is mailed, every session of theirs ends, they set it up again at their next sign-in), and removing
 * a colleague from staff in one action (every role and every session gone; the leads they own handed to nobody,
 * on their timelines, and listed for reassignment). Each is one transaction with its action-log row; never one's own account, never the last admin.
 */
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { asc, eq } from 'drizzle-orm';
import { site } from '../../config/site.ts';
import type { Db, Tx } from '../../db/client.ts';
import { leadEvents, leads, sessions, twoFactors, userRoles, users } from '../../db/schema.ts';
import type { ConfirmIdentityValues } from '../../lib/forms/people.schema.ts';
import { recordAudit } from '../../server/action-log.ts';
import { ApiError, invalidFields, notFound, rateLimited } from '../../server/errors.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { mailOrigin } from '../../server/origins.ts';
import { tableMail } from '../../server/mail/templates.ts';
import { getAuth, PORTAL_PATH } from './auth.ts';
import type { RemovedColleague } from './contract.ts';
import { confirmPassword } from './own-sessions.ts';
import { lockAdminRows, otherWorkingAdmins } from './role-grants.ts';
import type { SessionUser } from './session-user.ts';
import { checkSignIn, lockedMessage, recordSignInFailure } from './sign-in-guard.ts';

const WRONG_CODE = 'That code is not right: enter the 6 digits your authenticator app shows now.';

/** Whether `code` is the current code of `userId`'s authenticator (better-auth's own secret and TOTP). */
async function codeMatches(db: Db, userId: string, code: string): Promise<boolean | null> {
  const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row) return null;
  const context = await getAuth(db).$context;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  return createOTP(secret, { period: 30, digits: 6 }).verify(code);
}

/**
 * Refuses unless the admin is who they say: their password (under the account's sign-in lock), then, when their
 * two-factor sign-in is on, their authenticator's current code (a wrong one counts as a failed sign-in too).
 */
export async function confirmIdentity(db: Db, admin: SessionUser, body: ConfirmIdentityValues): Promise<void> {
  await confirmPassword(db, admin, body.password);
  const code = body.code ?? '';
  if (!admin.twoFactorEnabled) return;
  if (!code) throw invalidFields({ code: 'Enter the 6 digits your authenticator app shows.' });
  const gate = await checkSignIn(db, admin.email);
  if (!gate.allowed) throw rateLimited(lockedMessage(gate.retryAfter), gate.retryAfter);
  if ((await codeMatches(db, admin.id, code)) === true) return;
  await recordSignInFailure(db, admin.email);
  throw invalidFields({ code: WRONG_CODE }, WRONG_CODE);
}

/** The colleague, locked for the transaction: 404 when there is none, 409 for the admin's own account. */
async function colleague(tx: Tx, admin: SessionUser, id: string | undefined) {
  if (!id) throw notFound('user');
  const [user] = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!user) throw notFound('user');
  if (user.id === admin.id)
    throw new ApiError(409, 'own_account', 'This is your own account: use Account security, or ask another admin.');
  return user;
}

/** The mail that tells a colleague their two-factor sign-in was reset, and by whom. */
const resetMail = (to: string, by: string, origin: string) =>
  tableMail(
    {
      kind: 'account.two-factor-reset',
      to,
      replyTo: site.email,
      subject: `Your ${site.agencyName} portal two-factor sign-in was reset`,
    },
    'Set up two-factor sign-in again',
    `${by} reset the two-factor sign-in of your ${site.agencyName} staff portal account, and signed out every session of it. At your next sign-in the portal asks you to set up your authenticator app again.`,
    [['Sign in', new URL(PORTAL_PATH, origin).href]],
    `Did not ask for this? Tell ${by} or another administrator at once, and change your password.`,
  );

/** Resets a colleague's two-factor sign-in: their authenticator and recovery codes gone, sessions ended, mailed. */
export async function resetColleagueTwoFactor(
  db: Db,
  admin: SessionUser,
  id: string | undefined,
  body: ConfirmIdentityValues,
  /** The site's address for the mail's link: the admin's request's origin (mailOrigin). */
  origin: string = mailOrigin(),
): Promise<{ email: string; hadTwoFactor: boolean }> {
  await confirmIdentity(db, admin, body);
  return db.transaction(async (tx) => {
    const user = await colleague(tx, admin, id);
    const removed = await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id)).returning({ id: twoFactors.id });
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await recordAudit(
      tx,
      admin,
      'account.two-factor-reset',
      { type: 'user', id: user.id },
      { email: user.email, hadTwoFactor: removed.length > 0, via: 'portal' },
    );
    await enqueueMail(tx, `two-factor-reset:${user.id}:${Date.now()}`, [resetMail(user.email, admin.email, origin)]);
    return { email: user.email, hadTwoFactor: removed.length > 0 };
  });
}

/**
 * Removes a colleague from staff: every role and every session in one transaction, and the leads they own handed
 * to nobody in the same transaction (their notices go to the staff inbox from then on, never to the removed
 * address), each handover on the lead's timeline; the leads are listed for an admin to reassign.
 */
export async function removeColleague(db: Db, admin: SessionUser, id: string | undefined): Promise<RemovedColleague> {
  return db.transaction(async (tx) => {
    await lockAdminRows(tx);
    const user = await colleague(tx, admin, id);
    const held = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id));
    if (!held.length) throw new ApiError(409, 'not_staff', `${user.email} holds no role: there is nothing to remove.`);
    if (held.some((r) => r.role === 'admin') && (await otherWorkingAdmins(tx, user.id)) === 0)
      throw new ApiError(409, 'last_admin', 'The last administrator cannot be removed.');
    await tx.delete(userRoles).where(eq(userRoles.userId, user.id));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
    const owned = await tx
      .select({
        id: leads.id,
        name: leads.name,
        email: leads.email,
        company: leads.company,
        awaitingSince: leads.awaitingSince,
      })
      .from(leads)
      .where(eq(leads.ownerId, user.id))
      .orderBy(asc(leads.responseDueAt), asc(leads.id))
      .for('update');
    if (owned.length) {
      const now = new Date();
      await tx.insert(leadEvents).values(
        owned.map((lead) => ({
          leadId: lead.id,
          kind: 'owner' as const,
          at: now,
          actorId: admin.id,
          actorEmail: admin.email,
          detail: {
            from: user.id,
            fromName: user.name,
            fromEmail: user.email,
            to: null,
            toName: null,
            toEmail: null,
            reason: 'removed',
          },
        })),
      );
      await tx.update(leads).set({ ownerId: null, updatedAt: now }).where(eq(leads.ownerId, user.id));
    }
    await recordAudit(
      tx,
      admin,
      'staff.remove',
      { type: 'user', id: user.id },
      { email: user.email, roles: held.map((r) => r.role), sessionsEnded: ended.length, leadsHandedOver: owned.length },
    );
    return {
      email: user.email,
      rolesRemoved: held.map((r) => r.role),
      sessionsEnded: ended.length,
      leads: owned.map(({ awaitingSince, ...lead }) => ({ ...lead, waiting: awaitingSince !== null })),
    };
  });
}
