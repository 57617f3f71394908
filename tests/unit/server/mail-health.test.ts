/**
 * The mail line of `/api/health`: not ok when the latest try was refused (with the provider's reason, never a
 * key or an address), ok again once a later mail is sent, the count of failed mail, and a deploy preview
 * without a key is fine (mail is optional there).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox, type OutboxMail, rateLimits } from '../../../src/db/schema.ts';
import { probeDocumentsStore } from '../../../src/features/uploads/stores.ts';
import { healthReport, shownReason } from '../../../src/features/system/health.ts';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import { PROVIDER_DOWN_PAUSE_MS } from '../../../src/server/mail/provider-pause.ts';
import { drainOutbox, type Transport } from '../../../src/server/mail/sender.ts';
import { inDeployContext } from '../../../src/config/platform.ts';
import { useTestDatabase } from '../test-db.ts';

const handle = useTestDatabase({ empty: [mailOutbox, rateLimits] });

const refusal =
  'Resend answered 403 (validation_error): The bolesta.example domain is not verified. Please, add and verify your domain on https://resend.com/domains (key re_AbCdEf123456789)';

const refusing: Transport = {
  name: 'test',
  async send() {
    throw new Error(refusal);
  },
};
const accepting: Transport = { name: 'test', send: async (mail: OutboxMail) => `id-${mail.id}` };

let n = 0;
const queue = () =>
  enqueueMail(handle.db, `health:${++n}`, [
    { kind: 'contact.staff', to: 'staff@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' },
  ]);

const mailCheck = async () => (await healthReport(probeDocumentsStore)).checks.mail;

beforeEach(() => {
  vi.stubEnv('RESEND_API_KEY', 're_configured_but_unused_here');
  vi.spyOn(console, 'error').mockImplementation(() => {}); // the blobs check: no store in unit tests
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the mail check of /api/health', () => {
  it('is ok with nothing tried yet, and names the transport and what is pending', async () => {
    await queue();
    expect(await mailCheck()).toEqual({ ok: true, detail: 'resend, 1 pending' });
  });

  it('reports a refused latest try with the provider’s reason, then is ok again after a later send', async () => {
    await queue();
    expect(await drainOutbox(handle.db, refusing)).toEqual({ sent: 0, failed: 1 });
    const [tried] = await handle.db.select().from(mailOutbox);
    expect(tried!.lastAttemptAt).toBeInstanceOf(Date);

    const refused = await mailCheck();
    expect(refused.ok).toBe(false);
    expect(refused.detail).toMatch(
      /^resend refused the latest mail: Resend answered 403 \(validation_error\): The bolesta\.example domain is not verified\./,
    );
    expect(refused.detail).toMatch(/, 1 pending$/);
    expect(refused.detail).not.toMatch(/https?:|resend\.com\/|re_AbCdEf/);
    expect((await healthReport(probeDocumentsStore)).ok).toBe(false);

    // A later mail goes through: the latest try is a send, so mail works again (the refused one still retries).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await queue();
    // The new row is due once the provider's short pause after the refusal is over; the refused one waits longer.
    const due = new Date(Date.now() + PROVIDER_DOWN_PAUSE_MS + 1000);
    expect(await drainOutbox(handle.db, accepting, due)).toEqual({ sent: 1, failed: 0 });
    expect(await mailCheck()).toEqual({ ok: true, detail: 'resend, 1 pending' });
  });

  it('counts failed mail whatever the latest try, and is not ok while a failure is the latest', async () => {
    const earlier = new Date(Date.now() - 60_000);
    await handle.db
      .insert(mailOutbox)
      .values([
        failedRow('a', earlier, 'Resend answered 422 (validation_error): Invalid `to` field.'),
        failedRow('b', new Date(), 'Resend answered 429 (rate_limit_exceeded): Too many requests.'),
      ]);
    expect(await mailCheck()).toEqual({
      ok: false,
      detail:
        'resend refused the latest mail: Resend answered 429 (rate_limit_exceeded): Too many requests., 0 pending, 2 failed',
    });
    await queue();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await drainOutbox(handle.db, accepting)).toEqual({ sent: 1, failed: 0 });
    expect(await mailCheck()).toEqual({ ok: true, detail: 'resend, 0 pending, 2 failed' });
  });
});

describe('without RESEND_API_KEY on a deployed site', () => {
  beforeEach(() => {
    vi.stubEnv('RESEND_API_KEY', undefined);
    vi.stubEnv('SITE_ID', 'a1b2c3');
    vi.stubEnv('BETTER_AUTH_SECRET', 'x'.repeat(44));
    vi.stubEnv('DATABASE_URL', 'postgres://unused');
  });

  it('a deploy preview is ok: mail waits in the outbox, optional there', async () => {
    await queue();
    const check = await inDeployContext('deploy-preview', mailCheck);
    expect(check).toEqual({
      ok: true,
      detail: 'RESEND_API_KEY is not set: mail waits in the outbox (optional on a preview), 1 pending',
    });
  });

  it('production is not ok', async () => {
    const check = await inDeployContext('production', mailCheck);
    expect(check).toEqual({ ok: false, detail: 'RESEND_API_KEY is not set: mail waits in the outbox, 0 pending' });
  });
});

describe('shownReason', () => {
  it('keeps the provider’s words on one short line, without addresses, keys or tokens', () => {
    expect(shownReason('Resend answered 401 (validation_error):\n  API key is invalid')).toBe(
      'Resend answered 401 (validation_error): API key is invalid',
    );
    expect(shownReason('fetch https://user:pw@api.resend.com/emails failed: Bearer re_123456789abc')).toBe(
      'fetch [address] failed: Bearer [hidden]',
    );
    expect(shownReason('key re_9f8e7d6c5b4a was revoked')).toBe('key [key] was revoked');
    expect(shownReason('x'.repeat(20) + ' ' + 'y'.repeat(500))).toMatch(/^x{20} \[hidden\]$/);
    expect(shownReason('word '.repeat(100))).toHaveLength(200);
    expect(shownReason('word '.repeat(100)).endsWith('…')).toBe(true);
  });
});

function failedRow(key: string, at: Date, error: string) {
  return {
    idempotencyKey: `failed:${key}:${++n}`,
    kind: 'audit.staff',
    to: 'staff@example.com',
    subject: 'A lead',
    textBody: 'x',
    htmlBody: 'x',
    status: 'failed' as const,
    attempts: 10,
    lastError: error,
    lastAttemptAt: at,
  };
}
