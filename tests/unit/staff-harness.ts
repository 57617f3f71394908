/**
 * Shared by the admin API tests: the test database, staff accounts with their roles, a stand-in for
 * the better-auth session (each test file mocks src/features/accounts/session-user.ts with `getSessionUser: vi.fn()`),
 * rows to list, and a call that routes a path to its params as the runtime's router does.
 */
import { leadIdFor } from '../fixtures/lead.ts';
import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import { useTestDatabase, type TestDatabaseOptions } from './test-db.ts';
import {
  auditSubmissions,
  blogPosts,
  contactMessages,
  leads,
  mailOutbox,
  userRoles,
  users,
  type NewAuditSubmission,
  type NewContactMessage,
  type Role,
} from '../../src/db/schema.ts';
import type { Handler } from '../../src/server/http.ts';
import { getSessionUser, type SessionUser } from '../../src/features/accounts/session-user.ts';
import { call, type CallOptions } from './function-harness.ts';

export interface FunctionModule {
  default: Handler;
  config: { path?: string | string[] };
}

/** Every table the admin tests write. */
const adminTables = [blogPosts, userRoles, contactMessages, auditSubmissions, leads, users];

/** The file's test database (tests/unit/test-db.ts), the admin tables emptied before each test. */
export const useAdminDatabase = (options: TestDatabaseOptions = {}): DbHandle =>
  useTestDatabase({ empty: adminTables, ...options });

export type Actor = 'anonymous' | 'noRole' | Role;

/** The accounts of the staff, one per role, and one signed-up account without a role. */
export const staff: Record<Exclude<Actor, 'anonymous'>, SessionUser> = {
  noRole: {
    id: 'user-none',
    sessionId: 'session-none',
    email: 'nobody@example.com',
    name: 'No Role',
    twoFactorEnabled: false,
    passwordChangeRequired: false,
  },
  viewer: {
    id: 'user-viewer',
    sessionId: 'session-viewer',
    email: 'viewer@example.com',
    name: 'Vera Viewer',
    twoFactorEnabled: false,
    passwordChangeRequired: false,
  },
  editor: {
    id: 'user-editor',
    sessionId: 'session-editor',
    email: 'editor@example.com',
    name: 'Ed Editor',
    twoFactorEnabled: false,
    passwordChangeRequired: false,
  },
  admin: {
    id: 'user-admin',
    sessionId: 'session-admin',
    email: 'admin@example.com',
    name: 'Ada Admin',
    twoFactorEnabled: false,
    passwordChangeRequired: false,
  },
};

/** An account's own fields (a `SessionUser` without the session). */
export type StaffAccount = Omit<SessionUser, 'sessionId'> & { sessionId?: string };

/** Inserts an account (as better-auth would) and the roles it holds. */
export async function addUser(handle: DbHandle, user: StaffAccount, roles: Role[] = []): Promise<void> {
  const { id, email, name, twoFactorEnabled, passwordChangeRequired } = user;
  await handle.db
    .insert(users)
    .values({ emailVerified: true, id, email, name, twoFactorEnabled, passwordChangeRequired });
  for (const role of roles) await handle.db.insert(userRoles).values({ userId: user.id, role });
}

/** Every staff account with its role. */
export async function seedStaff(handle: DbHandle): Promise<void> {
  for (const [actor, user] of Object.entries(staff)) {
    await addUser(handle, user, actor === 'noRole' ? [] : [actor as Role]);
  }
}

/** Makes the next requests come from `actor` (anonymous: no session). */
export function signIn(actor: Actor | SessionUser): void {
  const user = typeof actor === 'string' ? (actor === 'anonymous' ? null : staff[actor]) : actor;
  signedIn = user;
  vi.mocked(getSessionUser).mockResolvedValue(user);
}

let signedIn: SessionUser | null = null;
/** Who the next requests come from (null: nobody signed in). */
export const currentUser = (): SessionUser | null => signedIn;

/** Calls a function at `path` with the params its `config.path` gives (the first matching pattern wins). */
export function request(
  fn: FunctionModule,
  method: string,
  path: string,
  body?: unknown,
  init: CallOptions = {},
): Promise<Response> {
  return call(fn.default, path, body, { ...init, method, params: paramsOf(fn, path) });
}

function paramsOf(fn: FunctionModule, path: string): Record<string, string> {
  const url = new URL(path, 'http://localhost');
  for (const pathname of [fn.config.path ?? []].flat()) {
    const match = new URLPattern({ pathname }).exec(url);
    if (match) {
      return Object.fromEntries(
        Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
      );
    }
  }
  throw new Error(`No route of this function matches ${url.pathname}`);
}

/** The error of a refused call. */
export const errorOf = async (res: Response) =>
  (await res.json()).error as { code: string; message: string; fields?: Record<string, string> };

const at = (minutesAgo: number) => new Date(Date.UTC(2025, 5, 1, 12, 0) - minutesAgo * 60_000);

/** The consent and times of a lead stored `minutesAgo` before the fixed moment. */
const stamped = (minutesAgo: number) => ({
  consentVersion: 'test',
  consentedAt: at(minutesAgo),
  createdAt: at(minutesAgo),
  updatedAt: at(minutesAgo),
});

/** A stored audit submission, `minutesAgo` before a fixed moment (higher is older). */
export async function addSubmission(handle: DbHandle, values: Partial<NewAuditSubmission> = {}, minutesAgo = 0) {
  const email = values.contactEmail ?? 'grace@example.com';
  const leadId =
    values.leadId ?? (await leadIdFor(handle.db, email, values.contactName ?? 'Grace Hopper', at(minutesAgo)));
  const [row] = await handle.db
    .insert(auditSubmissions)
    .values({
      leadId,
      source: 'contact_page',
      contactName: 'Grace Hopper',
      contactEmail: 'grace@example.com',
      companyName: 'Acme Bioanalytical',
      ...stamped(minutesAgo),
      ...values,
    })
    .returning();
  return row!;
}

/** A stored contact message, `minutesAgo` before a fixed moment. */
export async function addMessage(handle: DbHandle, values: Partial<NewContactMessage> = {}, minutesAgo = 0) {
  const email = values.email ?? 'rosalind@example.com';
  const leadId =
    values.leadId ?? (await leadIdFor(handle.db, email, values.name ?? 'Rosalind Franklin', at(minutesAgo)));
  const [row] = await handle.db
    .insert(contactMessages)
    .values({
      leadId,
      name: 'Rosalind Franklin',
      email: 'rosalind@example.com',
      company: 'Helix Labs',
      message: 'We would like a strategy call.',
      ...stamped(minutesAgo),
      ...values,
    })
    .returning();
  return row!;
}

/** A stored blog post. */
export async function addPost(handle: DbHandle, values: Partial<typeof blogPosts.$inferInsert> = {}) {
  const [row] = await handle.db
    .insert(blogPosts)
    .values({ title: 'A post', slug: `post-${randomUUID()}`, authorId: staff.editor.id, ...values })
    .returning();
  return row!;
}

/** An outbox row, by default one that gave up: ten refusals, the provider's reason, tried a minute ago. */
export async function addMail(handle: DbHandle, values: Partial<typeof mailOutbox.$inferInsert> = {}) {
  const [row] = await handle.db
    .insert(mailOutbox)
    .values({
      idempotencyKey: `test:${randomUUID()}`,
      kind: 'audit.staff',
      to: 'staff@example.com',
      subject: 'New Lift Audit request',
      textBody: 'The secret answers of a lead',
      htmlBody: '<p>The secret answers of a lead</p>',
      status: 'failed',
      attempts: 10,
      lastError: 'Resend answered 422 (validation_error): Invalid `to` field.',
      lastAttemptAt: new Date(Date.now() - 60_000),
      ...values,
    })
    .returning();
  return row!;
}
