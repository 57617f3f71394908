// Lead alerts on Slack (src/server/mail/slack.ts): a post beside each alert only with SLACK_WEBHOOK_URL (a
// malformed one refused, logged and named by health), posted by the outbox's sender to the webhook with mail's
// retries; health's mail check ignores Slack.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { site } from '../../../src/config/site.ts';
import { leads, mailOutbox, type OutboxMail } from '../../../src/db/schema.ts';
import { queueLeadAlerts } from '../../../src/features/leads/alerts.ts';
import { healthReport } from '../../../src/features/system/health.ts';
import { drainOutbox, MAX_ATTEMPTS, slackTransport, type Transport } from '../../../src/server/mail/sender.ts';
import { slackWebhookProblem, slackWebhookUrl } from '../../../src/server/mail/slack.ts';
import { handle, HOUR, hoursFrom, NOW, outbox, run, waitingLead } from './alert-harness.ts';

describe('lead alerts on Slack', () => {
  const webhook = 'https://hooks.slack.com/services/T000/B000/XXXX';

  it('queues a Slack post beside each alert only when SLACK_WEBHOOK_URL is set', async () => {
    const lead = await waitingLead(1, { name: 'Eve <!channel> & co' });
    expect(await run()).toEqual({ dueSoon: 1, overdue: 0, slack: 0 });
    // Set up later in the same wait: the mail is not queued again, its post is.
    await handle.db.update(leads).set({ dueSoonAlertedAt: null }).where(eq(leads.id, lead.id));

    vi.stubEnv('SLACK_WEBHOOK_URL', webhook);
    expect(await queueLeadAlerts(handle.db, NOW)).toEqual({ dueSoon: 0, overdue: 0, slack: 1 });
    expect(await queueLeadAlerts(handle.db, hoursFrom(NOW, 2))).toEqual({ dueSoon: 0, overdue: 1, slack: 1 });
    const rows = (await outbox()).filter((m) => m.kind.startsWith('slack.'));
    expect(rows.map((m) => [m.kind, m.to, m.idempotencyKey])).toEqual([
      ['slack.lead-due-soon', 'slack', `lead-alert:${lead.id}:${lead.since.getTime()}:slack.lead-due-soon`],
      ['slack.lead-overdue', 'slack', `lead-alert:${lead.id}:${lead.since.getTime()}:slack.lead-overdue`],
    ]);
    const text = rows[0]!.textBody;
    expect(text).toContain('Eve &lt;!channel&gt; &amp; co');
    expect(text).not.toContain('<!channel>');
    expect(text).toContain(`<${site.url}/admin?lead=${lead.id}|Open the lead>`);
    expect(text).toContain('Thu 26 Nov, 11:00 AM ET');
    expect(text).not.toContain('\n');
  });

  it('refuses a malformed SLACK_WEBHOOK_URL with a log line and a health problem, and queues nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('SLACK_WEBHOOK_URL', 'http://hooks.slack.com/services/T000/B000/XXXX');
    expect(slackWebhookUrl()).toBeNull();
    expect(error.mock.calls.map((c) => String(c[0]))).toEqual([
      'SLACK_WEBHOOK_URL must start with https:// (a Slack incoming webhook, https://hooks.slack.com/…): nothing is posted to Slack until it is fixed.',
    ]);
    await waitingLead(1);
    expect(await queueLeadAlerts(handle.db, NOW)).toEqual({ dueSoon: 1, overdue: 0, slack: 0 });
    const { settings } = (await healthReport(async () => {})).checks;
    expect(settings.detail).toContain('SLACK_WEBHOOK_URL must start with https://');
    expect(settings.detail).not.toContain('XXXX');

    expect(slackWebhookProblem('not a url')).toMatch(/^is not a web address/);
    expect(slackWebhookProblem('https://user:pw@hooks.slack.com/x')).toBe('must not carry a user name or password');
    expect(slackWebhookProblem(webhook)).toBeNull();
  });

  it('is posted by the sender to the webhook as { text }, retried on failure, and never sent as mail', async () => {
    vi.stubEnv('SLACK_WEBHOOK_URL', webhook);
    await waitingLead(1);
    await queueLeadAlerts(handle.db, NOW);
    const mailed: string[] = [];
    const mail: Transport = { name: 'test', send: async (m: OutboxMail) => (mailed.push(m.kind), `id-${m.id}`) };
    const hook = await stubWebhook((res, attempt) =>
      attempt === 1 ? res.writeHead(500).end('rollup_error') : res.writeHead(200).end('ok'),
    );
    try {
      const slack = slackTransport(hook.url);
      const t0 = new Date(Date.now() + 1000);
      expect(await drainOutbox(handle.db, mail, t0, 25, slack)).toEqual({ sent: 1, failed: 1 });
      expect(mailed).toEqual(['lead.due-soon']);
      let [post] = (await outbox()).filter((m) => m.kind === 'slack.lead-due-soon');
      expect(post).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Slack answered 500: rollup_error' });
      expect(hook.bodies).toHaveLength(1);
      expect(JSON.parse(hook.bodies[0]!)).toEqual({ text: post!.textBody });

      expect(await drainOutbox(handle.db, mail, new Date(t0.getTime() + 60_000), 25, slack)).toEqual({
        sent: 1,
        failed: 0,
      });
      [post] = (await outbox()).filter((m) => m.kind === 'slack.lead-due-soon');
      expect(post).toMatchObject({ status: 'sent', attempts: 2, lastError: null, providerId: `slack:${post!.id}` });
      expect(hook.bodies).toHaveLength(2);
      expect(mailed).toEqual(['lead.due-soon']);
    } finally {
      await hook.close();
    }
  });

  it('gives a Slack post up as failed after MAX_ATTEMPTS, and times out a hung webhook', async () => {
    vi.stubEnv('SLACK_WEBHOOK_URL', webhook);
    await waitingLead(1);
    await queueLeadAlerts(handle.db, NOW);
    const hook = await stubWebhook(() => {}); // never answers
    try {
      const slack = slackTransport(hook.url, { timeoutMs: 100 });
      let now = new Date(Date.now() + 1000);
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        await drainOutbox(handle.db, null, now, 25, slack);
        now = new Date(now.getTime() + 5 * HOUR);
      }
    } finally {
      await hook.close();
    }
    const rows = await outbox();
    expect(rows.map((m) => [m.kind, m.status, m.attempts])).toEqual([
      ['lead.due-soon', 'pending', 0], // no mail transport: mail waits, untouched
      ['slack.lead-due-soon', 'failed', MAX_ATTEMPTS],
    ]);
    expect(rows[1]!.lastError).toMatch(/abort|timeout/i);
  });

  it('leaves Slack rows pending without a webhook, and they do not hold mail back', async () => {
    vi.stubEnv('SLACK_WEBHOOK_URL', webhook);
    for (let i = 0; i < 3; i++) await waitingLead(-1);
    await queueLeadAlerts(handle.db, NOW); // 3 mails, 3 posts
    const mail: Transport = { name: 'test', send: async (m: OutboxMail) => `id-${m.id}` };
    const later = new Date(Date.now() + 1000);
    expect(await drainOutbox(handle.db, mail, later, 3, null)).toEqual({ sent: 3, failed: 0 });
    expect((await outbox()).map((m) => [m.kind, m.status])).toEqual([
      ['lead.overdue', 'sent'],
      ['lead.overdue', 'sent'],
      ['lead.overdue', 'sent'],
      ['slack.lead-overdue', 'pending'],
      ['slack.lead-overdue', 'pending'],
      ['slack.lead-overdue', 'pending'],
    ]);
  });

  it('does not make the health check report mail as failing when Slack refused the latest post', async () => {
    vi.stubEnv('RESEND_API_KEY', 're_configured_but_unused_here');
    vi.stubEnv('SLACK_WEBHOOK_URL', webhook);
    await waitingLead(1);
    await queueLeadAlerts(handle.db, NOW);
    const mail: Transport = { name: 'test', send: async (m: OutboxMail) => `id-${m.id}` };
    const refusing: Transport = {
      name: 'slack',
      send: async () => {
        throw new Error('Slack answered 404: no_service');
      },
    };
    const later = new Date(Date.now() + 1000);
    expect(await drainOutbox(handle.db, mail, later, 25, null)).toEqual({ sent: 1, failed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5)); // the refusal is the latest try
    expect(await drainOutbox(handle.db, null, later, 25, refusing)).toEqual({ sent: 0, failed: 1 });
    await handle.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.kind, 'slack.lead-due-soon'));

    const report = await healthReport(async () => {});
    expect(report.checks.mail).toEqual({ ok: true, detail: 'resend, 0 pending' });
  });
});

/** A stand-in for Slack's webhook on a loopback port; `answer` gets each request's response and its number. */
async function stubWebhook(answer: (res: ServerResponse, attempt: number) => void) {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      bodies.push(body);
      answer(res, bodies.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/services/T000/B000/XXXX`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
