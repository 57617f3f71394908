/**
 * The migrations of netlify/database/migrations (Netlify Database's layout) applied to every database that
 * the platform does not migrate: in order of their numbers, once each, each all or nothing.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../src/db/client.ts';
import { openDatabase } from '../../../src/db/embedded.ts';
import { applyMigrations, migrationsDir, readMigrations } from '../../../src/db/migrate.ts';

let handle: DbHandle;
/** What app_migrations recorded as the database opened, before any test applied a folder of its own. */
let appliedAtOpen: unknown[] = [];
beforeAll(async () => {
  handle = await openDatabase({ memory: true });
  appliedAtOpen = (await rows(sql`select name from app_migrations order by name`)).map((r) => r.name);
}, 60_000);
afterAll(() => handle.close());

/** A migrations folder with `files` as `<name>/migration.sql`. */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'migration.sql'), text);
  }
  return dir;
}

const rows = async (query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('the committed migrations', () => {
  it('are folders named <number>_<slug> with a migration.sql, as Netlify Database reads them', () => {
    const migrations = readMigrations();
    expect(migrations.map((m) => m.name)).toEqual([
      '0000_init',
      '0001_uploads',
      '0002_auth',
      '0003_security',
      '0004_audit_reports',
      '0005_first_admin',
      '0006_mail_attempts',
      '0007_leads',
      '0008_privacy',
      '0009_attribution',
      '0010_temporary_password_expiry',
      '0011_preview_data',
      '0012_mail_replies',
      '0013_scheduled_runs',
      '0014_resource_downloads',
      '0015_review_fixes',
      '0016_bookings',
      '0017_pipeline',
      '0018_pipeline_followup',
      '0019_visits',
    ]);
    for (const m of migrations) expect(m.statements.length, m.name).toBeGreaterThan(0);
    expect(migrationsDir).toMatch(/netlify\/database\/migrations$/);
  });

  it('were all applied when the embedded database opened, and applying again changes nothing', async () => {
    expect(appliedAtOpen).toEqual([
      '0000_init',
      '0001_uploads',
      '0002_auth',
      '0003_security',
      '0004_audit_reports',
      '0005_first_admin',
      '0006_mail_attempts',
      '0007_leads',
      '0008_privacy',
      '0009_attribution',
      '0010_temporary_password_expiry',
      '0011_preview_data',
      '0012_mail_replies',
      '0013_scheduled_runs',
      '0014_resource_downloads',
      '0015_review_fixes',
      '0016_bookings',
      '0017_pipeline',
      '0018_pipeline_followup',
      '0019_visits',
    ]);
    expect(await applyMigrations(handle.db)).toEqual([]);
  });
});

describe('applyMigrations', () => {
  it('orders by number (10 after 9), and applies only what is new', async () => {
    const dir = folder({
      '10_third': 'create table m_third (id int)',
      '9_second': 'create table m_second (id int);\n--> statement-breakpoint\ninsert into m_second values (1)',
      '0001_first': 'create table m_first (id int)',
      notes: 'this folder does not match the naming pattern and is ignored',
    });
    expect(await applyMigrations(handle.db, dir)).toEqual(['0001_first', '9_second', '10_third']);
    expect(await rows(sql`select id from m_second`)).toEqual([{ id: 1 }]);
    mkdirSync(path.join(dir, '11_fourth'));
    writeFileSync(path.join(dir, '11_fourth', 'migration.sql'), 'create table m_fourth (id int)');
    expect(await applyMigrations(handle.db, dir)).toEqual(['11_fourth']);
  });

  it('applies a migration all or nothing: a failing statement leaves no table and no record', async () => {
    const dir = folder({
      '0001_broken': 'create table m_half (id int);\n--> statement-breakpoint\nselect no_such_function()',
    });
    await expect(applyMigrations(handle.db, dir)).rejects.toThrow();
    expect(await rows(sql`select to_regclass('m_half') as t`)).toEqual([{ t: null }]);
    expect(await rows(sql`select name from app_migrations where name = '0001_broken'`)).toEqual([]);
  });
});
