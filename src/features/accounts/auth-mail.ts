/**
 * The account mails better-auth asks for (email confirmation, password reset): queued in the outbox like
 * every other mail, one per token, then sent in the background of the answer so that a slow mail provider
 * neither delays it nor tells by its timing whether an account exists.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { drainOutbox } from '../../server/mail/sender.ts';
import type { AccountMailData, Mail } from '../../server/mail/templates.ts';
import { loggable } from '../../server/loggable.ts';

// The function hands its `waitUntil` down to the mail hooks through this, so mail is sent after the answer.
const background = new AsyncLocalStorage<(work: Promise<unknown>) => void>();

/** Runs `fn` (a better-auth call) so the mails it queues are sent through `waitUntil` in the background. */
export function withBackground<T>(waitUntil: (work: Promise<unknown>) => void, fn: () => T): T {
  return background.run(waitUntil, fn);
}

/**
 * Hands better-auth's background work (its account mails, from the sign-up's and the sign-in's hooks) to the
 * function's `waitUntil`, so no answer waits for a mail: a sign-up answers in the same time whether the address
 * is new, waiting for its confirmation or confirmed (docs/security.md). Outside a function call (no `waitUntil`)
 * the work runs on unawaited.
 */
export function inBackground(work: Promise<unknown>): void {
  background.getStore()?.(work);
}

/** Queues one account mail (one per token) and starts the drain; the scheduled drain retries failures. */
async function queueAndSend(db: Db, token: string, mail: Mail): Promise<void> {
  const cause = createHash('sha256').update(token).digest('hex').slice(0, 32);
  await enqueueMail(db, `${mail.kind}:${cause}`, [mail]);
  const drain = drainOutbox(db).catch((error) =>
    console.error('mail drain after an account mail failed:', loggable(error)),
  );
  const waitUntil = background.getStore();
  if (waitUntil) waitUntil(drain);
  else await drain;
}

/** What better-auth hands its mail hooks: the account, its single-use token and its own link. */
export interface AccountMailRequest {
  user: { email: string; name: string };
  token: string;
  url: string;
}

/**
 * Sends the mail `template` writes to the account of `request`, with the link `linkOf` builds on the origin of
 * better-auth's own link (a resolved, allowed base URL: the origin the reader used), valid `validSeconds`.
 */
export async function sendAccountMail(
  db: Db,
  template: (data: AccountMailData) => Mail,
  { user, token, url }: AccountMailRequest,
  linkOf: (origin: string, token: string) => string,
  validSeconds: number,
): Promise<void> {
  const link = linkOf(new URL(url).origin, encodeURIComponent(token));
  await queueAndSend(
    db,
    token,
    template({ to: user.email, name: user.name, url: link, validMinutes: validSeconds / 60 }),
  );
}
