/**
 * A resource's download (docs/decisions/0041-resource-downloads.md): the request joins the lead of its address like
 * any form (store-request.ts: rate limit, submit key, lead, row and mail in one statement) but starts no response
 * clock; its private link goes by mail only (sealed in the outbox, a confirmation under the per-address and
 * per-site caps), so the file reaches the person who owns the address. The link opens the file a few times
 * within a few days; only its SHA-256 is kept.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { downloadRequests } from '../../db/schema.ts';
import { site } from '../../config/site.ts';
import { consent } from '../../lib/forms/consent.ts';
import { DOWNLOAD_LINK, type DownloadInput } from '../../lib/forms/download.schema.ts';
import { spamReason } from '../../lib/forms/spam.ts';
import type { ResourceFileEntry } from '../../lib/resource-files.ts';
import { invalidFields, notFound } from '../../server/errors.ts';
import { plainValue, privateLink, tableMail, type Mail } from '../../server/mail/templates.ts';
import type { CountedRequest } from '../../server/rate-limit.ts';
import { hashSecret, newSecret } from '../../server/secret-tokens.ts';
import { storeRequest } from './store-request.ts';

/** A link's token has exactly this form (secret-tokens.ts); anything else is refused before the database. */
export const DOWNLOAD_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The private link of a download. */
export const downloadLink = (siteUrl: string, token: string): string => new URL(`/downloads/${token}`, siteUrl).href;

const DAY = 24 * 3600_000;

/** The visitor's mail: the private link and its limits, their typed name never shown (it is free text). */
export function downloadMail(to: string, file: ResourceFileEntry, link: string): Mail {
  const title = plainValue(file.title, 80, 'your file');
  const mail = tableMail(
    { kind: 'download.confirmation', to, toLead: true, replyTo: site.email, subject: `Your copy of ${title}` },
    `Your copy of ${title}`,
    `Thank you for your interest in ${title}. Download it at the private link below.`,
    [
      ['Your file', link],
      ['The link works for', `${DOWNLOAD_LINK.days} days, ${DOWNLOAD_LINK.opens} downloads`],
    ],
    `The link is yours alone: please do not forward it. Questions? Reply to this email or write to ${site.email}. — The ${site.agencyName} team`,
  );
  return privateLink(mail, link);
}

/**
 * Stores a request for `file` received `now` and queues its mail, in the lead of the address. `siteUrl` is the
 * origin the link points to. The same submit key answers with the first request's id and writes nothing; a
 * request flagged as spam is stored, joins its lead unchanged and is mailed nothing.
 */
export async function submitDownloadRequest(
  db: Db,
  input: DownloadInput,
  file: ResourceFileEntry | undefined,
  siteUrl: string,
  now = new Date(),
  counted?: CountedRequest,
): Promise<{ id: string; duplicate: boolean; spam: boolean }> {
  if (!file?.gated) {
    throw invalidFields({
      resource: file ? 'This resource downloads at once: no form needed' : 'This resource has no file to send',
    });
  }
  const reason = spamReason(input);
  const { token, hash } = newSecret();
  const { id, duplicate } = await storeRequest(
    db,
    {
      scope: 'download',
      idempotencyKey: input.idempotencyKey,
      person: { email: input.email, name: input.name, company: input.company, phone: '' },
      origin: { form: 'download', attribution: input.attribution },
      spam: reason !== null,
      table: downloadRequests,
      row: () => ({
        resource: file.resource,
        resourceTitle: file.title,
        name: input.name,
        email: input.email,
        company: input.company,
        consentVersion: consent.download.version,
        consentedAt: now,
        isSpam: reason !== null,
        spamReason: reason,
        attribution: input.attribution ?? null,
        tokenHash: hash,
        expiresAt: new Date(now.getTime() + DOWNLOAD_LINK.days * DAY),
        maxOpens: DOWNLOAD_LINK.opens,
      }),
      mails: () => [downloadMail(input.email, file, downloadLink(siteUrl, token))],
      counted,
    },
    now,
  );
  return { id, duplicate, spam: !duplicate && reason !== null };
}

/**
 * Counts one opening of a live link and resolves with the resource it opens: the first stamps `first_opened_at`.
 * A malformed, unknown, expired or used-up link is the same 404, so nobody learns which links exist. One
 * conditional update: two openings at once never go past the limit.
 */
export async function openDownload(db: Db, token: string, now = new Date()): Promise<{ resource: string }> {
  if (!DOWNLOAD_TOKEN.test(token)) throw notFound('download');
  const d = downloadRequests;
  const [row] = await db
    .update(d)
    .set({ opens: sql`${d.opens} + 1`, firstOpenedAt: sql`coalesce(${d.firstOpenedAt}, ${now})`, lastOpenedAt: now })
    .where(and(eq(d.tokenHash, hashSecret(token)), gt(d.expiresAt, now), sql`${d.opens} < ${d.maxOpens}`))
    .returning({ resource: d.resource });
  if (!row) throw notFound('download');
  return row;
}

/** Whether a link is live, counting nothing (a HEAD, which a mail scanner sends as well). */
export async function downloadIsLive(db: Db, token: string, now = new Date()): Promise<{ resource: string }> {
  if (!DOWNLOAD_TOKEN.test(token)) throw notFound('download');
  const d = downloadRequests;
  const [row] = await db
    .select({ resource: d.resource })
    .from(d)
    .where(and(eq(d.tokenHash, hashSecret(token)), gt(d.expiresAt, now), sql`${d.opens} < ${d.maxOpens}`))
    .limit(1);
  if (!row) throw notFound('download');
  return row;
}
