/**
 * The checker of `npm run bench:faults` (Jepsen's method: what every client was told against what the system
 * kept). After a scenario's load and its settling, it reads the scenario's database and the mail provider's
 * deliveries and counts, against the clients' submits (bench/faults/clients.ts):
 * - kept: a 2xx submit whose message is stored under the id it was told, with its lead, its idempotency key's
 *   claim naming that id, and its two mails queued;
 * - lost: a 2xx submit without all of that; a queued mail (not `capped`) the provider never received once it
 *   recovered, or still not marked sent;
 * - duplicated: a second message stored for one submit (its address is its own), a mail delivered twice (the same
 *   recipient, subject and text, under two idempotency keys or none);
 * - unanswered: a submit never told 2xx whose message was stored anyway (no retry completed it);
 * - undocumented: an answer that is not one the API documents (a 500, a stack, a 503 without Retry-After, no
 *   answer at all where the server was not killed).
 */
import { eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { contactMessages, idempotencyKeys, leads, mailOutbox, type OutboxMail } from '../../src/db/schema.ts';
import { storedSubmitKey } from '../../src/features/leads/idempotency.ts';
import type { Attempt, Submit } from './clients.ts';
import type { Delivery } from './mail-provider.ts';

type MailRow = Pick<OutboxMail, 'idempotencyKey' | 'status' | 'attempts'>;

export interface Verdict {
  submits: number;
  answered: number;
  kept: number;
  lost: number;
  duplicated: number;
  unanswered: number;
  mails: { queued: number; delivered: number; lost: number; duplicated: number; keyless: number };
  undocumented: number;
  /** What the clients were told, e.g. `201 ×5012, 503 ×40`. */
  told: string;
  /** One line per difference found (the first few of each kind). */
  differences: string[];
  /**
   * What could not run as planned (the workload was late for its fault on a slow machine), one line each: such a
   * scenario says so and exits 2; what it did not attempt is never counted lost. Empty when it ran as planned.
   */
  notRun: string[];
}

export async function check(
  db: Db,
  scenario: string,
  submits: Submit[],
  deliveries: Delivery[],
  noAnswerExpected: boolean,
): Promise<Verdict> {
  const differences: string[] = [];
  const note = (line: string) => differences.length < 12 && differences.push(line);
  const messages = await db
    .select({ id: contactMessages.id, email: contactMessages.email, leadId: contactMessages.leadId })
    .from(contactMessages)
    .where(like(contactMessages.email, `faults-${scenario}-%`));
  const byEmail = Map.groupBy(messages, (m) => m.email);
  const leadIds = new Set(
    (
      await db
        .select({ id: leads.id })
        .from(leads)
        .where(like(leads.email, `faults-${scenario}-%`))
    ).map((l) => l.id),
  );
  const outbox = await db.select().from(mailOutbox).where(like(mailOutbox.idempotencyKey, 'contact:%'));
  const mailsOf = Map.groupBy(outbox, (m) => m.idempotencyKey.split(':')[1]!);
  const claims = new Map<string, string>();
  const hashes = submits.map((s) => storedSubmitKey('contact', s.key));
  for (let i = 0; i < hashes.length; i += 5000) {
    const rows = await db
      .select({ key: idempotencyKeys.key, id: idempotencyKeys.resourceId })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.key, hashes.slice(i, i + 5000)));
    for (const row of rows) claims.set(row.key, row.id);
  }

  let kept = 0,
    lost = 0,
    duplicated = 0,
    unanswered = 0;
  submits.forEach((submit, i) => {
    const stored = byEmail.get(submit.email) ?? [];
    if (stored.length > 1) {
      duplicated += stored.length - 1;
      note(`${submit.email}: ${stored.length} messages stored for one submit (key ${submit.key})`);
    }
    if (!submit.id) {
      if (stored.length) {
        unanswered++;
        note(`${submit.email}: never told 2xx, yet stored as ${stored[0]!.id}`);
      }
      return;
    }
    // (A repeat told another id names a second record: counted once, here when that record is not stored.)
    if (submit.repeatId && submit.repeatId !== submit.id && stored.length < 2) {
      duplicated++;
      note(`${submit.email}: told ${submit.id}, then ${submit.repeatId} for the same key`);
    }
    const mine = stored.find((m) => m.id === submit.id);
    const mails = mailsOf.get(submit.id) ?? [];
    const whole = mine && leadIds.has(mine.leadId) && claims.get(hashes[i]!) === submit.id && mails.length === 2;
    if (whole) kept++;
    else {
      lost++;
      note(
        `${submit.email}: told 201 ${submit.id}; stored ${mine ? 'yes' : 'no'}, lead ${mine && leadIds.has(mine.leadId) ? 'yes' : 'no'}, ` +
          `claim ${claims.get(hashes[i]!) ?? 'none'}, mails ${mails.length}`,
      );
    }
  });

  // Mail: every queued mail (a capped confirmation is never sent) received once by the provider, and marked sent.
  const toSend = outbox.filter((m) => m.status !== 'capped');
  const mailTally = tallyMail(toSend, deliveries, note);

  const { told, undocumented } = tallyAnswers(
    submits.flatMap((s) => s.attempts),
    noAnswerExpected,
    note,
  );

  return {
    submits: submits.length,
    answered: submits.filter((s) => s.id).length,
    kept,
    lost,
    duplicated,
    unanswered,
    mails: {
      queued: toSend.length,
      delivered: deliveries.length,
      lost: mailTally.lost,
      duplicated: mailTally.duplicated,
      keyless: deliveries.filter((d) => d.key === null).length,
    },
    undocumented,
    told,
    differences,
    notRun: [],
  };
}

/**
 * The mail of a scenario: lost, a mail of `toSend` the provider never received or that is not marked sent; duplicated,
 * every copy past the first of one mail (the same recipient, subject and text) the provider received. The first
 * few of each are noted.
 */
export function tallyMail(
  toSend: MailRow[],
  deliveries: Delivery[],
  note: (line: string) => void,
): { lost: number; duplicated: number } {
  const deliveredKeys = new Set(deliveries.map((d) => d.key));
  let lost = 0;
  for (const mail of toSend) {
    if (mail.status === 'sent' && deliveredKeys.has(mail.idempotencyKey)) continue;
    lost++;
    note(
      `mail ${mail.idempotencyKey}: ${mail.status} after ${mail.attempts} attempts, provider ${deliveredKeys.has(mail.idempotencyKey) ? 'has it' : 'never got it'}`,
    );
  }
  let duplicated = 0;
  for (const [, copies] of Map.groupBy(deliveries, (d) => `${d.to}\n${d.subject}\n${d.text}`)) {
    if (copies.length < 2) continue;
    duplicated += copies.length - 1;
    note(
      `mail to ${copies[0]!.to} "${copies[0]!.subject}" delivered ${copies.length} times (keys ${copies.map((c) => c.key).join(', ')})`,
    );
  }
  return { lost, duplicated };
}

/**
 * What the clients were told, most frequent first (`201 ×5012, 503 ×40`), and how many answers the API does not
 * document (no answer at all is allowed where the server itself was killed); the first three are noted.
 */
export function tallyAnswers(
  attempts: Attempt[],
  noAnswerExpected: boolean,
  note: (line: string) => void,
): { told: string; undocumented: number } {
  const undocumented = attempts.filter((a) => !a.documented && !(noAnswerExpected && typeof a.told !== 'number'));
  for (const a of undocumented.slice(0, 3)) note(`undocumented answer at ${a.at} ms: ${a.told} ${a.code ?? ''}`);
  const told = [...Map.groupBy(attempts, (a) => String(a.told))]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([what, list]) => `${what} ×${list.length}`)
    .join(', ');
  return { told, undocumented: undocumented.length };
}

/** Whether the outbox still holds mail to send (pending, not capped). */
export async function pendingMail(db: Db): Promise<number> {
  return db.$count(mailOutbox, eq(mailOutbox.status, 'pending'));
}
