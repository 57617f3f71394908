/**
 * The data of `npm run bench:dashboard` (bench/dashboard.ts), written with set-based SQL (generate_series): LEADS
 * leads first seen over the last 52 weeks (and a little before, so the period's start is a real boundary), each
 * with its first request (a contact message, or an audit request from the short form or the intake), their
 * source, first form and first touch; most answered within hours, some late, some not yet; two audit requests in
 * three delivered (some in a second version), most reports opened; and the intake funnel's daily counters.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

export const LEADS = 50_000;
/** Days back the leads' first requests spread over: 52 weeks and 2 more. */
const SPAN_DAYS = 52 * 7 + 14;

/** A moment of lead `k` within the last SPAN_DAYS (a multiplicative hash of k spreads them evenly). */
const atOf = (k: string) => `now() - make_interval(mins => ((${k})::bigint * 7919 % (${SPAN_DAYS} * 24 * 60))::int)`;
const SOURCES = `array['google','linkedin','direct','referral','newsletter','bing','linkedin','google','direct','google']`;
const PATHS = `array['/','/services','/services/bd-support','/audit-intake','/contact','/resources/lab-marketing','/case-studies/helix','/about','/market-entry','/resources/seo-for-cros','/services/branding','/pricing']`;
const CAMPAIGNS = `array['spring-launch','cro-webinar','bio-2026','retargeting','newsletter-june']`;

/** The statements, in order (each one set-based). */
export const seedStatements: { label: string; sql: string }[] = [
  {
    label: `${LEADS.toLocaleString('en-US')} leads`,
    // Sources without a first touch for one in twenty (before attribution); one in fifty spam; first forms:
    // a message for half, the short audit form for a quarter, the intake for a quarter. Answered: four in five,
    // after 0 to 47 hours.
    sql: `insert into leads (id, email_key, email, name, first_request_at, last_activity_at, request_count, is_spam,
        first_response_at, last_response_at, source, first_form, attribution)
      select md5('bench-lead-' || k)::uuid, 'person' || k || '@company.test', 'person' || k || '@company.test',
        'Person ' || k, ${atOf('k')}, ${atOf('k')}, 1, k % 50 = 0,
        case when k % 5 <> 0 then ${atOf('k')} + make_interval(mins => (k * 37 % (48 * 60))::int) end,
        case when k % 5 <> 0 then ${atOf('k')} + make_interval(mins => (k * 37 % (48 * 60))::int) end,
        case when k % 20 <> 0 then (${SOURCES})[1 + k % 10] end,
        case when k % 4 in (0, 1) then 'message' when k % 4 = 2 then 'contact_page' else 'intake' end,
        case when k % 20 <> 0 then jsonb_strip_nulls(jsonb_build_object('landingPath', (${PATHS})[1 + k % 12],
          'utmSource', case when k % 4 = 0 then (${SOURCES})[1 + k % 10] end,
          'utmCampaign', case when k % 4 = 0 then (${CAMPAIGNS})[1 + k % 5] end)) end
      from generate_series(1, ${LEADS}) k`,
  },
  {
    label: 'their contact messages',
    sql: `insert into contact_messages (lead_id, name, email, message, consent_version, consented_at, is_spam,
        created_at, updated_at)
      select l.id, l.name, l.email, 'Hello, we would like a strategy call.', 'v1', l.first_request_at, l.is_spam,
        l.first_request_at, l.first_request_at
      from leads l where l.first_form = 'message'`,
  },
  {
    label: 'their audit requests',
    sql: `insert into audit_submissions (id, source, lead_id, contact_name, contact_email, consent_version,
        consented_at, is_spam, company_name, created_at, updated_at)
      select md5('bench-sub-' || l.id)::uuid, l.first_form, l.id, l.name, l.email, 'v1', l.first_request_at,
        l.is_spam, 'Company of ' || l.name, l.first_request_at, l.first_request_at
      from leads l where l.first_form in ('contact_page', 'intake')`,
  },
  {
    label: 'report deliveries and openings',
    // Two requests in three delivered, after 12 to 107 hours (about a quarter past 72 h); one in five of those
    // again in a second version two days later. Three deliveries in four opened, 0 to 71 hours after.
    sql: `insert into audit_report_deliveries (submission_id, version, content, token_hash, expires_at,
        first_opened_at, delivered_by_id, delivered_by_email, delivered_at)
      select s.id, v, '{}'::jsonb, md5('bench-token-' || s.id || '-' || v),
        d.at + interval '90 days', case when n % 4 <> 0 then d.at + make_interval(hours => (n % 72)::int) end,
        'bench-staff', 'staff@agency.test', d.at
      from (select id, created_at, ('x' || substr(md5(id::text), 1, 7))::bit(28)::int as n from audit_submissions) s
      cross join lateral generate_series(1, case when s.n % 5 = 0 then 2 else 1 end) v
      cross join lateral (select s.created_at + make_interval(hours => (12 + s.n % 96)::int)
        + make_interval(days => 2 * (v - 1)) as at) d
      where s.n % 3 <> 0 and d.at < now()`,
  },
  {
    label: 'intake funnel days',
    sql: `insert into intake_funnel_days (day, step, count)
      select d::date, step, greatest(0, 60 - 9 * i + (extract(doy from d)::int % 7))
      from generate_series(now() - interval '${SPAN_DAYS} days', now(), interval '1 day') d
      cross join unnest(array['company','marketing','bd','goals','documents','submitted']) with ordinality as s(step, i);
      analyze`,
  },
];

/** Seeds the database (migrated and empty), logging the seconds each statement took. */
export async function seed(db: Db, log: (line: string) => void): Promise<void> {
  for (const statement of seedStatements) {
    const started = performance.now();
    for (const part of statement.sql.split(/;\s*\n/)) await db.execute(sql.raw(part));
    log(`  ${statement.label.padEnd(36)}${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  }
}
