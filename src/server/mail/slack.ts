/**
 * Slack, optional: with `SLACK_WEBHOOK_URL` set (a Slack incoming webhook), staff alerts are also posted to a
 * channel. A post travels through the outbox like a mail (docs/decisions/0007-mail-through-an-outbox.md): a row of
 * kind `slack.*`, addressed `slack`, its message in `text_body`, queued in the transaction of its cause with its
 * own idempotency key; the sender posts it to the webhook instead of the mail provider, with the same retries,
 * backoff and failed status. Without the variable nothing is queued or posted. A malformed value is refused, not
 * ignored: a log line says so and `/api/health`'s settings check names it. A deploy preview posts nothing: the
 * channel is production's, and a preview's database starts as a copy of production's outbox.
 */
import { platformEnv, isPreview, type Env } from '../../config/platform.ts';
import type { Db, Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** The `to` of every Slack row of the outbox. */
export const SLACK_TO = 'slack';

/** Whether an outbox row is a Slack post (`slack.*`) rather than a mail. */
export const isSlackKind = (kind: string): boolean => kind.startsWith('slack.');

/** The LIKE pattern of the Slack rows' kinds. */
export const SLACK_KINDS = 'slack.%';

/** What is wrong with a `SLACK_WEBHOOK_URL` value, or null when it will do: an `https://` address without credentials. */
export function slackWebhookProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'is not a web address (a Slack incoming webhook, https://hooks.slack.com/services/…)';
  }
  if (url.protocol !== 'https:')
    return 'must start with https:// (a Slack incoming webhook, https://hooks.slack.com/…)';
  if (url.username || url.password) return 'must not carry a user name or password';
  return null;
}

/** The problem of the environment's `SLACK_WEBHOOK_URL`, or null when it is unset or well-formed (health reads this). */
export function slackSettingProblem(env: Env = platformEnv()): string | null {
  const value = env.SLACK_WEBHOOK_URL?.trim();
  return value ? slackWebhookProblem(value) : null;
}

const refused = new Set<string>();

/**
 * The webhook Slack posts go to: null when `SLACK_WEBHOOK_URL` is unset, on a deploy preview, or malformed (then
 * logged, once per value and process, without the value: a webhook address is a secret).
 */
export function slackWebhookUrl(env: Env = platformEnv()): string | null {
  const value = env.SLACK_WEBHOOK_URL?.trim();
  if (!value) return null;
  const problem = slackWebhookProblem(value);
  if (problem) {
    if (!refused.has(value)) {
      refused.add(value);
      console.error(`SLACK_WEBHOOK_URL ${problem}: nothing is posted to Slack until it is fixed.`);
    }
    return null;
  }
  return isPreview() ? null : value;
}

/**
 * Escapes what Slack reads as markup in a message (`&`, `<`, `>`), so a lead's typed name cannot become a
 * link or a `<!channel>` mention.
 */
export const slackEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface SlackPost {
  /** `slack.<what>`, e.g. `slack.lead-overdue`. */
  kind: `slack.${string}`;
  /** What the portal's Mail tab shows for it (never posted). */
  subject: string;
  /** The message, in Slack's markup (escape typed values with slackEscape). */
  text: string;
}

/**
 * Queues Slack posts in the outbox, inside the caller's transaction; `keyPrefix` + kind is each post's
 * idempotency key (a key already there writes nothing). Resolves with the ids written, by idempotency key.
 */
export async function enqueueSlack(
  tx: Tx | Db,
  keyPrefix: string,
  posts: readonly SlackPost[],
): Promise<Map<string, string>> {
  if (!posts.length) return new Map();
  const inserted = await tx
    .insert(mailOutbox)
    .values(
      posts.map((p) => ({
        idempotencyKey: `${keyPrefix}:${p.kind}`,
        kind: p.kind,
        to: SLACK_TO,
        subject: p.subject,
        textBody: p.text,
        htmlBody: '',
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
    .returning({ id: mailOutbox.id, key: mailOutbox.idempotencyKey });
  return new Map(inserted.map((row) => [row.key, row.id]));
}
