/**
 * The Mail tab's API (admins): a test mail queued to the staff inbox, sent right after the answer and
 * recorded; one mail's fate; the failed list (never a body); and the retry of a failed mail.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as mailFn from '../../../netlify/functions/admin-mail.mts';
import { site } from '../../../src/config/site.ts';
import { auditLog, mailOutbox } from '../../../src/db/schema.ts';
import { addMail, errorOf, request, seedStaff, signIn, staff, useAdminDatabase } from '../staff-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = useAdminDatabase({ truncate: ['audit_log', 'mail_outbox'] });
let printed: string[];
beforeEach(async () => {
  await seedStaff(handle);
  signIn('admin');
  printed = [];
  // Without RESEND_API_KEY a local site prints mail: the console transport is the provider here.
  vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(String(text)));
  return () => vi.restoreAllMocks();
});

const stored = async (id: string) => (await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
const logged = () => handle.db.select().from(auditLog);
const shownKeys = [
  'attempts',
  'createdAt',
  'delivery',
  'deliveryDetail',
  'id',
  'kind',
  'lastAttemptAt',
  'lastError',
  'sentAt',
  'status',
  'subject',
  'to',
];

describe('POST /api/admin/mail/test', () => {
  it('queues a test mail to the staff inbox, answers its id and status, sends it after the answer and records it', async () => {
    const res = await request(mailFn, 'POST', '/api/admin/mail/test', {});
    expect(res.status).toBe(201);
    const { mail } = await res.json();
    expect(Object.keys(mail).sort()).toEqual(shownKeys);
    expect(mail).toMatchObject({ kind: 'mail.test', to: site.staffInbox, status: 'pending', attempts: 0 });

    // The call above waited for the drain it handed to waitUntil: the mail has gone out.
    const row = await stored(mail.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, kind: 'mail.test' });
    expect(row.lastAttemptAt).toEqual(row.sentAt);
    expect(row.textBody).toContain(`${staff.admin.email} sent this test mail from the staff portal at `);
    expect(row.textBody).toContain('the mail provider accepted and delivered it');
    expect(printed.join('\n')).toContain(`To: ${site.staffInbox}`);

    expect(await logged()).toMatchObject([
      {
        action: 'mail.test',
        actorEmail: staff.admin.email,
        targetType: 'mail',
        targetId: mail.id,
        detail: { to: site.staffInbox },
      },
    ]);

    const fate = await (await request(mailFn, 'GET', `/api/admin/mail/${mail.id}`)).json();
    expect(fate.mail).toMatchObject({ id: mail.id, status: 'sent', attempts: 1, lastError: null });
    expect(fate.mail.sentAt).toEqual(row.sentAt!.toISOString());
  });

  it('queues a new mail on every click (each its own idempotency key)', async () => {
    const first = (await (await request(mailFn, 'POST', '/api/admin/mail/test', {})).json()).mail;
    const second = (await (await request(mailFn, 'POST', '/api/admin/mail/test', {})).json()).mail;
    expect(first.id).not.toBe(second.id);
    expect(await handle.db.$count(mailOutbox, eq(mailOutbox.kind, 'mail.test'))).toBe(2);
  });
});

describe('GET /api/admin/mail/:id', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['0b6c8f0e-3f7e-4c3b-9d7e-2d3f4a5b6c7d', 'not-a-uuid']) {
      const res = await request(mailFn, 'GET', `/api/admin/mail/${id}`);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
  });
});

describe('GET /api/admin/mail', () => {
  it('lists failed mail, latest tried first, with the reason and never a body', async () => {
    const older = await addMail(handle, { subject: 'Older', lastAttemptAt: new Date(Date.now() - 3_600_000) });
    const newer = await addMail(handle, { subject: 'Newer', lastError: 'Resend answered 403: domain not verified' });
    await addMail(handle, { subject: 'Sent', status: 'sent', lastError: null });
    await addMail(handle, { subject: 'Retrying', status: 'pending', attempts: 3 });
    await addMail(handle, { subject: 'Waiting', status: 'pending', attempts: 0, lastError: null, lastAttemptAt: null });

    const page = await (await request(mailFn, 'GET', '/api/admin/mail')).json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(page.items.map((m: { id: string }) => m.id)).toEqual([newer.id, older.id]);
    expect(Object.keys(page.items[0]).sort()).toEqual(shownKeys);
    expect(page.items[0]).toMatchObject({
      kind: 'audit.staff',
      to: 'staff@example.com',
      subject: 'Newer',
      attempts: 10,
      status: 'failed',
      lastError: 'Resend answered 403: domain not verified',
    });
    expect(JSON.stringify(page)).not.toContain('secret answers');

    const failed = await (await request(mailFn, 'GET', '/api/admin/mail?status=failed')).json();
    expect(failed.total).toBe(2);
    const retrying = await (await request(mailFn, 'GET', '/api/admin/mail?status=retrying')).json();
    expect(retrying.items.map((m: { subject: string }) => m.subject)).toEqual(['Retrying']);
  });

  it('refuses a bad filter with 422 naming it', async () => {
    const res = await request(mailFn, 'GET', '/api/admin/mail?status=sent&page=0');
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({
      code: 'invalid_fields',
      fields: { status: 'Use failed, retrying, bounced', page: 'Use a page number from 1' },
    });
  });
});

describe('POST /api/admin/mail/:id/retry', () => {
  it('puts a failed mail back in the queue, due now with its attempts reset, sends it and records it', async () => {
    const mail = await addMail(handle);
    const res = await request(mailFn, 'POST', `/api/admin/mail/${mail.id}/retry`, {});
    expect(res.status).toBe(200);
    const { mail: answered } = await res.json();
    expect(answered).toMatchObject({ id: mail.id, status: 'pending', attempts: 0 });

    // Drained after the answer with the same idempotency key: sent on its first new try.
    expect(await stored(mail.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      idempotencyKey: mail.idempotencyKey,
    });
    expect(await logged()).toMatchObject([
      {
        action: 'mail.retry',
        actorEmail: staff.admin.email,
        targetType: 'mail',
        targetId: mail.id,
        detail: { kind: 'audit.staff', to: 'staff@example.com', attempts: 10, lastError: mail.lastError },
      },
    ]);
    const list = await (await request(mailFn, 'GET', '/api/admin/mail')).json();
    expect(list.total).toBe(0);
  });

  it('refuses a mail that has not failed with 409, an unknown one with 404, and records nothing', async () => {
    for (const status of ['pending', 'sent', 'capped'] as const) {
      const mail = await addMail(handle, { status, attempts: 2 });
      const res = await request(mailFn, 'POST', `/api/admin/mail/${mail.id}/retry`, {});
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({
        code: 'not_failed',
        message: `Only a failed mail can be retried; this one is ${status}.`,
      });
      expect(await stored(mail.id)).toMatchObject({ status, attempts: 2 });
    }
    const unknown = await request(mailFn, 'POST', '/api/admin/mail/0b6c8f0e-3f7e-4c3b-9d7e-2d3f4a5b6c7d/retry', {});
    expect(unknown.status).toBe(404);
    expect(await logged()).toEqual([]);
  });
});

describe('the other methods', () => {
  it('answer 405 with what the path offers', async () => {
    const res = await request(mailFn, 'DELETE', '/api/admin/mail/test');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await request(mailFn, 'POST', '/api/admin/mail', {})).headers.get('allow')).toBe('GET');
  });
});
