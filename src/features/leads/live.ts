/**
 * The leads' revision (issue 55; docs/decisions/0048-portal-shell.md): what the portal polls to learn that its Leads
 * list or an open lead's page is out of date, without reading either. One statement of counts and latest
 * timestamps over the tables the list and the timeline are drawn from (a new request, a mail from the lead, a
 * delivery, a download, a booked, moved or cancelled call, a note or an owner a colleague set), reduced to a hash: the reply's ETag. The same hash in
 * `If-None-Match` is answered 304 with no body. Also the count of leads waiting on us, for the tab's title.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/statement.ts';
import { json } from '../../server/http.ts';
import type { LeadsRevision } from './contract.ts';

export async function leadsRevision(db: Db): Promise<LeadsRevision> {
  const [row] = await rowsOf<{ state: string; waiting: number }>(
    db.execute(sql`select concat_ws('|',
        (select count(*) || ':' || coalesce(max(greatest(updated_at, last_activity_at, last_inbound_at,
          last_response_at, undeliverable_at, complained_at))::text, '') from leads),
        (select count(*) || ':' || coalesce(max(at)::text, '') from lead_events),
        (select count(*) || ':' || coalesce(max(received_at)::text, '') from inbound_messages),
        (select count(*) || ':' || coalesce(max(received_at)::text, '') from booking_events),
        (select count(*) || ':' || coalesce(sum(opens), 0) from download_requests),
        (select count(*) || ':' || coalesce(max(greatest(sent_at, delivery_at, last_attempt_at))::text, '')
          from mail_outbox where lead_id is not null)
      ) as state,
      (select count(*) from leads where is_spam = false and awaiting_since is not null)::int as waiting`),
  );
  const waiting = row?.waiting ?? 0;
  const revision = createHash('sha256')
    .update(`${row?.state ?? ''}#${waiting}`)
    .digest('base64url')
    .slice(0, 22);
  return { revision, waiting };
}

/**
 * The reply of `GET /api/admin/leads/revision`: the revision with its ETag, or 304 without a body when
 * `If-None-Match` already names it (the client sends it by hand: nothing is kept in a shared or browser cache).
 */
export function revisionReply(request: Request, current: LeadsRevision): Response {
  const etag = `"${current.revision}"`;
  const asked = request.headers.get('if-none-match');
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, {
      status: 304,
      headers: { ETag: etag, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
    });
  }
  return json(current, { headers: { ETag: etag } });
}
