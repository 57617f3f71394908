/**
 * Migration 0007_leads on a database that already holds requests (PGlite, or a database of its own on the
 * PostgreSQL server under `npm run test:pg`): every request joins the lead of its address, the person is as
 * last given by a request that is not spam, the wait starts at the earliest unanswered request; and the clock
 * function it adds, on weekdays, weekends and the nights of the daylight-saving changes.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client.ts';
import { unmigratedDatabase } from '../unmigrated-database.ts';
import { applyMigrations, migrationsDir, readMigrations } from '../../../src/db/migrate.ts';

const scratch = `leads_migration_${process.pid}`;
let db: Db;
let close: () => Promise<void> = async () => {};

/** A database of its own, not yet migrated. */
async function freshDatabase(): Promise<void> {
  ({ db, close } = await unmigratedDatabase(scratch));
}

const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The migrations before 0007_leads, in a folder of their own. */
function migrationsBeforeLeads(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  for (const m of readMigrations().filter((x) => x.name < '0007')) {
    cpSync(path.join(migrationsDir, m.name), path.join(dir, m.name), { recursive: true });
  }
  return dir;
}

const consent = `'v1', '2026-11-01T00:00:00Z'`;

/** Requests, spam and mails as they stood before migration 0007_leads. */
async function seedRequests(): Promise<void> {
  // Grace: a replied message (Mon 2 Nov), then an audit pending (Tue 3 Nov) with another case and a phone.
  await db.execute(
    sql.raw(`insert into contact_messages (name, email, company, message, status, consent_version, consented_at, created_at)
      values ('Grace H', 'Grace@Acme.example', 'Acme', 'Hello', 'replied', ${consent}, '2026-11-02T15:00:00Z')`),
  );
  await db.execute(
    sql.raw(`insert into audit_submissions (source, contact_name, contact_email, contact_phone, company_name, consent_version, consented_at, created_at)
      values ('intake', 'Grace Hopper', ' grace@acme.example ', '+1 555 0100', 'Acme Bio', ${consent}, '2026-11-03T15:00:00Z')`),
  );
  // A spam message from Grace's address later on changes nothing of her.
  await db.execute(
    sql.raw(`insert into contact_messages (name, email, company, message, is_spam, consent_version, consented_at, created_at)
      values ('BUY NOW', 'grace@acme.example', 'Spam Inc', 'x', true, ${consent}, '2026-11-04T15:00:00Z')`),
  );
  // Alan: an unread message on Saturday 7 Nov (due at the end of Monday 9 Nov in New York).
  await db.execute(
    sql.raw(`insert into contact_messages (name, email, message, consent_version, consented_at, created_at)
      values ('Alan', 'alan@turing.example', 'Hi', ${consent}, '2026-11-07T15:00:00Z')`),
  );
  // Only spam from this address.
  await db.execute(
    sql.raw(`insert into contact_messages (name, email, message, is_spam, consent_version, consented_at, created_at)
      values ('Bot', 'bot@spam.example', 'x', true, ${consent}, '2026-11-05T15:00:00Z')`),
  );
  await db.execute(
    sql.raw(`insert into mail_outbox (idempotency_key, kind, "to", subject, text_body, html_body)
      values ('k1', 'contact.confirmation', 'GRACE@acme.example', 's', 't', 'h'), ('k2', 'contact.staff', 'staff@agency.example', 's', 't', 'h')`),
  );
}

/** The migrations 0007_leads and after applied, as `applyMigrations` named them. */
let applied: string[] = [];

// Every test of the file reads the database as the migration left it, in whatever order they run.
beforeAll(async () => {
  await freshDatabase();
  await applyMigrations(db, migrationsBeforeLeads());
  await seedRequests();
  applied = await applyMigrations(db);
}, 60_000);
afterAll(() => close());

/** A timestamp as ISO 8601 in UTC: PGlite answers a raw query with text, node-postgres with a Date. */
const iso = (value: unknown): string | null =>
  value === null
    ? null
    : new Date(value instanceof Date ? value : String(value).replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString();
const times = ['first_request_at', 'last_activity_at', 'awaiting_since', 'response_due_at'];

describe('migration 0007_leads on existing rows', () => {
  it('links every request to one lead per address and starts the wait at the earliest unanswered one', async () => {
    expect(applied).toEqual(
      readMigrations()
        .filter((m) => m.name >= '0007')
        .map((m) => m.name),
    );

    const leads = (
      await rows<Record<string, unknown>>(
        sql`select email_key, email, name, company, phone, request_count, is_spam, first_request_at, last_activity_at,
        awaiting_since, response_due_at from leads order by email_key`,
      )
    ).map((lead) => ({ ...lead, ...Object.fromEntries(times.map((t) => [t, iso(lead[t])])) }));
    expect(leads).toEqual([
      expect.objectContaining({
        email_key: 'alan@turing.example',
        request_count: 1,
        is_spam: false,
        awaiting_since: '2026-11-07T15:00:00.000Z',
        response_due_at: '2026-11-10T04:59:59.999Z',
      }),
      expect.objectContaining({ email_key: 'bot@spam.example', is_spam: true, awaiting_since: null }),
      expect.objectContaining({
        email_key: 'grace@acme.example',
        email: 'grace@acme.example',
        name: 'Grace Hopper',
        company: 'Acme Bio',
        phone: '+1 555 0100',
        request_count: 3,
        is_spam: false,
        first_request_at: '2026-11-02T15:00:00.000Z',
        last_activity_at: '2026-11-04T15:00:00.000Z',
        // The replied message waits for nothing; the pending audit (a Tuesday) is due 24 hours later.
        awaiting_since: '2026-11-03T15:00:00.000Z',
        response_due_at: '2026-11-04T15:00:00.000Z',
      }),
    ]);
    // Both waits were past due when the migration ran: counted, never mailed by the alerts' first run.
    const alerted = await rows<{ n: number }>(
      sql`select count(*)::int as n from leads where response_due_at is not null and overdue_alerted_at is null`,
    );
    expect(alerted).toEqual([{ n: 0 }]);
    const unlinked = await rows<{ n: number }>(
      sql`select (select count(*) from contact_messages where lead_id is null)
        + (select count(*) from audit_submissions where lead_id is null) as n`,
    );
    expect(Number(unlinked[0]!.n)).toBe(0);
    const perLead = await rows<{ email_key: string; n: number }>(
      sql`select l.email_key, count(*)::int as n from leads l join contact_messages m on m.lead_id = l.id group by 1 order by 1`,
    );
    expect(perLead).toEqual([
      { email_key: 'alan@turing.example', n: 1 },
      { email_key: 'bot@spam.example', n: 1 },
      { email_key: 'grace@acme.example', n: 2 },
    ]);
    const mails = await rows<{ kind: string; linked: boolean }>(
      sql`select kind, lead_id is not null as linked from mail_outbox order by kind`,
    );
    expect(mails).toEqual([
      { kind: 'contact.confirmation', linked: true },
      { kind: 'contact.staff', linked: false },
    ]);
    // The link is now required.
    await expect(
      db.execute(
        sql.raw(
          `insert into contact_messages (name, email, message, consent_version, consented_at) values ('x', 'x@y.example', 'm', ${consent})`,
        ),
      ),
    ).rejects.toThrow();
  });
});

describe('lead_response_due: the response clock', () => {
  const due = async (at: string) =>
    iso((await rows<{ due: unknown }>(sql`select lead_response_due(${at}::timestamptz) as due`))[0]!.due);

  it('is 24 hours after a request from Monday to Friday, in any hour', async () => {
    expect(await due('2026-11-23T14:00:00Z')).toBe('2026-11-24T14:00:00.000Z'); // Mon 9:00 New York
    // Friday 11 pm in New York is already Saturday in UTC: the agency's day decides, so 24 hours.
    expect(await due('2026-11-28T03:30:00Z')).toBe('2026-11-29T03:30:00.000Z');
  });

  it('is the end of the next Monday (New York) for a request on a Saturday or Sunday there', async () => {
    expect(await due('2026-11-28T05:30:00Z')).toBe('2026-12-01T04:59:59.999Z'); // Sat 00:30 EST → Mon 23:59:59.999 EST
    expect(await due('2026-11-30T04:59:00Z')).toBe('2026-12-01T04:59:59.999Z'); // Sun 23:59 EST
    expect(await due('2026-11-30T05:00:00Z')).toBe('2026-12-01T05:00:00.000Z'); // Mon 00:00 EST: 24 hours
  });

  it('keeps the end of Monday in New York across the nights the clocks change', async () => {
    // Spring forward on Sunday 8 March 2026, 2:00 EST → 3:00 EDT: Monday ends at 23:59:59.999 EDT (UTC-4).
    expect(await due('2026-03-08T06:59:00Z')).toBe('2026-03-10T03:59:59.999Z'); // Sun 01:59 EST
    expect(await due('2026-03-08T07:00:00Z')).toBe('2026-03-10T03:59:59.999Z'); // Sun 03:00 EDT
    expect(await due('2026-03-07T15:00:00Z')).toBe('2026-03-10T03:59:59.999Z'); // Sat 10:00 EST
    // Fall back on Sunday 1 November 2026, 2:00 EDT → 1:00 EST: Monday ends at 23:59:59.999 EST (UTC-5).
    expect(await due('2026-11-01T05:30:00Z')).toBe('2026-11-03T04:59:59.999Z'); // Sun 01:30 EDT
    expect(await due('2026-11-01T06:30:00Z')).toBe('2026-11-03T04:59:59.999Z'); // Sun 01:30 EST, again
    expect(await due('2026-10-31T20:00:00Z')).toBe('2026-11-03T04:59:59.999Z'); // Sat 16:00 EDT
  });
});
