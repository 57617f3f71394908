/**
 * Delivers queued mail (docs/decisions/0007-mail-through-an-outbox.md) through Resend (the `resend` package) when RESEND_API_KEY is set. Each
 * mail carries its idempotency key to the provider, so a retry after a lost answer never sends it twice,
 * and each request has a time limit, so one hung call cannot use up a scheduled run. Failures retry with
 * exponential backoff. Without a key, `npm start` prints mail to the console (account links included, for
 * the developer); a deployed site never does: its mail stays pending in the outbox until a key is set, and
 * `/api/health` says so. Slack posts (`slack.*` rows, src/server/mail/slack.ts) go the same way to Slack's webhook.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, like, lt, notLike, sql } from 'drizzle-orm';
import type { Resend } from 'resend';
import { site } from '../../config/site.ts';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/statement.ts';
import { mailOutbox, type OutboxMail } from '../../db/schema.ts';
import { isDeployed, platformEnv, type Env } from '../../config/platform.ts';
import { isSlackKind, SLACK_KINDS, slackWebhookUrl } from './slack.ts';
import { withSecret } from './sealed.ts';
import {
  pauseAsked,
  pausedTransports,
  pauseTransport,
  PROVIDER_DOWN_PAUSE_MS,
  ProviderBusy,
} from './provider-pause.ts';

export interface Transport {
  name: string;
  /** Sends one mail; returns the provider's message id. Throws on failure. */
  send(mail: OutboxMail): Promise<string>;
}

/**
 * A provider's refusal of one mail (Resend's 400 or 422: a malformed address, a field it rejects): the round goes on
 * with the next mail. Any other failure (5xx, 429, a time-out, no connection) is the provider's, and ends the round
 * for every mail of that transport: the next ones would fail the same way, each using up an attempt and, when the
 * provider hangs, up to SEND_TIMEOUT_MS of a run that has 30 s on Netlify.
 */
export class MailRefused extends Error {}

/** Attempts before a mail is marked failed (about a day of retries). */
export const MAX_ATTEMPTS = 10;

/** How long one call to the mail provider may take before it counts as failed (and is retried later). */
export const SEND_TIMEOUT_MS = 10_000;

/** Delay before retry number `attempt` (1-based): 30 s doubling, capped at 4 hours. */
export const backoffMs = (attempt: number): number => Math.min(30_000 * 2 ** (attempt - 1), 4 * 3600_000);

/** Resend, with the outbox row's idempotency key and a time limit on every call. */
export function resendTransport(apiKey: string, options: { baseUrl?: string; timeoutMs?: number } = {}): Transport {
  // The SDK is loaded by the first mail sent, not by every function that could send one (a cold start reads less).
  let client: Promise<Resend> | undefined;
  const resend = () =>
    (client ??= import('resend').then(
      ({ Resend }) => new Resend(apiKey, options.baseUrl ? { baseUrl: options.baseUrl } : undefined),
    ));
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  return {
    name: 'resend',
    async send(mail) {
      const { data, error, headers } = await (
        await resend()
      ).emails.send(
        {
          from: site.mailFrom,
          to: [mail.to],
          replyTo: mail.replyTo ?? undefined,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
        },
        { idempotencyKey: mail.idempotencyKey, signal: AbortSignal.timeout(timeoutMs) },
      );
      if (error) {
        const message = `Resend answered ${error.statusCode ?? 'nothing'} (${error.name}): ${error.message}`.slice(
          0,
          500,
        );
        // 400 and 422 refuse this mail (its address, its fields); anything else is the provider's own trouble, and a
        // 429 with Retry-After says for how long.
        const pause = error.statusCode === 429 ? pauseAsked(headers?.['retry-after']) : null;
        if (pause !== null) throw new ProviderBusy(message, pause);
        throw error.statusCode === 400 || error.statusCode === 422 ? new MailRefused(message) : new Error(message);
      }
      return data?.id ?? '';
    },
  };
}

export const consoleTransport: Transport = {
  name: 'console',
  async send(mail) {
    const text = [
      `--- mail (${mail.kind}) ---`,
      `To: ${mail.to}`,
      `Subject: ${mail.subject}`,
      '',
      mail.textBody,
      '---',
    ];
    console.log(text.join('\n'));
    // With DATA_DIR set (the end-to-end server), each mail is also a file of DATA_DIR/mail/, so a test can follow
    // the private link a visitor was mailed (docs/decisions/0041-resource-downloads.md). Local only, like the console.
    const dataDir = process.env.DATA_DIR?.trim();
    if (dataDir) {
      await mkdir(path.join(dataDir, 'mail'), { recursive: true });
      await writeFile(path.join(dataDir, 'mail', `${mail.id}.txt`), text.join('\n'));
    }
    return `console:${mail.id}`;
  },
};

/**
 * The transport the environment configures: Resend with a key; without one the console locally, and none
 * at all when deployed (the mail waits in the outbox: a log may not hold sign-in links).
 */
export function defaultTransport(env: Env = platformEnv()): Transport | null {
  if (env.RESEND_API_KEY) return resendTransport(env.RESEND_API_KEY);
  return isDeployed(env) ? null : consoleTransport;
}

/**
 * Slack's incoming webhook (src/server/mail/slack.ts): posts a `slack.*` row's text as `{ text }`, with a time
 * limit. Slack answers 200 `ok`; anything else (404 `no_service`, 403 `invalid_token`, 410
 * `channel_is_archived`…) is a failure, retried like a refused mail. The error names Slack's answer, never the
 * webhook's address. A webhook has no idempotency key: a retry after a lost answer may post twice.
 */
export function slackTransport(url: string, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): Transport {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const post = options.fetch ?? fetch;
  return {
    name: 'slack',
    async send(mail) {
      const response = await post(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: mail.textBody }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = (await response.text()).replace(/\s+/g, ' ').trim().slice(0, 200);
      if (!response.ok) throw new Error(`Slack answered ${response.status}: ${answer || response.statusText}`);
      return `slack:${mail.id}`;
    },
  };
}

/** The Slack transport the environment configures (a well-formed SLACK_WEBHOOK_URL, not on a preview), or null. */
export function defaultSlackTransport(env: Env = platformEnv()): Transport | null {
  const url = slackWebhookUrl(env);
  return url ? slackTransport(url) : null;
}

/**
 * Sends every due mail once, and posts every due Slack row (`slack.*`) through `slack`; returns how many were
 * sent and how many failed this round. Rows without a transport (mail without a provider, Slack without a
 * webhook) are not even read: they stay pending, and cannot fill the batch ahead of the others. After a failure
 * that is the provider's (not a MailRefused), its remaining mails wait for the next round, no attempt counted.
 */
export async function drainOutbox(
  db: Db,
  transport: Transport | null = defaultTransport(),
  now = new Date(),
  batch = 25,
  slack: Transport | null = defaultSlackTransport(),
): Promise<{ sent: number; failed: number }> {
  if (!transport && !slack) return { sent: 0, failed: 0 }; // no provider: everything stays pending
  // A transport whose provider asked for a pause is not called (provider-pause.ts): its rows are not even read.
  const paused = await pausedTransports(db, now);
  if (paused.mail) transport = null;
  if (paused.slack) slack = null;
  if (!transport && !slack) return { sent: 0, failed: 0 };
  const due = await dueMail(db, now, batch, { mail: !!transport, slack: !!slack })
    .prepare(`mail_due_${transport ? 'mail' : ''}_${slack ? 'slack' : ''}`) // parsed once a connection, as runPrepared
    .execute();
  const sent: { id: string; provider_id: string; at: string }[] = [];
  let failed = 0;
  const down = new Set<Transport>(); // a provider that failed this round is not called again in it
  for (const mail of due) {
    const attempts = mail.attempts + 1;
    const via = (isSlackKind(mail.kind) ? slack : transport)!;
    if (down.has(via)) continue;
    try {
      sent.push({ id: mail.id, provider_id: await via.send(withSecret(mail)), at: new Date().toISOString() });
    } catch (error) {
      failed++;
      if (!(error instanceof MailRefused)) down.add(via);
      // A provider that asked for a pause gets it from every drain (provider-pause.ts), not only from this mail; one
      // that failed for itself gets a short one (a mail it refused says nothing of the provider).
      const pause =
        error instanceof ProviderBusy ? error.retryAfterMs : error instanceof MailRefused ? 0 : PROVIDER_DOWN_PAUSE_MS;
      if (pause) await pauseTransport(db, via === slack ? 'slack' : 'mail', new Date(now.getTime() + pause));
      await db
        .update(mailOutbox)
        .set({
          attempts,
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          nextAttemptAt: new Date(now.getTime() + Math.max(backoffMs(attempts), pause)),
          lastError: String((error as Error).message ?? error).slice(0, 1000),
          lastAttemptAt: new Date(),
        })
        .where(eq(mailOutbox.id, mail.id));
    }
  }
  await markSent(db, sent);
  return { sent: sent.length, failed };
}

/**
 * The first instant after `now`'s millisecond. The database stamps a queued mail's `next_attempt_at` with its
 * own clock in microseconds (`now()`), a JavaScript Date has milliseconds: a mail queued at 12:00:00.123456 and
 * drained at `new Date()` = 12:00:00.123 (taken later, in the same millisecond) would not be due yet, and a
 * submit's own drain would leave its confirmation for the next scheduled round. A Date stands for its whole
 * millisecond, so "due by now" is "due before the next one".
 */
const endOfMillisecond = (now: Date): Date => new Date(now.getTime() + 1);

/**
 * The query of a round's due mails (`mail` and `slack`: which kinds have a transport), oldest first: read through
 * `mail_outbox_due_idx` (status, next attempt), whatever the outbox holds (tests/unit/server/outbox-plans.test.ts).
 */
export function dueMail(db: Db, now: Date, batch: number, kinds: { mail: boolean; slack: boolean }) {
  const only = !kinds.slack
    ? notLike(mailOutbox.kind, SLACK_KINDS)
    : !kinds.mail
      ? like(mailOutbox.kind, SLACK_KINDS)
      : undefined;
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.nextAttemptAt, endOfMillisecond(now)), only))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(batch);
}

/**
 * Marks the mails a round sent, in one statement (one write a round, not one a mail): a mail sent but not yet
 * marked when the process stops is sent again by the next round, which the provider's idempotency key makes
 * harmless. Only a still-pending row is marked, so two drains racing for one mail record it once.
 */
async function markSent(db: Db, sent: readonly { id: string; provider_id: string; at: string }[]): Promise<void> {
  if (!sent.length) return;
  await runPrepared(
    db,
    sql`
    update ${mailOutbox} set status = 'sent', attempts = ${mailOutbox.attempts} + 1, sent_at = done.at,
      last_attempt_at = done.at, provider_id = done.provider_id, last_error = null, sealed = null
    from jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) as done(id uuid, provider_id text, at timestamptz)
    where ${mailOutbox.id} = done.id and ${mailOutbox.status} = 'pending'`,
  );
}

/** The mails a drain round reads at most. */
export const DRAIN_BATCH = 25;
/** How long a drain waits for more mail after a round that did not fill its batch, ms (a lone submit's mail goes at once). */
const DRAIN_PAUSE_MS = 50;

const drains = new WeakMap<Db, { running: Promise<void>; again: boolean }>();

/**
 * Drains the outbox after a submit, one drain at a time per database and process: a submit that arrives
 * while a drain runs asks for one more round instead of starting a drain of its own, so fifty submits at
 * once do not each read and send the same due mails; that round starts DRAIN_PAUSE_MS later unless the last
 * one filled its batch. Resolves when the queue had its last round.
 */
export function drainInBackground(db: Db, transport: Transport | null = defaultTransport()): Promise<void> {
  const current = drains.get(db);
  if (current) {
    current.again = true;
    return current.running;
  }
  const state = { running: Promise.resolve(), again: false };
  state.running = (async () => {
    try {
      do {
        state.again = false;
        const { sent, failed } = await drainOutbox(db, transport, new Date(), DRAIN_BATCH);
        // A round that did not fill its batch waits a moment before the next: under load one round then sends the
        // mail of many submits with one query and one update, instead of a round (two statements) for every few.
        if (state.again && sent + failed < DRAIN_BATCH) await new Promise((wait) => setTimeout(wait, DRAIN_PAUSE_MS));
      } while (state.again);
    } finally {
      drains.delete(db);
    }
  })();
  drains.set(db, state);
  return state.running;
}
