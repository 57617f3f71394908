// What `npm run bench:faults` found in the mail drain (docs/decisions/0044-faults-under-load.md): one round a
// scheduled run left a backlog for hours, and a round went on calling a provider that had just failed.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../test-db.ts';
import { mailOutbox, type OutboxMail, rateLimits, scheduledRuns } from '../../../src/db/schema.ts';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import { drainOutbox, MailRefused, type Transport } from '../../../src/server/mail/sender.ts';
import { drainBacklog } from '../../../src/server/mail/backlog.ts';
import { PROVIDER_DOWN_PAUSE_MS } from '../../../src/server/mail/provider-pause.ts';
import { contactMails } from '../../../src/server/mail/templates.ts';
import mailDrain from '../../../netlify/functions/mail-drain.mts';
import { call } from '../function-harness.ts';

const handle = useTestDatabase({ empty: [mailOutbox, rateLimits, scheduledRuns] });

/** Queues `n` contact messages' two mails each, every one to its own address (no confirmation capped). */
async function queue(n: number) {
  for (let i = 0; i < n; i++) {
    const id = `m${i}`;
    const mail = { id, name: 'Ada', email: `ada${i}@example.com`, company: 'Acme', message: 'Hi', subscribe: false };
    await enqueueMail(handle.db, `contact:${id}`, contactMails(mail));
  }
}

/** A transport that records each call and fails as `fail` says. */
function recording(fail: (mail: OutboxMail) => Error | null) {
  const calls: string[] = [];
  const transport: Transport = {
    name: 'test',
    async send(mail) {
      calls.push(mail.idempotencyKey);
      const error = fail(mail);
      if (error) throw error;
      return `id-${mail.id}`;
    },
  };
  return { transport, calls };
}

const soon = () => new Date(Date.now() + 1000); // rows are due from their real insert time

afterEach(() => vi.unstubAllEnvs());

describe('the scheduled mail drain', () => {
  it('sends a backlog larger than one round in one run, each mail once', async () => {
    await queue(13); // 26 mails: more than a round's 25
    const requests: string[] = [];
    const resend = createServer((req, res: ServerResponse) => {
      requests.push(String(req.headers['idempotency-key']));
      req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"re_1"}'));
    });
    await new Promise<void>((resolve) => resend.listen(0, '127.0.0.1', resolve));
    vi.stubEnv('RESEND_API_KEY', 're_test');
    vi.stubEnv('RESEND_BASE_URL', `http://127.0.0.1:${(resend.address() as AddressInfo).port}`);
    try {
      const response = await call(mailDrain, '/.netlify/scheduled');
      expect(await response.json()).toEqual({ sent: 26, failed: 0 });
    } finally {
      resend.closeAllConnections();
      await new Promise((resolve) => resend.close(resolve));
    }
    expect(new Set(requests).size).toBe(26);
    expect(await handle.db.$count(mailOutbox)).toBe(26);
    const statuses = await handle.db.select({ status: mailOutbox.status }).from(mailOutbox);
    expect(statuses.every((row) => row.status === 'sent')).toBe(true);
  });

  it('stops at its time budget, on the clock it is given', async () => {
    await queue(2);
    let now = 0;
    const { transport, calls } = recording(() => null);
    const clock = () => (now += 10); // every reading 10 ms later
    expect(
      await drainBacklog(handle.db, { transport, slack: null, now: soon(), batch: 1, budgetMs: 25, clock }),
    ).toEqual({
      sent: 3,
      failed: 0,
    });
    expect(calls).toHaveLength(3);
  });
});

describe('a drain round when the provider fails', () => {
  it('stops calling a provider that failed, and leaves its other mails untouched for the next round', async () => {
    await queue(2);
    const { transport, calls } = recording(() => new Error('Resend answered 503 (application_error): down'));
    expect(await drainOutbox(handle.db, transport, soon(), 25, null)).toEqual({ sent: 0, failed: 1 });
    expect(calls).toHaveLength(1);
    const rows = await handle.db.select().from(mailOutbox);
    expect(rows.map((r) => r.attempts).sort()).toEqual([0, 0, 0, 1]);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
  });

  it('leaves a provider that just failed alone for a few seconds, in every drain, then calls it again', async () => {
    await queue(2);
    const t0 = soon().getTime();
    let down = true;
    const { transport, calls } = recording(() =>
      down ? new Error('Resend answered 500 (internal_server_error): down') : null,
    );
    expect(await drainOutbox(handle.db, transport, new Date(t0), 25, null)).toEqual({ sent: 0, failed: 1 });
    // Each submit's own drain a moment later: three mails are due, the provider that just failed is not called.
    expect(await drainOutbox(handle.db, transport, new Date(t0 + 1000), 25, null)).toEqual({ sent: 0, failed: 0 });
    expect(calls).toHaveLength(1);
    down = false;
    const after = new Date(t0 + PROVIDER_DOWN_PAUSE_MS + 1);
    expect(await drainOutbox(handle.db, transport, after, 25, null)).toEqual({ sent: 3, failed: 0 });
  });

  it('goes on past a mail the provider refuses for itself', async () => {
    await queue(1);
    const { transport, calls } = recording(
      () => new MailRefused('Resend answered 422 (validation_error): bad address'),
    );
    expect(await drainOutbox(handle.db, transport, soon(), 25, null)).toEqual({ sent: 0, failed: 2 });
    expect(calls).toHaveLength(2);
  });

  it('a scheduled run ends at a failed round instead of trying the rest', async () => {
    await queue(2);
    const { transport, calls } = recording(() => new Error('Resend answered 429 (rate_limit_exceeded): slow down'));
    expect(await drainBacklog(handle.db, { transport, slack: null, now: soon(), batch: 1 })).toEqual({
      sent: 0,
      failed: 1,
    });
    expect(calls).toHaveLength(1);
  });
});
