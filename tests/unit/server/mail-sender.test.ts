import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DbHandle } from '../../../src/db/client.ts';
import { openTestDatabase } from '../test-db.ts';
import { mailOutbox, type OutboxMail } from '../../../src/db/schema.ts';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import {
  backoffMs,
  drainOutbox,
  MAX_ATTEMPTS,
  resendTransport,
  type Transport,
} from '../../../src/server/mail/sender.ts';
import { contactMails } from '../../../src/server/mail/templates.ts';
import { site } from '../../../src/config/site.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
}, 60_000);
afterAll(() => handle.close());
beforeEach(() => handle.db.delete(mailOutbox));

const queueTwo = () =>
  enqueueMail(
    handle.db,
    'contact:abc',
    contactMails({
      id: 'abc',
      name: 'Ada',
      email: 'ada@example.com',
      company: 'Acme',
      message: 'Hi',
      subscribe: false,
    }),
  );

/** A provider that fails while `down` is true and records what it delivered. */
function flakyProvider() {
  const delivered: string[] = [];
  const provider = {
    down: true,
    transport: {
      name: 'test',
      async send(mail: OutboxMail) {
        if (provider.down) throw new Error('provider unavailable');
        delivered.push(mail.idempotencyKey);
        return `id-${mail.id}`;
      },
    } satisfies Transport,
    delivered,
  };
  return provider;
}

describe('mail outbox sender', () => {
  it('keeps mail through a provider outage, backs off, and sends each mail exactly once after recovery', async () => {
    await queueTwo();
    const provider = flakyProvider();
    const t0 = new Date(Date.now() + 1000); // rows are due from their real insert time

    expect(await drainOutbox(handle.db, provider.transport, t0)).toEqual({ sent: 0, failed: 2 });
    let rows = await handle.db.select().from(mailOutbox);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    expect(rows[0]!.nextAttemptAt.getTime()).toBe(t0.getTime() + backoffMs(1));
    expect(rows[0]!.lastError).toBe('provider unavailable');

    // Not due yet: nothing is tried.
    expect(await drainOutbox(handle.db, provider.transport, new Date(t0.getTime() + 10_000))).toEqual({
      sent: 0,
      failed: 0,
    });

    provider.down = false;
    const later = new Date(t0.getTime() + backoffMs(1) + 1000);
    expect(await drainOutbox(handle.db, provider.transport, later)).toEqual({ sent: 2, failed: 0 });
    expect(await drainOutbox(handle.db, provider.transport, new Date(later.getTime() + 3600_000))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(provider.delivered.sort()).toEqual(['contact:abc:contact.confirmation', 'contact:abc:contact.staff']);
    rows = await handle.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 2 && r.sentAt !== null)).toBe(true);
  });

  it('queues each mail once per cause, however often it is enqueued', async () => {
    await queueTwo();
    await queueTwo();
    expect(await handle.db.select().from(mailOutbox)).toHaveLength(2);
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    await queueTwo();
    const provider = flakyProvider();
    let now = new Date(Date.now() + 1000);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await drainOutbox(handle.db, provider.transport, now);
      now = new Date(now.getTime() + backoffMs(i + 1) + 1);
    }
    const rows = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact.staff'));
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('backs off from 30 seconds, doubling, up to four hours', () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([30_000, 60_000, 120_000]);
    expect(backoffMs(20)).toBe(4 * 3600_000);
  });

  it('sends through Resend with the idempotency key, and treats an error answer as a failure', async () => {
    await queueTwo();
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact.staff'));
    const fetchMock = vi.fn(async () => Response.json({ id: 're_123' }));
    const transport = resendTransport('re_test_key', fetchMock as unknown as typeof fetch);
    expect(await transport.send(mail!)).toBe('re_123');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.resend.com/emails');
    const headers = new Headers(init.headers);
    expect(headers.get('authorization')).toBe('Bearer re_test_key');
    expect(headers.get('idempotency-key')).toBe('contact:abc:contact.staff');
    expect(JSON.parse(String(init.body))).toMatchObject({
      from: site.mailFrom,
      to: [site.staffInbox],
      reply_to: 'ada@example.com',
      subject: mail!.subject,
    });
    const failing = resendTransport('k', (async () => new Response('rate limited', { status: 429 })) as typeof fetch);
    await expect(failing.send(mail!)).rejects.toThrow(/429/);
  });
});
