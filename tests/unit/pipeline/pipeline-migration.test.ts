/**
 * Migration 0018_pipeline_followup on a database that already holds leads (PGlite, or a database of its own on the
 * PostgreSQL server under `npm run test:pg`; docs/decisions/0047-pipeline.md): a lead an admin marked a client is
 * Won from when it was marked, with its closed deal; a lead with a call booked or held is at Call booked from its
 * first booking; any other New lead's clock starts at the migration, not at its first request; a lead staff
 * already moved is left alone. Each lead moved has its stage event on the timeline and `lead.stage` in the log.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client.ts';
import { unmigratedDatabase } from '../unmigrated-database.ts';
import { applyMigrations, migrationsDir, readMigrations } from '../../../src/db/migrate.ts';

const scratch = `pipeline_migration_${process.pid}`;
let db: Db;
let close: () => Promise<void> = async () => {};

/** A database of its own, not yet migrated. */
async function freshDatabase(): Promise<void> {
  ({ db, close } = await unmigratedDatabase(scratch));
}

const rows = async <T>(query: string) => ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

/** The migrations up to `last`, in a folder of their own. */
function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  for (const m of readMigrations().filter((x) => x.name <= last)) {
    cpSync(path.join(migrationsDir, m.name), path.join(dir, m.name), { recursive: true });
  }
  return dir;
}

const ID = {
  client: '00000000-0000-4000-8000-000000000001',
  booked: '00000000-0000-4000-8000-000000000002',
  held: '00000000-0000-4000-8000-000000000003',
  cancelled: '00000000-0000-4000-8000-000000000004',
  moved: '00000000-0000-4000-8000-000000000005',
  plain: '00000000-0000-4000-8000-000000000006',
  clientUnlogged: '00000000-0000-4000-8000-000000000007',
};
const first = '2026-01-05T10:00:00Z';

async function lead(id: string, extra = '') {
  await db.execute(
    sql.raw(`insert into leads (id, email_key, email, name, first_request_at, last_activity_at, updated_at ${extra ? ', ' + extra.split('=')[0] : ''})
      values ('${id}', '${id}@x.test', '${id}@x.test', 'Lead ${id.slice(-1)}', '${first}', '${first}', '2026-03-01T00:00:00Z' ${extra ? ', ' + extra.split('=')[1] : ''})`),
  );
}

async function booking(leadId: string, status: string, bookedAt: string) {
  await db.execute(
    sql.raw(`insert into bookings (provider, keys, lead_id, status, booked_at)
      values ('calendly', array['${leadId}-${bookedAt}'], '${leadId}', '${status}', '${bookedAt}')`),
  );
}

let migratedAt: Date;

beforeAll(async () => {
  await freshDatabase();
  await applyMigrations(db, migrationsUpTo('0017_pipeline'));
  // As 0017 left them: every lead New, its stage dated from its first request.
  await lead(ID.client, `is_client=true`);
  await lead(ID.clientUnlogged, `is_client=true`);
  await lead(ID.booked);
  await lead(ID.held);
  await lead(ID.cancelled);
  await lead(ID.plain);
  await lead(ID.moved);
  await db.execute(
    sql.raw(`update leads set deal_value = 8000, attribution = '{"utmCampaign":"q1","landingPath":"/services"}',
      source = 'linkedin' where id = '${ID.client}'`),
  );
  await db.execute(
    sql.raw(`insert into download_requests (lead_id, resource, resource_title, name, email, consent_version, consented_at,
        token_hash, expires_at, max_opens, created_at)
      values ('${ID.client}', 'kit', 'CRO Toolkit', 'A', 'a@x.test', 'v1', '${first}', 'h1', '${first}', 3, '${first}')`),
  );
  // The admin marked the client on 2 February (then another lead's mark, and an unmark of nobody's).
  await db.execute(
    sql.raw(`insert into audit_log (at, actor_id, actor_email, action, target_type, target_id, detail) values
      ('2026-02-02T09:00:00Z', 'u1', 'admin@x.test', 'lead.client', 'lead', '${ID.client}', '{"from":false,"to":true}'),
      ('2026-02-03T09:00:00Z', 'u1', 'admin@x.test', 'lead.client', 'lead', '${ID.booked}', '{"from":true,"to":false}')`),
  );
  await booking(ID.booked, 'booked', '2026-02-10T12:00:00Z');
  await booking(ID.booked, 'booked', '2026-02-20T12:00:00Z');
  await booking(ID.held, 'held', '2026-02-11T12:00:00Z');
  await booking(ID.cancelled, 'cancelled', '2026-02-12T12:00:00Z');
  // A lead a colleague already moved to Qualified (and back to New) since 0017: its stage and clock stay.
  await booking(ID.moved, 'booked', '2026-02-13T12:00:00Z');
  await db.execute(sql.raw(`update leads set stage_entered_at = '2026-02-14T00:00:00Z' where id = '${ID.moved}'`));
  await db.execute(
    sql.raw(`insert into lead_events (lead_id, kind, at, actor_id, actor_email, detail)
      values ('${ID.moved}', 'stage', '2026-02-14T00:00:00Z', 'u1', 'ed@x.test', '{"from":"qualified","to":"new"}')`),
  );
  migratedAt = new Date();
  // 0018 first, then any later migration (0019_visits and after), which leave the leads alone.
  expect((await applyMigrations(db))[0]).toBe('0018_pipeline_followup');
}, 60_000);
afterAll(() => close());

interface LeadRow {
  id: string;
  stage: string;
  stage_entered_at: Date | string;
}
const leadOf = async (id: string) =>
  (await rows<LeadRow>(`select id, stage, stage_entered_at from leads where id = '${id}'`))[0]!;
const iso = (at: Date | string) => new Date(at).toISOString();

describe('migration 0018_pipeline_followup', () => {
  it('makes a client Won from when it was marked (else its last change), with its closed deal', async () => {
    expect(await leadOf(ID.client)).toMatchObject({ stage: 'won' });
    expect(iso((await leadOf(ID.client)).stage_entered_at)).toBe('2026-02-02T09:00:00.000Z');
    expect(iso((await leadOf(ID.clientUnlogged)).stage_entered_at)).toBe('2026-03-01T00:00:00.000Z');
    const deals = await rows<Record<string, unknown>>(
      `select lead_id, outcome, closed_at, value, source, campaign, landing_path, resource, first_touch_at
        from closed_deals order by lead_id`,
    );
    expect(
      deals.map((d) => ({
        ...d,
        closed_at: iso(d.closed_at as string),
        first_touch_at: iso(d.first_touch_at as string),
      })),
    ).toEqual([
      {
        lead_id: ID.client,
        outcome: 'won',
        closed_at: '2026-02-02T09:00:00.000Z',
        value: 8000,
        source: 'linkedin',
        campaign: 'q1',
        landing_path: '/services',
        resource: 'CRO Toolkit',
        first_touch_at: '2026-01-05T10:00:00.000Z',
      },
      {
        lead_id: ID.clientUnlogged,
        outcome: 'won',
        closed_at: '2026-03-01T00:00:00.000Z',
        value: 0,
        source: null,
        campaign: null,
        landing_path: null,
        resource: null,
        first_touch_at: '2026-01-05T10:00:00.000Z',
      },
    ]);
  });

  it('puts a lead with a call booked or held at Call booked from its first booking; a cancelled one stays New', async () => {
    expect(await leadOf(ID.booked)).toMatchObject({ stage: 'call' });
    expect(iso((await leadOf(ID.booked)).stage_entered_at)).toBe('2026-02-10T12:00:00.000Z');
    expect(await leadOf(ID.held)).toMatchObject({ stage: 'call' });
    expect(iso((await leadOf(ID.held)).stage_entered_at)).toBe('2026-02-11T12:00:00.000Z');
    expect(await leadOf(ID.cancelled)).toMatchObject({ stage: 'new' });
  });

  it('starts the clock of every other New lead at the migration; a lead staff moved keeps its own', async () => {
    for (const id of [ID.cancelled, ID.plain]) {
      const at = new Date((await leadOf(id)).stage_entered_at).getTime();
      expect(at).toBeGreaterThanOrEqual(migratedAt.getTime() - 1000);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
    expect(await leadOf(ID.moved)).toMatchObject({ stage: 'new' });
    expect(iso((await leadOf(ID.moved)).stage_entered_at)).toBe('2026-02-14T00:00:00.000Z');
  });

  it('records each lead it moved on the timeline and in the action log, by the backfill', async () => {
    const events = await rows<{ lead_id: string; at: string; actor_email: string; detail: Record<string, unknown> }>(
      `select lead_id, at, actor_email, detail from lead_events where kind = 'stage' and actor_id = 'system' order by lead_id`,
    );
    expect(
      events.map((e) => [e.lead_id, iso(e.at), e.actor_email, e.detail.from, e.detail.to, e.detail.value]),
    ).toEqual([
      [ID.client, '2026-02-02T09:00:00.000Z', 'pipeline backfill', 'new', 'won', 8000],
      [ID.booked, '2026-02-10T12:00:00.000Z', 'pipeline backfill', 'new', 'call', null],
      [ID.held, '2026-02-11T12:00:00.000Z', 'pipeline backfill', 'new', 'call', null],
      [ID.clientUnlogged, '2026-03-01T00:00:00.000Z', 'pipeline backfill', 'new', 'won', null],
    ]);
    const logged = await rows<{ target_id: string; actor_email: string; detail: Record<string, unknown> }>(
      `select target_id, actor_email, detail from audit_log where action = 'lead.stage' order by target_id`,
    );
    expect(logged).toEqual([
      { target_id: ID.client, actor_email: 'pipeline backfill', detail: { from: 'new', to: 'won', value: 8000 } },
      { target_id: ID.booked, actor_email: 'pipeline backfill', detail: { from: 'new', to: 'call', value: null } },
      { target_id: ID.held, actor_email: 'pipeline backfill', detail: { from: 'new', to: 'call', value: null } },
      {
        target_id: ID.clientUnlogged,
        actor_email: 'pipeline backfill',
        detail: { from: 'new', to: 'won', value: null },
      },
    ]);
  });

  it('replaces the stage index with the pipeline’s partial one (spam aside)', async () => {
    const indexes = await rows<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'leads' and indexname like 'leads_%stage%' or indexname = 'leads_pipeline_idx'`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(['leads_pipeline_idx']);
    expect(indexes[0]!.indexdef).toMatch(
      /\(stage, stage_entered_at, id, deal_value, owner_id\) WHERE \(is_spam = false\)/,
    );
  });
});
