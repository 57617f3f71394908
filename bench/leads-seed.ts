/**
 * The data of `npm run bench:leads` (bench/leads.ts), written with set-based SQL (generate_series) so that it
 * takes seconds: LEADS leads and ENTRIES timeline entries spread over them, of every kind a lead's page shows
 * (contact messages and audit requests linked to their lead, lead_events notes, owner changes, replies and
 * answers elsewhere, mail_outbox rows with their lead_id, audit_log status changes of the requests). One lead
 * (BIG_LEAD) gets every 100th entry of each kind, about ENTRIES / 100, for the page of a lead with a long history.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

export const LEADS = 10_000;
/** Entries per kind; they add up to 100,000. */
export const ENTRIES = { messages: 20_000, audits: 10_000, events: 30_000, mails: 25_000, statusChanges: 15_000 };
export const ENTRY_TOTAL = Object.values(ENTRIES).reduce((a, b) => a + b, 0);
export const STAFF = 5;

/** The id of the seeded lead number `n` (1 to LEADS), as SQL builds it. */
const leadIdSql = (n: string) => `md5('bench-lead-' || (${n}))::uuid`;
/** The lead of entry `i`: BIG_LEAD for every 100th, else spread over the others by a multiplicative hash. */
const leadOfEntry = (i: string) =>
  leadIdSql(`case when ${i} % 100 = 0 then 1 else 2 + ((${i})::bigint * 7919) % ${LEADS - 1} end`);
/** A moment of entry `i` within the last two years. */
const atOfEntry = (i: string) => `now() - make_interval(mins => ((${i})::bigint * 37 % (730 * 24 * 60))::int)`;

/** The id of the lead with the most entries. */
export const BIG_LEAD_ID_SQL = sql.raw(`${leadIdSql('1')}`);
/** The id of a lead with a typical history (a few entries). */
export const TYPICAL_LEAD_ID_SQL = sql.raw(`${leadIdSql('4242')}`);

const COMPANIES = `array['Acme Bio','Helix Labs','Nova CRO','Zenith CDMO','Orbit Pharma','Lumen Diagnostics','Atlas Clinical','Vireo Biotech','Cobalt Analytics','Summit Genomics']`;
const FIRST = `array['Ada','Grace','Alan','Katherine','Rosalind','Barbara','Linus','Marie','Niels','Dorothy']`;
const LAST = `array['Lovelace','Hopper','Turing','Johnson','Franklin','Liskov','Pauling','Curie','Bohr','Hodgkin']`;

/** The statements, in order (each one set-based). */
export const seedStatements: { label: string; sql: string }[] = [
  {
    label: 'staff',
    sql: `insert into users (id, name, email, email_verified)
      select 'bench-staff-' || s, 'Staff ' || s, 'staff' || s || '@agency.test', true from generate_series(1, ${STAFF}) s;
      insert into user_roles (user_id, role) select 'bench-staff-' || s, 'editor' from generate_series(1, ${STAFF}) s`,
  },
  {
    label: `${LEADS.toLocaleString('en-US')} leads`,
    // A quarter unassigned, one in fifty spam, one in three waiting (since up to 72 h: about two thirds of those overdue).
    sql: `insert into leads (id, email_key, email, name, company, phone, owner_id, is_spam, first_request_at,
        last_activity_at, awaiting_since, first_response_at, last_response_at)
      select ${leadIdSql('k')}, 'person' || k || '@company' || (k % 2000) || '.test',
        'Person' || k || '@Company' || (k % 2000) || '.test',
        (${FIRST})[1 + k % 10] || ' ' || (${LAST})[1 + (k / 10) % 10], (${COMPANIES})[1 + k % 10] || ' ' || (k % 997),
        '+1 555 01' || lpad((k % 100)::text, 2, '0'),
        case when k % 4 = 0 then null else 'bench-staff-' || (1 + k % ${STAFF}) end, k % 50 = 0,
        now() - interval '730 days', now() - interval '730 days',
        case when k % 3 = 0 and k % 50 <> 0 then now() - make_interval(hours => k % 72) end,
        case when k % 3 <> 0 then now() - make_interval(days => k % 700) end,
        case when k % 3 <> 0 then now() - make_interval(days => k % 700) end
      from generate_series(1, ${LEADS}) k;
      update leads set response_due_at = lead_response_due(awaiting_since) where awaiting_since is not null`,
  },
  {
    label: `${ENTRIES.messages.toLocaleString('en-US')} contact messages`,
    sql: `insert into contact_messages (id, lead_id, name, email, company, message, consent_version, consented_at,
        status, is_spam, created_at, updated_at)
      select md5('bench-msg-' || i)::uuid, l.id, l.name, l.email, l.company,
        'Hello, we are looking for help with our marketing. Message ' || i || '.', 'v1', ${atOfEntry('i')},
        (array['unread','read','replied'])[1 + i % 3], l.is_spam, ${atOfEntry('i')}, ${atOfEntry('i')}
      from generate_series(1, ${ENTRIES.messages}) i join leads l on l.id = ${leadOfEntry('i')}`,
  },
  {
    label: `${ENTRIES.audits.toLocaleString('en-US')} audit requests`,
    sql: `insert into audit_submissions (id, source, status, lead_id, contact_name, contact_email, consent_version,
        consented_at, is_spam, company_name, created_at, updated_at)
      select md5('bench-sub-' || i)::uuid, case when i % 2 = 0 then 'intake' else 'contact_page' end,
        (array['pending','reviewed','completed'])[1 + i % 3], l.id, l.name, l.email, 'v1', ${atOfEntry('i')},
        l.is_spam, l.company, ${atOfEntry('i')}, ${atOfEntry('i')}
      from generate_series(1, ${ENTRIES.audits}) i join leads l on l.id = ${leadOfEntry('i')}`,
  },
  {
    label: `${ENTRIES.mails.toLocaleString('en-US')} mails to leads`,
    sql: `insert into mail_outbox (id, idempotency_key, kind, "to", subject, text_body, html_body, status, attempts,
        last_attempt_at, sent_at, lead_id, created_at)
      select md5('bench-mail-' || i)::uuid, 'bench-mail-' || i,
        (array['contact.confirmation','audit.confirmation','lead.reply'])[1 + i % 3], l.email, 'Subject ' || i,
        'Body ' || i, '<p>Body ' || i || '</p>', 'sent', 1, ${atOfEntry('i')}, ${atOfEntry('i')}, l.id, ${atOfEntry('i')}
      from generate_series(1, ${ENTRIES.mails}) i join leads l on l.id = ${leadOfEntry('i')}`,
  },
  {
    label: `${ENTRIES.events.toLocaleString('en-US')} lead events`,
    // Notes, owner changes, replies (each of the first ones with its mail: entry i's mail is of the same lead) and answers elsewhere.
    sql: `insert into lead_events (lead_id, kind, at, actor_id, actor_email, subject, body, detail, mail_id)
      select ${leadOfEntry('i')}, (array['note','owner','reply','elsewhere'])[1 + i % 4], ${atOfEntry('i')},
        'bench-staff-' || (1 + i % ${STAFF}), 'staff' || (1 + i % ${STAFF}) || '@agency.test',
        case when i % 4 = 2 then 'Re: your request' else '' end,
        case when i % 4 = 1 then '' else 'Called them back about their launch plans. Entry ' || i || '.' end,
        case when i % 4 = 1 then jsonb_build_object('from', null, 'to', 'bench-staff-' || (1 + i % ${STAFF}))
          when i % 4 = 2 then jsonb_build_object('replyTo', 'staff@agency.test') else '{}'::jsonb end,
        case when i % 4 = 2 and i <= ${ENTRIES.mails} then md5('bench-mail-' || i)::uuid end
      from generate_series(1, ${ENTRIES.events}) i`,
  },
  {
    label: `${ENTRIES.statusChanges.toLocaleString('en-US')} status changes (audit log)`,
    // Entry i changes message i (the first 60 %) or audit request i: the same lead as that request.
    sql: `insert into audit_log (at, actor_id, actor_email, action, target_type, target_id, detail)
      select ${atOfEntry('i')}, 'bench-staff-' || (1 + i % ${STAFF}), 'staff' || (1 + i % ${STAFF}) || '@agency.test',
        case when i <= ${(ENTRIES.statusChanges * 3) / 5} then 'message.status' else 'submission.status' end,
        case when i <= ${(ENTRIES.statusChanges * 3) / 5} then 'message' else 'submission' end,
        case when i <= ${(ENTRIES.statusChanges * 3) / 5} then md5('bench-msg-' || i)::uuid::text
          else md5('bench-sub-' || (i - ${(ENTRIES.statusChanges * 3) / 5}))::uuid::text end,
        jsonb_build_object('from', 'unread', 'to', 'read')
      from generate_series(1, ${ENTRIES.statusChanges}) i`,
  },
  {
    label: 'pipeline: stages, values, closed deals',
    // docs/decisions/0047-pipeline.md. Six in ten leads New; one in ten each Qualified, Call booked and Proposal
    // sent; one in ten closed, won and lost in turn over the last year. A source and a first touch on every lead.
    sql: `update leads set
        stage = (array['new','new','new','new','new','new','qualified','call','proposal'])[1 + k % 10],

        stage_entered_at = now() - make_interval(days => k % 60, hours => k % 24),
        deal_value = case when k % 10 >= 6 then 1000 * (1 + k % 40) end,
        source = (array['linkedin','google','direct','referral','bing'])[1 + k % 5],
        attribution = jsonb_build_object('landingPath', '/services/' || (k % 7), 'utmCampaign', 'camp-' || (k % 12))
      from (select generate_series(1, ${LEADS}) k) g where leads.id = ${leadIdSql('g.k')} and k % 10 <> 9;
      update leads set stage = case when k % 20 = 9 then 'won' else 'lost' end,
        lost_reason = case when k % 20 = 9 then null else 'timing' end,
        stage_entered_at = now() - make_interval(days => k % 365), deal_value = 1000 * (1 + k % 40),
        source = (array['linkedin','google','direct','referral','bing'])[1 + k % 5],
        attribution = jsonb_build_object('landingPath', '/services/' || (k % 7), 'utmCampaign', 'camp-' || (k % 12))
      from (select generate_series(1, ${LEADS}) k) g where leads.id = ${leadIdSql('g.k')} and k % 10 = 9;
      insert into closed_deals (lead_id, outcome, closed_at, value, lost_reason, source, campaign, landing_path,
        resource, first_touch_at)
      select id, stage, stage_entered_at, deal_value, lost_reason, source, attribution->>'utmCampaign',
        attribution->>'landingPath', case when deal_value % 3000 = 0 then 'CRO Toolkit' end,
        stage_entered_at - interval '40 days'
      from leads where stage in ('won', 'lost')`,
  },
  {
    label: 'request counts and activity of the leads',
    sql: `update leads l set request_count = r.n, first_request_at = r.first, last_activity_at = r.last
      from (select lead_id, count(*)::int n, min(created_at) first, max(created_at) last from (
        select lead_id, created_at from contact_messages union all select lead_id, created_at from audit_submissions
      ) x group by lead_id) r where r.lead_id = l.id;
      analyze`,
  },
];

/** Seeds the database (migrated and empty); resolves with the seconds each statement took. */
export async function seed(db: Db, log: (line: string) => void): Promise<void> {
  for (const statement of seedStatements) {
    const started = performance.now();
    for (const part of statement.sql.split(/;\s*\n/)) await db.execute(sql.raw(part));
    log(`  ${statement.label.padEnd(44)}${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  }
}
