/** Queues mail in the outbox, inside the caller's transaction (docs/decisions/0007-mail-through-an-outbox.md): mail never blocks a submit. */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { site } from '../../config/site.ts';
import type { Db, Tx } from '../../db/client.ts';
import { insertSelect } from '../../db/statement.ts';
import { leads, mailOutbox, rateLimits, type mailStatuses } from '../../db/schema.ts';
import { derivedKey } from '../derived-key.ts';
import { windowStartOf } from '../rate-limit.ts';
import { isPreview, replyDomain } from '../../config/platform.ts';
import { oneLine } from '../../lib/one-line.ts';
import { seal } from './sealed.ts';
import type { Mail } from './templates.ts';

/**
 * How many confirmations (`*.confirmation`: the mail to the address a visitor typed) are sent: per
 * recipient address a calendar day (UTC), and site-wide a clock hour. One over a cap is recorded as `capped` and never sent,
 * so the forms cannot flood an inbox from our domain. Staff notifications and account mails (which have
 * better-auth's own limits) are never capped. The download links (`download.confirmation`) have a site-wide hour
 * of their own: anyone with many addresses can use it up through the download form alone, and the requests'
 * confirmations must still go out that hour (docs/security.md).
 */
export const CONFIRMATION_CAPS = { perRecipientPerDay: 3, siteWidePerHour: 100, downloadsPerHour: 100 } as const;

type MailStatus = (typeof mailStatuses)[number];

/**
 * A preview sends mail only to the staff inbox: a mail meant for anyone else (a lead's confirmation, an
 * account link) goes there instead, its subject naming the address it was meant for.
 */
export function addressedForThisSite(mail: Mail): Mail {
  if (!isPreview() || mail.to === site.staffInbox) return mail;
  return { ...mail, to: site.staffInbox, subject: `[Preview, meant for ${mail.to}] ${mail.subject}` };
}

/** The Reply-To that names a lead by its token on the reply domain (docs/decisions/0040-mail-replies-and-delivery.md). */
export const leadReplyAddress = (token: string, domain: string): string => `reply+${token}@${domain}`;

/** The lead's reply token in a `reply+<token>@<domain>` address on `domain`, or null. */
export function replyTokenOf(address: string, domain: string): string | null {
  const match = /^reply\+([a-z0-9]{1,64})@(.+)$/i.exec(address.trim());
  return match && match[2]!.toLowerCase() === domain ? match[1]!.toLowerCase() : null;
}

/** Whether a mail is a confirmation to a visitor's typed address (the kind the caps count). */
export const isConfirmation = (kind: string): boolean => kind.endsWith('.confirmation');

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A recipient's cap key: a keyed hash of the address, so the counters never hold it. */
const recipientKey = (address: string) =>
  `mail-cap:to:${createHmac('sha256', capKey()).update(address).digest('base64url').slice(0, 22)}`;

/** The caps' HMAC key as a KeyObject, made again only when the secret changes (one a submit was 2% of the CPU). */
let capKeyCache: { raw: Buffer; key: KeyObject } | undefined;
function capKey(): KeyObject {
  const raw = derivedKey('mail-caps', 'recipient');
  if (!capKeyCache?.raw.equals(raw)) capKeyCache = { raw, key: createSecretKey(raw) };
  return capKeyCache.key;
}
const SITE_KEY = 'mail-cap:site';
const DOWNLOADS_KEY = 'mail-cap:site:downloads';

/** The site-wide hour a confirmation counts against, and its limit. */
const siteHourOf = (kind: string): { key: string; limit: number } =>
  kind === 'download.confirmation'
    ? { key: DOWNLOADS_KEY, limit: CONFIRMATION_CAPS.downloadsPerHour }
    : { key: SITE_KEY, limit: CONFIRMATION_CAPS.siteWidePerHour };

/**
 * Takes one unit of a fixed-window counter (`rate_limits`) if it is under `limit`, in the caller's transaction:
 * the upsert locks the counter's row, so concurrent takers wait for each other's commit and then see its count.
 * A counter already full is only read, never locked: its count cannot fall back within its window (a unit is
 * given back only to an address's day, and only while the site's hour is full), so the answer stands, and a
 * burst of submits after a cap is reached does not queue on one row lock held to each transaction's commit.
 * Resolves with whether the unit was taken.
 */
async function take(tx: Tx | Db, key: string, windowStart: Date, limit: number): Promise<boolean> {
  const [counter] = await tx
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  if (counter && counter.count >= limit) return false;
  const rows = await tx
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
      setWhere: sql`${rateLimits.count} < ${limit}`,
    })
    .returning({ count: rateLimits.count });
  return rows.length > 0;
}

/** Gives back a unit taken in this transaction. */
const giveBack = (tx: Tx | Db, key: string, windowStart: Date) =>
  tx
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));

/**
 * The status each mail is queued with: `capped` for a confirmation over a cap, else `pending`. Each confirmation
 * takes a unit of its address's day (UTC) and of the site's hour, counters updated in the caller's transaction
 * (a public submit takes them in its statement: `mailsInStatement`; docs/decisions/0034-form-api-speed.md): exact under concurrency, the same cost however long the outbox. Its
 * address first, the few submits to one address waiting on each other; the site's hour last, its row locked only
 * for the rest of the transaction; an address's unit is given back when the site's hour is full.
 */
async function statusesUnderCaps(tx: Tx | Db, mails: readonly Mail[], now: Date): Promise<MailStatus[]> {
  const statuses: MailStatus[] = [];
  const day = windowStartOf(now, DAY);
  const hour = windowStartOf(now, HOUR);
  for (const mail of mails) {
    if (!isConfirmation(mail.kind)) {
      statuses.push('pending');
      continue;
    }
    const to = recipientKey(mail.to.trim().toLowerCase());
    let allowed = await take(tx, to, day, CONFIRMATION_CAPS.perRecipientPerDay);
    const siteHour = siteHourOf(mail.kind);
    if (allowed && !(await take(tx, siteHour.key, hour, siteHour.limit))) {
      await giveBack(tx, to, day);
      allowed = false;
    }
    statuses.push(allowed ? 'pending' : 'capped');
  }
  return statuses;
}

/**
 * Adds mails to the outbox; `keyPrefix` + kind is each mail's idempotency key (one mail per cause). A
 * confirmation over a cap is written with status `capped`, which the sender never picks up. Resolves with
 * the id of each mail written, by idempotency key (a key already in the outbox writes nothing).
 */
export async function enqueueMail(
  tx: Tx | Db,
  keyPrefix: string,
  mails: readonly Mail[],
  now = new Date(),
): Promise<Map<string, string>> {
  if (!mails.length) return new Map();
  const addressed = mails.map(addressedForThisSite);
  const statuses = await statusesUnderCaps(tx, addressed, now);
  // The leads written to: their reply address (with MAIL_REPLY_DOMAIN), and whether they complained.
  const keys = mails.filter((m) => m.toLead).map((m) => m.to.trim().toLowerCase());
  const written = keys.length
    ? await tx
        .select({ key: leads.emailKey, token: leads.replyToken, complainedAt: leads.complainedAt })
        .from(leads)
        .where(inArray(leads.emailKey, keys))
    : [];
  const leadOfKey = new Map(written.map((row) => [row.key, row]));
  const domain = replyDomain();
  const inserted = await tx
    .insert(mailOutbox)
    .values(
      addressed.map((m, i) => {
        const lead = mails[i]!.toLead ? leadOfKey.get(mails[i]!.to.trim().toLowerCase()) : undefined;
        const suppressed = lead?.complainedAt && !m.confirmed;
        return {
          ...outboxRow(keyPrefix, lead && domain ? { ...m, replyTo: leadReplyAddress(lead.token, domain) } : m),
          status: suppressed ? ('suppressed' as const) : statuses[i],
          // A mail written to a lead is the lead's (its timeline shows it), found by the address it was written
          // to, also on a preview that sends it to the staff inbox instead. Staff mail never is, whatever its address.
          leadId: mails[i]!.toLead ? leadOf(mails[i]!.to) : null,
        };
      }),
    )
    .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
    .returning({ id: mailOutbox.id, key: mailOutbox.idempotencyKey });
  return new Map(inserted.map((row) => [row.key, row.id]));
}

/** A mail's outbox row, but its status and its lead. */
const outboxRow = (keyPrefix: string, m: Mail) => ({
  idempotencyKey: `${keyPrefix}:${m.kind}`,
  kind: m.kind,
  to: m.to,
  replyTo: m.replyTo ?? null,
  // Whatever built the mail, its subject is one header line.
  subject: oneLine(m.subject),
  textBody: m.text,
  htmlBody: m.html,
  sealed: m.sealed ? seal(m.sealed) : null,
});

/** What a one-statement submit needs to queue its mails: its CTEs, and what to read and do once it ran. */
export interface MailsInStatement {
  ctes: [string, SQL][];
  /** The statement's result columns that `settle` reads (none without a confirmation). */
  outcome: SQL[];
  /** Gives back the address's unit when the site's hour was full (rare); nothing else. */
  settle(db: Db, row: { to_taken?: boolean; site_taken?: boolean }): Promise<void>;
}

/**
 * `enqueueMail` as CTEs of a one-statement submit (src/db/statement.ts): each mail is written when the CTE
 * `after` returned a row, with the lead `leadId` (an SQL expression) when it is written to the lead. A
 * confirmation takes its address's unit (`cap_to`) and then the site's (`cap_site`) as `take` does, each an
 * upsert that increments only under its limit; its row is locked only for the statement, which commits at
 * once. When the site's hour was full, `settle` gives the address's unit back. One confirmation a statement.
 */
export function mailsInStatement(
  keyPrefix: string,
  mails: readonly Mail[],
  now: Date,
  {
    after,
    leadId,
    leadCte,
  }: {
    after: string;
    leadId: SQL;
    /** The statement's CTE of the lead, returning its `reply_token` and `complained_at` (lead-link.ts's leadUpsert). */
    leadCte?: string;
  },
): MailsInStatement {
  const addressed = mails.map(addressedForThisSite);
  const confirmations = addressed.filter((m) => isConfirmation(m.kind));
  if (confirmations.length > 1) throw new Error('one confirmation a statement');
  const ctes: [string, SQL][] = [];
  const day = windowStartOf(now, DAY);
  const to = confirmations[0] && recipientKey(confirmations[0].to.trim().toLowerCase());
  if (to) {
    const unit = (key: string, windowStart: Date, limit: number, from: string) =>
      sql`${insertSelect(rateLimits, { key, windowStart, count: 1 }, from)} on conflict (key, window_start) do update set count = ${rateLimits.count} + 1 where ${rateLimits.count} < ${limit} returning 1`;
    ctes.push(['cap_to', unit(to, day, CONFIRMATION_CAPS.perRecipientPerDay, after)]);
    const siteHour = siteHourOf(confirmations[0]!.kind);
    ctes.push(['cap_site', unit(siteHour.key, windowStartOf(now, HOUR), siteHour.limit, 'cap_to')]);
  }
  // A lead that complained gets no more mail (`suppressed`); one with a reply token gets its reply address.
  const lead = leadCte ? sql.identifier(leadCte) : null;
  const complained = lead ? sql`exists (select from ${lead} where complained_at is not null)` : sql`false`;
  const capped = sql`case when ${complained} then 'suppressed' when exists (select from cap_site) then 'pending' else 'capped' end`;
  const domain = lead ? replyDomain() : null;
  addressed.forEach((m, i) => {
    const toLead = mails[i]!.toLead;
    const row = insertSelect(
      mailOutbox,
      {
        ...outboxRow(keyPrefix, m),
        ...(toLead &&
          domain && {
            replyTo: sql`coalesce('reply+' || (select reply_token from ${lead}) || ${`@${domain}`}, ${m.replyTo ?? null})`,
          }),
        status: isConfirmation(m.kind)
          ? capped
          : toLead && lead
            ? sql`case when ${complained} then 'suppressed' else 'pending' end`
            : 'pending',
        leadId: mails[i]!.toLead ? leadId : null,
      },
      after,
    );
    ctes.push([`mail_${i}`, sql`${row} on conflict (idempotency_key) do nothing`]);
  });
  return {
    ctes,
    outcome: to ? [sql`exists (select from cap_to) as to_taken`, sql`exists (select from cap_site) as site_taken`] : [],
    async settle(db, row) {
      if (to && row.to_taken && !row.site_taken) await giveBack(db, to, day);
    },
  };
}

/** The id of the lead of `address` (docs/decisions/0030-leads.md), or null: a subquery of the insert. */
const leadOf = (address: string) =>
  sql`(select ${leads.id} from ${leads} where ${leads.emailKey} = ${address.trim().toLowerCase()})`;
