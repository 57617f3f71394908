/**
 * What `GET /api/health` reports: each dependency of the site, so a deploy can be checked in one request
 * (README, "Deploying to Netlify"). Each check says `ok` and, in words, what it found; the report is `ok`
 * only when every check is. Nothing secret is shown: not a URL, not a key, not an error's stack.
 */
import { randomBytes } from 'node:crypto';
import { count, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { getDb } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { mailOutbox } from '../db/schema.ts';
import { defaultTransport } from './mail/sender.ts';
import {
  authSecretProblem,
  hasDatabase,
  isDeployed,
  siteContext,
  siteSettingProblems,
  type SiteContext,
} from './platform.ts';
import { documentsStore } from './uploads.ts';

export interface Check {
  ok: boolean;
  detail: string;
  /**
   * Only on a failing auth-secret check of a deployed site: a fresh random value (32 bytes, base64) to paste into
   * Netlify, so setting it up needs no shell. Made anew for every request, so no two readers see the same one.
   */
  suggestion?: string;
}

export interface HealthReport {
  ok: boolean;
  /** `local`, `production` or `preview` (a deploy preview or branch deploy). */
  site: SiteContext;
  checks: { database: Check; authSecret: Check; settings: Check; mail: Check; blobs: Check };
}

/** How long one check may take before it counts as failed (a health check must answer quickly). */
const CHECK_TIMEOUT_MS = 5_000;

const within = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
  ]);

/** Every table of the schema: reading each with all its columns shows the migrations are all there. */
const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

async function database(): Promise<Check> {
  if (isDeployed() && !hasDatabase()) return { ok: false, detail: 'DATABASE_URL or Netlify Database is not set' };
  try {
    const { db } = await within(getDb());
    await within(db.execute(sql`select 1`));
    // Whoever applied the migrations (Netlify at deploy, or db:migrate), the schema is what the code reads.
    const missing = await within(
      Promise.all(
        tables.map((table) =>
          db
            .select()
            .from(table)
            .limit(0)
            .then(
              () => null,
              () => getTableName(table),
            ),
        ),
      ),
    );
    const absent = missing.filter(Boolean);
    if (absent.length) return { ok: false, detail: `reachable, but not migrated (${absent.join(', ')})` };
    return { ok: true, detail: 'reachable and migrated' };
  } catch (error) {
    console.error('health: database check failed:', error);
    return { ok: false, detail: 'unreachable' };
  }
}

function authSecret(): Check {
  const problem = authSecretProblem();
  if (!problem) return { ok: true, detail: 'set' };
  if (!isDeployed()) return { ok: true, detail: `BETTER_AUTH_SECRET ${problem} (local use only)` };
  return { ok: false, detail: `BETTER_AUTH_SECRET ${problem}`, suggestion: randomBytes(32).toString('base64') };
}

/** The per-site settings (src/config/settings.ts): none may be malformed or a placeholder once deployed. */
function settings(): Check {
  const problems = siteSettingProblems();
  if (!problems.length) return { ok: true, detail: 'set' };
  const detail = problems.map((p) => `${p.setting} ${p.problem}`).join('; ');
  if (!isDeployed()) return { ok: true, detail: `${detail} (local use only)` };
  return { ok: false, detail };
}

async function mail(): Promise<Check> {
  const transport = defaultTransport();
  let pending = '';
  try {
    const { db } = await within(getDb());
    const [row] = await within(db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending')));
    pending = `, ${row?.n ?? 0} pending`;
  } catch {
    // the database check reports this
  }
  if (!transport) return { ok: false, detail: `RESEND_API_KEY is not set: mail waits in the outbox${pending}` };
  return { ok: true, detail: `${transport.name}${pending}` };
}

async function blobs(): Promise<Check> {
  try {
    await within(documentsStore().getMetadata('health-check'));
    return { ok: true, detail: 'reachable' };
  } catch (error) {
    console.error('health: blobs check failed:', error);
    return { ok: false, detail: 'unreachable' };
  }
}

/** Runs every check at once. */
export async function healthReport(): Promise<HealthReport> {
  const [db, secret, mailCheck, blobsCheck] = await Promise.all([database(), authSecret(), mail(), blobs()]);
  const checks = { database: db, authSecret: secret, settings: settings(), mail: mailCheck, blobs: blobsCheck };
  return { ok: Object.values(checks).every((c) => c.ok), site: siteContext(), checks };
}
