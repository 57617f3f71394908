/**
 * The arguments of `npm run admin`, read into one command (scripts/admin.ts runs it); a UsageError says what
 * is wrong with them.
 */
import { parseArgs } from 'node:util';
import { roles, type Role } from '../../src/db/schema.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../src/features/accounts/auth.ts';
import { isRole } from '../../src/features/accounts/require-role.ts';

export type Command =
  | { kind: 'create'; email: string; role: Role; password?: string; name?: string }
  | { kind: 'grant'; email: string; role: Role }
  | { kind: 'reset-2fa'; email: string }
  | { kind: 'signout'; email: string }
  | { kind: 'signout-all' }
  | { kind: 'hash-recovery-codes' }
  | { kind: 'help' };

/** Arguments that name no command the CLI runs (exit code 2). */
export class UsageError extends Error {}

// A plain shape check; the confirmation mail is what proves an address on the site, and here an admin types it.
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

function roleOf(value: string | undefined): Role {
  if (!value) throw new UsageError('Name a role.');
  if (!isRole(value)) throw new UsageError(`Unknown role "${value}". Roles: ${roles.join(', ')}.`);
  return value;
}

function emailOf(value: string | undefined): string {
  if (!value) throw new UsageError('Name the account by its email address.');
  if (!looksLikeEmail(value)) throw new UsageError(`"${value}" is not an email address.`);
  return value.toLowerCase(); // better-auth stores and looks up addresses in lower case
}

/** Reads the arguments after `npm run admin --`; throws UsageError with the reason when they are wrong. */
export function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        role: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        all: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') return { kind: 'help' };
  if (values.all && command !== 'signout') throw new UsageError('--all goes with signout only.');
  if (command === 'create') {
    if (rest.length !== 1) throw new UsageError('create takes one email address.');
    const password = values.password;
    if (password !== undefined && (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)) {
      throw new UsageError(`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`);
    }
    const name = values.name?.trim();
    return { kind: 'create', email: emailOf(rest[0]), role: roleOf(values.role), password, name: name || undefined };
  }
  if (command === 'grant') {
    if (rest.length !== 2 || values.role || values.password || values.name) {
      throw new UsageError('grant takes an email address and a role, nothing else.');
    }
    return { kind: 'grant', email: emailOf(rest[0]), role: roleOf(rest[1]) };
  }
  if (command === 'signout' && values.all) {
    if (rest.length || values.role || values.password || values.name) {
      throw new UsageError('signout --all takes nothing else.');
    }
    return { kind: 'signout-all' };
  }
  if (command === 'hash-recovery-codes') {
    if (rest.length || values.role || values.password || values.name) {
      throw new UsageError('hash-recovery-codes takes nothing else.');
    }
    return { kind: 'hash-recovery-codes' };
  }
  if (command === 'reset-2fa' || command === 'signout') {
    if (rest.length !== 1 || values.role || values.password || values.name) {
      throw new UsageError(`${command} takes one email address, nothing else.`);
    }
    return { kind: command, email: emailOf(rest[0]) };
  }
  throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.');
}
