/**
 * What `GET /api/health` reports: each dependency of the site, so a deploy can be checked in one request
 * (README, "Deploying to Netlify"). Each check says `ok` and, in words, what it found; the report is `ok`
 * only when every check is. Nothing secret is shown: not a URL, not a key, not an error's stack.
 */
import { count, eq, sql } from 'drizzle-orm';
import journal from '../../drizzle/meta/_journal.json' with { type: 'json' };
import { getDb } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { defaultTransport } from './mail/sender.ts';
import { authSecretProblem, databaseUrl, isDeployed } from './platform.ts';
import { documentsStore } from './uploads.ts';

export interface Check {
  ok: boolean;
  detail: string;
}

export interface HealthReport {
  ok: boolean;
  deployed: boolean;
  checks: { database: Check; authSecret: Check; mail: Check; blobs: Check };
}

/** How long one check may take before it counts as failed (a health check must answer quickly). */
const CHECK_TIMEOUT_MS = 5_000;

const within = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
  ]);

/** The newest migration of the repository: a database that has it is up to date. */
const latestMigration = journal.entries.reduce((latest, entry) => Math.max(latest, entry.when), 0);

async function database(): Promise<Check> {
  if (isDeployed() && !databaseUrl()) return { ok: false, detail: 'DATABASE_URL is not set' };
  try {
    const { db } = await within(getDb());
    const result = (await within(
      db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`),
    )) as unknown as { rows: { latest: string | number | null }[] };
    const applied = Number(result.rows[0]?.latest ?? 0);
    if (applied < latestMigration) return { ok: false, detail: 'reachable, but migrations are missing' };
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
  return { ok: false, detail: `BETTER_AUTH_SECRET ${problem}` };
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
  const checks = { database: db, authSecret: secret, mail: mailCheck, blobs: blobsCheck };
  return { ok: Object.values(checks).every((c) => c.ok), deployed: isDeployed(), checks };
}
