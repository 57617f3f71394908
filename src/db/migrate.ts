/**
 * The schema's history: one folder per migration in `netlify/database/migrations`
 * (`<number>_<slug>/migration.sql`, Netlify Database's own layout). On Netlify the platform applies them at
 * deploy, to a deploy preview's database branch first and to production when a deploy is published. Every
 * other database (the embedded PGlite of `npm start` and the tests, a server named by `DATABASE_URL`) gets
 * the same files from `applyMigrations`, which records what it applied in `app_migrations`.
 * A file holds one statement or several separated by drizzle-kit's `--> statement-breakpoint` marker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export const migrationsDir = path.resolve(import.meta.dirname, '../../netlify/database/migrations');

export interface Migration {
  /** The folder's name, e.g. `0001_uploads`: its number orders it. */
  name: string;
  statements: string[];
}

const NAME = /^(\d+)_[a-z0-9_-]+$/i;

/** Every migration of `dir`, in the order of their numbers. */
export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && NAME.test(entry.name))
    .map((entry) => entry.name)
    .sort((a, b) => Number(NAME.exec(a)![1]) - Number(NAME.exec(b)![1]) || a.localeCompare(b))
    .map((name) => ({
      name,
      statements: readFileSync(path.join(dir, name, 'migration.sql'), 'utf8')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean),
    }));
}

// Any fixed number: it keeps two processes from migrating one database at the same time.
const LOCK = 7_424_011;

/** Applies the migrations `db` has not had yet, each in its own transaction; returns their names. */
export async function applyMigrations(db: Db, dir = migrationsDir): Promise<string[]> {
  await db.execute(
    sql`create table if not exists app_migrations (name text primary key, applied_at timestamptz not null default now())`,
  );
  await adoptDrizzleHistory(db, dir);
  const applied: string[] = [];
  for (const migration of readMigrations(dir)) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
      const seen = await tx.execute(sql`select 1 from app_migrations where name = ${migration.name}`);
      if (rowsOf(seen).length) return false;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into app_migrations (name) values (${migration.name})`);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}

/**
 * A database migrated before this module existed recorded its migrations in drizzle's own table (one row
 * per migration, in order): count those as applied, so they do not run twice.
 */
async function adoptDrizzleHistory(db: Db, dir: string): Promise<void> {
  const ours = rowsOf(await db.execute(sql`select count(*)::int as n from app_migrations`));
  if (Number(ours[0]?.n ?? 0) > 0) return;
  const table = rowsOf(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') as t`));
  if (!table[0]?.t) return;
  const theirs = rowsOf(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  const names = readMigrations(dir)
    .slice(0, Number(theirs[0]?.n ?? 0))
    .map((m) => m.name);
  for (const name of names)
    await db.execute(sql`insert into app_migrations (name) values (${name}) on conflict do nothing`);
}

/** The rows of `db.execute` (node-postgres, Neon and PGlite all answer `{ rows }`). */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
