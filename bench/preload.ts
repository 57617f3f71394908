/**
 * `BENCH_PRELOAD=N` of `npm run bench:submissions`: a site's history before the load, so the bench shows whether a
 * submit's cost grows with it. N rows of sent mail in the outbox (half staff notifications, half confirmations to
 * leads, spread over the last 30 days) and N requests (half contact messages, half short audits) of N / 10 leads,
 * written by the database itself (generate_series) in batches, on PostgreSQL and PGlite alike.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

const BATCH = 100_000;

async function inBatches(total: number, write: (from: number, to: number) => Promise<unknown>): Promise<number> {
  for (let from = 1; from <= total; from += BATCH) await write(from, Math.min(total, from + BATCH - 1));
  return total;
}

export async function preloadHistory(db: Db, n: number): Promise<{ outbox: number; contact: number; audits: number }> {
  const leadCount = Math.max(1, Math.floor(n / 10));
  const lead = (i: string) => sql.raw(`'preload-' || ((${i} % ${leadCount}) + 1) || '@history.example'`);
  await inBatches(leadCount, (from, to) =>
    db.execute(sql`
      insert into leads (email_key, email, name, company, request_count, first_request_at, last_activity_at)
      select 'preload-' || i || '@history.example', 'preload-' || i || '@history.example', 'Preloaded ' || i,
             'History Inc.', 10, now() - interval '300 days', now() - (i % 30) * interval '1 day'
      from generate_series(${from}::int, ${to}::int) as i`),
  );
  const half = Math.floor(n / 2);
  const contact = await inBatches(half, (from, to) =>
    db.execute(sql`
      insert into contact_messages (lead_id, name, email, company, message, consent_version, consented_at, created_at)
      select l.id, 'Preloaded ' || i, l.email, 'History Inc.', 'A message of the site''s history.', 'preload',
             now() - (i % 720) * interval '1 hour', now() - (i % 720) * interval '1 hour'
      from generate_series(${from}::int, ${to}::int) as i
      join leads l on l.email_key = ${lead('i')}`),
  );
  const audits = await inBatches(n - half, (from, to) =>
    db.execute(sql`
      insert into audit_submissions (source, lead_id, contact_name, contact_email, company_name, consent_version,
                                     consented_at, created_at)
      select 'contact_page', l.id, 'Preloaded ' || i, l.email, 'History Inc.', 'preload',
             now() - (i % 720) * interval '1 hour', now() - (i % 720) * interval '1 hour'
      from generate_series(${from}::int, ${to}::int) as i
      join leads l on l.email_key = ${lead('i')}`),
  );
  const outbox = await inBatches(n, (from, to) =>
    db.execute(sql`
      insert into mail_outbox (idempotency_key, kind, "to", subject, text_body, html_body, status, sent_at,
                               last_attempt_at, attempts, created_at, lead_id)
      select 'preload:' || i, case when i % 2 = 0 then 'contact.staff' else 'contact.confirmation' end,
             case when i % 2 = 0 then 'leads@history.example' else ${lead('i')} end,
             'A mail of the site''s history', 'Text', '<p>Text</p>', 'sent',
             now() - (i % 43200) * interval '1 minute', now() - (i % 43200) * interval '1 minute', 1,
             now() - (i % 43200) * interval '1 minute',
             case when i % 2 = 0 then null else (select id from leads where email_key = ${lead('i')}) end
      from generate_series(${from}::int, ${to}::int) as i`),
  );
  // As a live database would long have done over a real history: without it, the vacuum of a million fresh rows
  // (set off by the inserts) and the checkpoint of the pages they dirtied run during the load, charged to the submits.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`).catch(() => {}); // a superuser's (or pg_checkpoint's) right: skipped without it
  return { outbox, contact, audits };
}
