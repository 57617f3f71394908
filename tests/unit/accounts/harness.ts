/**
 * Shared by the auth tests: the test database with the tables better-auth and the sign-in guard write,
 * confirmed accounts and the mails they get, the deployed site's settings, a clock for the sign-in lock and
 * the `npm run admin` command (the requests themselves are in browser.ts). The helpers work on the database
 * of the file that called `useAuthDatabase`.
 */
import { withSecret } from '../../../src/server/mail/sealed.ts';
import { consoleTransport } from '../../../src/server/mail/sender.ts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { runAdmin } from '../../../scripts/admin.ts';
import { useDatabase, type DbHandle } from '../../../src/db/client.ts';
import * as schema from '../../../src/db/schema.ts';
import { quietConsole, useTestDatabase, type TestDatabaseOptions } from '../test-db.ts';
import { PASSWORD, post, sessionCookie, signIn, signUp } from './browser.ts';
import { deployedSettings } from '../../fixtures/deployed-settings.ts';

/** Every table the auth tests write, emptied in this order (rows that point at users first). */
const authTables = [
  schema.mailOutbox,
  schema.userRoles,
  schema.twoFactors,
  schema.sessions,
  schema.accounts,
  schema.verifications,
  schema.users,
  schema.authRateLimits,
  schema.rateLimits,
];

let handle: DbHandle | undefined;
/** The database of the file's tests. */
export const db = () => handle!.db;

/**
 * The file's test database (tests/unit/test-db.ts), the auth tables emptied before each test, and a quiet
 * console: the console mail transport prints each mail, better-auth logs refused attempts and warns of the
 * development secret.
 */
export function useAuthDatabase({ truncate }: Pick<TestDatabaseOptions, 'truncate'> = {}): DbHandle {
  quietConsole('log', 'warn', 'error');
  handle = useTestDatabase({ empty: authTables, truncate });
  beforeEach(() => {
    delivered.clear();
    vi.spyOn(consoleTransport, 'send').mockImplementation(async (mail) => {
      delivered.set(mail.id, mail);
      return `console:${mail.id}`;
    });
  });
  return handle;
}

/** Each mail as the (console) provider received it, by outbox id: the only copy that holds its link once sent. */
const delivered = new Map<string, schema.OutboxMail>();

/**
 * The outbox as the provider receives it: a sent mail as it was handed over, a pending one with its sealed
 * link put back (src/server/mail/sealed.ts). The stored rows themselves hold no link.
 */
export const outbox = async () =>
  (await db().select().from(schema.mailOutbox)).map((row) => delivered.get(row.id) ?? withSecret(row));

/** The link in the one mail of `kind` queued for `to`. */
export async function linkIn(kind: string, to: string): Promise<URL> {
  const mails = (await outbox()).filter((m) => m.kind === kind && m.to === to);
  expect(mails).toHaveLength(1);
  const link = mails[0]!.textBody.match(/https?:\/\/\S+/)?.[0];
  expect(link, mails[0]!.textBody).toBeDefined();
  expect(mails[0]!.htmlBody).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);
  return new URL(link!);
}

/** The token of the confirmation link mailed to `email` (`/admin?confirm=<token>`); the newest when there are several. */
export async function confirmationToken(email: string): Promise<string> {
  const mails = (await outbox()).filter((m) => m.kind === 'auth.verify' && m.to === email);
  expect(mails.length).toBeGreaterThan(0);
  const link = new URL(mails.at(-1)!.textBody.match(/https?:\/\/\S+/)![0]);
  expect(link.pathname).toBe('/admin');
  return link.searchParams.get('confirm')!;
}

/** Follows the confirmation link mailed to `email` and chooses `password` there, as its owner does. */
export async function confirm(email: string, password = PASSWORD): Promise<void> {
  const token = await confirmationToken(email);
  expect((await post('/reset-password', { token, newPassword: password })).status).toBe(200);
}

/** Signs up and follows the confirmation link, as a new staff member does. */
export async function confirmedAccount(email: string, password = PASSWORD): Promise<void> {
  expect((await signUp(email, password)).status).toBe(200);
  await confirm(email, password);
}

/** A confirmed account, signed in: its session cookie. */
export async function signedIn(email: string): Promise<string> {
  await confirmedAccount(email);
  const res = await signIn(email);
  expect(res.status).toBe(200);
  return sessionCookie(res);
}

/** The reset token mailed to `email` after asking for one. */
export async function resetToken(email: string): Promise<string> {
  expect((await post('/request-password-reset', { email })).status).toBe(200);
  const mails = (await outbox()).filter((m) => m.kind === 'auth.reset' && m.to === email);
  return new URL(mails.at(-1)!.textBody.match(/https?:\/\/\S+/)![0]).searchParams.get('reset')!;
}

export const userId = async (email: string) =>
  (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]?.id;

/**
 * Runs `fn` with the settings of a deployed site, on a fresh better-auth instance for the same database (a
 * new identity of it, so better-auth is set up afresh).
 */
export async function deployed(fn: () => Promise<void>): Promise<void> {
  const current = handle!;
  vi.stubEnv('SITE_ID', 'a1b2c3');
  for (const [key, value] of Object.entries(deployedSettings)) vi.stubEnv(key, value);
  vi.stubEnv('BETTER_AUTH_SECRET', 'x'.repeat(44));
  vi.stubEnv('DATABASE_URL', 'postgres://unused'); // the test database is the database
  useDatabase({ ...current, db: Object.create(current.db) as typeof current.db });
  try {
    await fn();
  } finally {
    vi.unstubAllEnvs();
    useDatabase(current);
  }
}

/**
 * Fakes only Date, from 2030-01-01 09:00 UTC, in every test of the file: the sign-in lock's clock moves
 * on command (`advance`), the database and better-auth keep real timers.
 */
export function fakeDate(): void {
  afterEach(() => vi.useRealTimers());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T09:00:00Z'));
  });
}
export const advance = (seconds: number) => vi.setSystemTime(new Date(Date.now() + seconds * 1000));

/** Runs `npm run admin` (scripts/admin.ts) on the test database: its exit code and what it printed. */
export async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, db(), { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
