/**
 * A public request (a contact message, an audit request, a resource's download) stored in one SQL statement
 * (docs/decisions/0034-form-api-speed.md): the client's rate limit, the submit key's claim, the lead's upsert (lead-link.ts), the
 * request's row and its mails under the confirmation caps, as CTEs each writing only when the one before it
 * did. One statement is one round trip and commits on its own: all of it is stored, or none of it.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { auditSubmissions, contactMessages, downloadRequests } from '../../db/schema.ts';
import { insertSelect, runPrepared, withCtes } from '../../db/statement.ts';
import { claimInStatement, priorClaim } from './idempotency.ts';
import { countInStatement, type CountedRequest } from '../../server/rate-limit.ts';
import { mailsInStatement } from '../../server/mail/outbox.ts';
import type { Mail } from '../../server/mail/templates.ts';
import { leadUpsert, type LeadOrigin, type LeadPerson } from './lead-link.ts';

type RequestTable = typeof contactMessages | typeof auditSubmissions | typeof downloadRequests;

export interface RequestToStore<T extends RequestTable> {
  scope: 'contact' | 'audit' | 'download';
  idempotencyKey: string;
  person: LeadPerson;
  origin: LeadOrigin;
  /** Flagged as spam: stored, linked to its lead without changing it, and mailed to nobody. */
  spam: boolean;
  table: T;
  /** The request's row under the id it is stored as (its lead is the statement's). */
  row: (id: string) => Omit<T['$inferInsert'], 'id' | 'leadId'>;
  /** Its mails, queued with the idempotency keys `<scope>:<id>:<kind>`. */
  mails: (id: string) => Mail[];
  /** The client's rate limit, counted by the same statement: over it nothing is written and it throws the 429. */
  counted?: CountedRequest;
}

/**
 * Stores the request received `now`. Resolves with its id, or with the id of the request an earlier submit
 * with the same key stored (`duplicate`), in which case nothing was written.
 */
export async function storeRequest<T extends RequestTable>(
  db: Db,
  request: RequestToStore<T>,
  now: Date,
): Promise<{ id: string; duplicate: boolean }> {
  const id = randomUUID();
  const mails = mailsInStatement(`${request.scope}:${id}`, request.spam ? [] : request.mails(id), now, {
    after: 'request',
    leadId: sql`(select id from lead)`,
    leadCte: 'lead',
  });
  const row = { ...request.row(id), id, leadId: sql`lead.id` } as unknown as T['$inferInsert'];
  const count = request.counted && countInStatement(request.counted, now);
  const ctes: [string, SQL][] = [
    ...(count?.ctes ?? []),
    ['claim', claimInStatement(request.scope, request.idempotencyKey, id, count && 'allowed')],
    ['lead', leadUpsert(request.person, now, request.spam, request.origin, 'claim')],
    ['request', sql`${insertSelect(request.table, row, 'lead')} returning 1`],
    ...mails.ctes,
  ];
  const results = [sql`exists (select from request) as stored`, ...mails.outcome];
  if (count) results.push(sql`(select count from hit) as hits`);
  const [outcome] = await runPrepared<{ stored: boolean; hits?: number; to_taken?: boolean; site_taken?: boolean }>(
    db,
    withCtes(ctes, sql`select ${sql.join(results, sql`, `)}`),
  );
  const refusal = count && outcome && count.refusal(Number(outcome.hits));
  if (refusal) throw refusal;
  if (!outcome?.stored) return { id: await priorClaim(db, request.scope, request.idempotencyKey), duplicate: true };
  await mails.settle(db, outcome);
  return { id, duplicate: false };
}
