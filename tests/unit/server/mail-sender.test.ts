import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../test-db.ts';
import { mailOutbox, type OutboxMail, rateLimits } from '../../../src/db/schema.ts';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import { enqueueSlack } from '../../../src/server/mail/slack.ts';
import {
  backoffMs,
  defaultTransport,
  drainOutbox,
  MAX_ATTEMPTS,
  resendTransport,
  type Transport,
} from '../../../src/server/mail/sender.ts';
import { contactMails } from '../../../src/server/mail/templates.ts';
import { MAX_RETRY_AFTER_MS, pauseAsked, PROVIDER_DOWN_PAUSE_MS } from '../../../src/server/mail/provider-pause.ts';
import { site } from '../../../src/config/site.ts';

const handle = useTestDatabase({ empty: [mailOutbox, rateLimits], serviceOnly: true });

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

    // A round stops at the provider's first failure; the drains of the next seconds leave the provider alone
    // (PROVIDER_DOWN_PAUSE_MS), and the round after them tries the mail it left.
    expect(await drainOutbox(handle.db, provider.transport, t0)).toEqual({ sent: 0, failed: 1 });
    expect(await drainOutbox(handle.db, provider.transport, t0)).toEqual({ sent: 0, failed: 0 });
    const t1 = new Date(t0.getTime() + PROVIDER_DOWN_PAUSE_MS);
    expect(await drainOutbox(handle.db, provider.transport, t1)).toEqual({ sent: 0, failed: 1 });
    let rows = await handle.db.select().from(mailOutbox);
    expect(rows.map((r) => `${r.status} ${r.attempts}`)).toEqual(['pending 1', 'pending 1']);
    const tried = rows.map((r) => r.nextAttemptAt.getTime() - backoffMs(1)).sort();
    expect(tried).toEqual([t0.getTime(), t1.getTime()]);
    expect(rows[0]!.lastError).toBe('provider unavailable');

    // Not due yet: nothing is tried.
    expect(await drainOutbox(handle.db, provider.transport, new Date(t0.getTime() + 10_000))).toEqual({
      sent: 0,
      failed: 0,
    });

    provider.down = false;
    const later = new Date(t1.getTime() + backoffMs(1) + 1000);
    expect(await drainOutbox(handle.db, provider.transport, later)).toEqual({ sent: 2, failed: 0 });
    expect(await drainOutbox(handle.db, provider.transport, new Date(later.getTime() + 3600_000))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(provider.delivered.sort()).toEqual(['contact:abc:contact.confirmation', 'contact:abc:contact.staff']);
    rows = await handle.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 2 && r.sentAt !== null)).toBe(true);
  });

  it('sends a mail queued in the same millisecond as the drain: the database stamps microseconds, a Date has none', async () => {
    await queueTwo();
    // The database's clock stamped the mails 123.456 ms into a second; the drain's Date, taken later in the same
    // millisecond, reads 123 ms. The mails are due (a submit's own drain must send its confirmation at once).
    await handle.db.update(mailOutbox).set({ nextAttemptAt: sql`'2026-11-28 10:00:00.123456+00'::timestamptz` });
    const sameMillisecond = new Date('2026-11-28T10:00:00.123Z');
    const provider = flakyProvider();
    provider.down = false;
    expect(await drainOutbox(handle.db, provider.transport, new Date('2026-11-28T10:00:00.122Z'))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(await drainOutbox(handle.db, provider.transport, sameMillisecond)).toEqual({ sent: 2, failed: 0 });
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
      // Two rounds a step, the provider's pause apart: each stops at its first failure, so each tries one mail.
      await drainOutbox(handle.db, provider.transport, now);
      now = new Date(now.getTime() + PROVIDER_DOWN_PAUSE_MS);
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
    const resend = await fakeResend((_req, body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 're_123' }));
      return body;
    });
    try {
      const transport = resendTransport('re_test_key', { baseUrl: resend.url });
      expect(await transport.send(mail!)).toBe('re_123');
      const [request] = resend.requests;
      expect(request!.path).toBe('/emails');
      expect(request!.headers.authorization).toBe('Bearer re_test_key');
      expect(request!.headers['idempotency-key']).toBe('contact:abc:contact.staff');
      expect(JSON.parse(request!.body)).toMatchObject({
        from: site.mailFrom,
        to: [site.staffInbox],
        reply_to: 'ada@example.com',
        subject: mail!.subject,
      });
    } finally {
      await resend.close();
    }
    const refusing = await fakeResend((_req, _body, res) => res.writeHead(429).end('rate limited'));
    try {
      await expect(resendTransport('k', { baseUrl: refusing.url }).send(mail!)).rejects.toThrow(/429/);
    } finally {
      await refusing.close();
    }
  });

  it("honours Resend's 429 Retry-After: every waiting mail waits that long, then each is sent once", async () => {
    await queueTwo();
    await enqueueSlack(handle.db, 'lead:abc', [{ kind: 'slack.lead', subject: 'New lead', text: 'Ada' }]);
    const busy = await fakeResend((_req, _body, res) =>
      res
        .writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '120' })
        .end(JSON.stringify({ statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests' })),
    );
    const now = Date.now() + 1000;
    try {
      const transport = resendTransport('k', { baseUrl: busy.url });
      expect(await drainOutbox(handle.db, transport, new Date(now), 25, null)).toEqual({ sent: 0, failed: 1 });
      const rows = await handle.db.select().from(mailOutbox);
      const mail = rows.filter((r) => !r.kind.startsWith('slack.'));
      // The mail tried waits out the pause (not only the 30 s backoff); the other was not tried.
      expect(mail.find((r) => r.attempts === 1)!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(now + 120_000);
      expect(mail.map((r) => r.attempts).sort()).toEqual([0, 1]);
      // A mail queued during the pause waits too: no drain within it calls the provider (the 30 s backoff alone
      // would have, and the mail the round skipped was due at once).
      await enqueueMail(
        handle.db,
        'contact:def',
        contactMails({ id: 'def', name: 'Bo', email: 'bo@example.com', company: 'B', message: 'Hi', subscribe: false }),
      );
      expect(await drainOutbox(handle.db, transport, new Date(now + 60_000), 25, null)).toEqual({ sent: 0, failed: 0 });
      expect(busy.requests).toHaveLength(1);
      // Slack is another transport: its row is not paused.
      const slackPost = { name: 'slack', send: async () => 'posted' } satisfies Transport;
      expect(await drainOutbox(handle.db, null, new Date(now + 60_000), 25, slackPost)).toEqual({ sent: 1, failed: 0 });
    } finally {
      await busy.close();
    }
    const flaky = flakyProvider();
    flaky.down = false;
    expect(await drainOutbox(handle.db, flaky.transport, new Date(now + 121_000), 25, null)).toEqual({
      sent: 4,
      failed: 0,
    });
    expect(flaky.delivered.sort()).toEqual([
      'contact:abc:contact.confirmation',
      'contact:abc:contact.staff',
      'contact:def:contact.confirmation',
      'contact:def:contact.staff',
    ]);
  });

  it('reads Retry-After in seconds or as a date, and bounds it', () => {
    expect(pauseAsked('20')).toBe(20_000);
    expect(pauseAsked(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60_000);
    expect(pauseAsked('86400')).toBe(MAX_RETRY_AFTER_MS);
    expect([pauseAsked(undefined), pauseAsked(''), pauseAsked('soon'), pauseAsked('0')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('gives up on a provider that does not answer within the time limit, and retries the mail later', async () => {
    await queueTwo();
    const hanging = await fakeResend(() => {}); // never answers
    try {
      const transport = resendTransport('k', { baseUrl: hanging.url, timeoutMs: 200 });
      const started = Date.now();
      // A moment ahead: the rows' next_attempt_at is the database's now() in microseconds, the drain's a
      // JavaScript Date in milliseconds, so a drain in the same millisecond would find them not yet due.
      // The round ends at that failure: the other mail waits for the next round, its attempt not counted.
      expect(await drainOutbox(handle.db, transport, new Date(started + 1000))).toEqual({ sent: 0, failed: 1 });
      expect(Date.now() - started).toBeLessThan(5_000);
      const rows = await handle.db.select().from(mailOutbox);
      expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
      expect(rows.find((r) => r.attempts === 1)!.lastError).toMatch(/Resend/);
    } finally {
      await hanging.close();
    }
  });
});

describe('the transport the environment configures', () => {
  const deployed = { SITE_ID: 'site-1', URL: 'https://www.bolesta.example' };

  it('is Resend whenever a key is set', () => {
    expect(defaultTransport({ RESEND_API_KEY: 're_x' })?.name).toBe('resend');
    expect(defaultTransport({ ...deployed, RESEND_API_KEY: 're_x' })?.name).toBe('resend');
  });

  it('prints mail to the console only locally', () => {
    expect(defaultTransport({})?.name).toBe('console');
  });

  it('sends nothing and prints nothing when deployed without a key: the mail stays pending', async () => {
    const transport = defaultTransport(deployed);
    expect(transport).toBeNull();
    await queueTwo();
    const log = vi.spyOn(console, 'log');
    expect(await drainOutbox(handle.db, transport)).toEqual({ sent: 0, failed: 0 });
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
    const rows = await handle.db.select().from(mailOutbox);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });
});

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for Resend's API on a loopback port; `answer` decides what each request gets. */
async function fakeResend(answer: (req: IncomingMessage, body: string, res: ServerResponse) => unknown) {
  const requests: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      answer(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
