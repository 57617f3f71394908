/**
 * `npm run admin -- <command>`: staff accounts from the command line, for developers (a deployed site makes its
 * first admin from ADMIN_BOOTSTRAP_EMAIL instead: src/features/accounts/first-admin.ts; a sign-up gives no role otherwise).
 *
 *   create <email> --role <role> [--password <pw>] [--name <name>]
 *       a confirmed account with that role; without --password a strong one is generated and printed once, and is
 *       temporary: it opens one sign-in within 24 hours, where the portal asks its owner for a new one.
 *       An unconfirmed account of that address (perhaps someone else's sign-up) is taken over: new password,
 *       confirmed, its sessions ended
 *   grant <email> <role>
 *       gives an existing, confirmed account a role
 *   reset-2fa <email>
 *       turns two-factor sign-in off for someone who lost both their authenticator and their recovery codes,
 *       once an admin has confirmed who they are (docs/security.md); their sessions end
 *   signout <email> | signout --all
 *       ends every session of the account (a lost laptop, someone leaving), or of every account
 *   hash-recovery-codes
 *       stores every set of recovery codes still in better-auth's old encrypted form as salted hashes
 *
 * Every role given here is recorded in the audit log as `role.grant` by the actor `cli` ("command line"): no
 * account is signed in, and whoever runs this holds the database's credentials.
 *
 * Exit codes: 0 done, 1 refused by the database state (account missing, unconfirmed or already there,
 * database unreachable), 2 wrong usage. It opens the database as every process here does (openDatabase):
 * the running `npm start` server's over its socket, the embedded folder, or DATABASE_URL (migrated beforehand).
 */
import type { Db } from '../src/db/client.ts';
import { openDatabase } from '../src/db/embedded.ts';
import { roles } from '../src/db/schema.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../src/lib/password-limits.ts';
import { getAuth } from '../src/features/accounts/auth.ts';
import { weakPasswordProblem } from '../src/features/accounts/password-policy.ts';
import { setPasswordChangeRequired } from '../src/features/accounts/temporary-password.ts';
import {
  endSessions,
  generatePassword,
  hashAllRecoveryCodes,
  grantRole,
  resetTwoFactor,
  setPassword,
  takeOver,
} from './lib/admin-accounts.ts';
import { parseCommand, UsageError, type Command } from './lib/admin-command.ts';

export const USAGE = `Usage:
  npm run admin -- create <email> --role <role> [--password <password>] [--name <name>]
      Creates a confirmed account with that role. Without --password a temporary password is generated and
      printed: it opens one sign-in within 24 hours, where the portal asks for a new one.
      An unconfirmed account of that address is taken over: new password, confirmed, signed out everywhere.
  npm run admin -- grant <email> <role>
      Gives an existing, confirmed account a role.
  npm run admin -- reset-2fa <email>
      Turns two-factor sign-in off for someone who lost their authenticator and recovery codes (confirm who
      they are first: docs/security.md). Their sessions end; they set it up again at their next sign-in.
  npm run admin -- signout <email>
  npm run admin -- signout --all
      Ends every session of the account, or of every account (everyone signs in again).
  npm run admin -- hash-recovery-codes
      Stores the recovery codes still kept encrypted (made before they were hashed) as salted hashes, at once;
      needs the production BETTER_AUTH_SECRET. The codes themselves stay the same.

Roles: ${roles.join(', ')}. Passwords: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;

/** Where the CLI writes: stdout and stderr in a terminal, arrays in the tests. */
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one command on `db`; resolves with the exit code. */
export async function runAdmin(argv: string[], db: Db | (() => Promise<Db>), io: AdminIo): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    io.out(USAGE);
    return 0;
  }

  const database = typeof db === 'function' ? await db() : db;
  if (command.kind === 'signout-all') {
    const ended = await endSessions(database, null);
    io.out(`Every account signed out: ${ended} session${ended === 1 ? '' : 's'} ended.`);
    return 0;
  }
  // better-auth's own pieces: its password hasher and its adapter (ids, field mapping) on our tables.
  const auth = await getAuth(database).$context;
  if (command.kind === 'hash-recovery-codes') {
    const { converted, unreadable } = await hashAllRecoveryCodes(database, auth.secret);
    io.out(
      `${converted} account${converted === 1 ? '' : 's'}' recovery codes hashed (each code now a salted hash; no code changed).`,
    );
    if (!unreadable) return 0;
    io.err(
      `${unreadable} account${unreadable === 1 ? '' : 's'}' recovery codes could not be opened with this BETTER_AUTH_SECRET and were left as they were: run it again with the site's own secret.`,
    );
    return 1;
  }
  const existing = await auth.internalAdapter.findUserByEmail(command.email);

  if (command.kind === 'reset-2fa' || command.kind === 'signout') {
    if (!existing) {
      io.err(`No account for ${command.email}.`);
      return 1;
    }
    const userId = existing.user.id;
    if (command.kind === 'signout') {
      const ended = await endSessions(database, { id: userId, email: command.email });
      io.out(`${command.email}: ${ended} session${ended === 1 ? '' : 's'} ended.`);
      return 0;
    }
    const was = await resetTwoFactor(database, { id: userId, email: command.email });
    io.out(
      was
        ? `${command.email}: two-factor sign-in is off and every session ended. They sign in with their password and set up their authenticator again (required of staff when STAFF_2FA_REQUIRED is on, the default where deployed).`
        : `${command.email} had no two-factor sign-in; every session ended.`,
    );
    return 0;
  }

  if (command.kind === 'grant') {
    if (!existing) {
      io.err(
        `No account for ${command.email}. Create one with: npm run admin -- create ${command.email} --role ${command.role}`,
      );
      return 1;
    }
    // Whoever signed up first with an address holds its password; until its owner confirmed it, a role
    // granted here could end up with someone else. create takes such an account over instead.
    if (!existing.user.emailVerified) {
      io.err(
        `${command.email} has not confirmed its email address yet. Ask them to open the confirmation link first, or take the account over with a new password: npm run admin -- create ${command.email} --role ${command.role}`,
      );
      return 1;
    }
    const added = await grantRole(database, existing.user, command.role, 'grant');
    io.out(
      added
        ? `${command.email} now has the ${command.role} role.`
        : `${command.email} already had the ${command.role} role.`,
    );
    return 0;
  }

  if (existing?.user.emailVerified) {
    io.err(
      `An account for ${command.email} already exists. Give it a role with: npm run admin -- grant ${command.email} ${command.role}`,
    );
    return 1;
  }
  // A password typed here meets the same rules as one chosen in the portal (common, the site's or the account's
  // own words); the breach service is not asked from a command line, which may run offline.
  const weak = command.password
    ? await weakPasswordProblem(command.password, null, { email: command.email, name: command.name })
    : null;
  if (weak) {
    io.err(`${weak.message} (--password)`);
    return 2;
  }
  const password = command.password ?? generatePassword();
  const hash = await auth.password.hash(password);
  const name = command.name ?? command.email.split('@')[0]!;
  if (existing) {
    await takeOver(auth, existing.user.id, hash, name);
    await grantRole(database, existing.user, command.role, 'create');
    io.out(
      `Took over the unconfirmed account of ${command.email}: new password, confirmed, its sessions ended; it has the ${command.role} role.`,
    );
  } else {
    const user = await auth.internalAdapter.createUser(
      // Created by an administrator, who vouches for the address: no confirmation mail.
      { email: command.email, name, emailVerified: true },
      { method: 'admin' },
    );
    await setPassword(auth, user.id, hash);
    await grantRole(database, user, command.role, 'create');
    io.out(`Created ${command.email} (confirmed) with the ${command.role} role.`);
  }
  if (!command.password) {
    // Someone else's choice, shown on a screen: one sign-in within 24 hours, where its owner replaces it.
    const { id } = (await auth.internalAdapter.findUserByEmail(command.email))!.user;
    await setPasswordChangeRequired(database, id, true);
    io.out(
      `Password: ${password}\nIt is shown only this once and is temporary: pass it on safely. It opens one sign-in within 24 hours, where the portal asks for a new one; after that sign-in, or those 24 hours, it opens nothing.`,
    );
  }
  return 0;
}

if (import.meta.main) {
  const io: AdminIo = { out: (line) => console.log(line), err: (line) => console.error(line) };
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    process.exitCode = await runAdmin(process.argv.slice(2), async () => (handle = await openDatabase()).db, io);
  } catch (error) {
    io.err(`Failed: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await handle?.close();
  }
}
