/**
 * What `GET /api/health` reports: each dependency of the site, so a deploy can be checked in one request
 * (docs/deploy-checklist.md, step 6; the portal's System tab reads it in words). Anyone may ask whether all is well (`healthOk`: one schema query, one outbox
 * query and one Blobs read, cached by the CDN); only the holder of HEALTH_TOKEN reads what each check found
 * (`healthReport`), since that names settings, the mail provider's refusals and the outbox's size. Each check
 * says `ok` and, in words, what it found; the report is `ok` only when every check is. Nothing secret is shown
 * even then: not a URL, not a key, not an error's stack.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, getTableColumns, getTableName, inArray, is, isNotNull, notLike, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { getDb } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { mailOutbox } from '../../db/schema.ts';
import { bookings, webhooks } from './health-webhooks.ts';
import { defaultTransport } from '../../server/mail/sender.ts';
import { SLACK_KINDS, slackSettingProblem } from '../../server/mail/slack.ts';
import {
  authSecretProblem,
  hasDatabase,
  isDeployed,
  mailReplySettingProblems,
  schedulerSettingProblems,
  siteContext,
  siteSettingProblems,
  twoFactorSettingProblems,
  type SiteContext,
} from '../../config/platform.ts';
import { identityProblems } from '../../config/identity.ts';
import { loggable } from '../../server/loggable.ts';

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
  checks: {
    database: Check;
    authSecret: Check;
    settings: Check;
    mail: Check;
    blobs: Check;
    webhooks: Check;
    bookings: Check;
  };
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

/**
 * One statement naming every column of every table: it fails when a table or column is missing (names are
 * resolved before anything runs), and reads nothing (`false and …` is folded away), so the whole schema is
 * checked in one round trip.
 */
const everyColumn = sql`select 1 where false${sql.join(
  tables.map((table) => {
    const name = sql.identifier(getTableName(table));
    const columns = Object.values(getTableColumns(table)).map((c) => sql`${name}.${sql.identifier(c.name)}`);
    return sql` and exists (select ${sql.join(columns, sql`, `)} from ${name})`;
  }),
)}`;

/** The tables that cannot be read with all their columns (one query each: only once the schema check failed). */
async function unmigratedTables(db: Awaited<ReturnType<typeof getDb>>['db']): Promise<string[]> {
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
  return missing.filter((name): name is string => name !== null);
}

/** `detail`: name the tables a failed schema check is missing (more queries); otherwise only say it failed. */
async function database(detail: boolean): Promise<Check> {
  if (isDeployed() && !hasDatabase()) return { ok: false, detail: 'DATABASE_URL or Netlify Database is not set' };
  try {
    const { db } = await within(getDb());
    // Whoever applied the migrations (Netlify at deploy, or db:migrate), the schema is what the code reads.
    const migrated = await within(db.execute(everyColumn)).then(
      () => true,
      () => false,
    );
    if (migrated) return { ok: true, detail: 'reachable and migrated' };
    await within(db.execute(sql`select 1`));
    if (!detail) return { ok: false, detail: 'reachable, but not migrated' };
    return { ok: false, detail: `reachable, but not migrated (${(await unmigratedTables(db)).join(', ')})` };
  } catch (error) {
    console.error('health: database check failed:', loggable(error));
    return { ok: false, detail: 'unreachable' };
  }
}

function authSecret(): Check {
  const problem = authSecretProblem();
  if (!problem) return { ok: true, detail: 'set' };
  if (!isDeployed()) return { ok: true, detail: `BETTER_AUTH_SECRET ${problem} (local use only)` };
  return { ok: false, detail: `BETTER_AUTH_SECRET ${problem}`, suggestion: randomBytes(32).toString('base64') };
}

/**
 * The per-site settings (src/config/settings.ts) and STAFF_2FA_REQUIRED: none may be malformed or a placeholder
 * once deployed; nor may the Site settings (the agency's contact details, src/config/identity.ts), which a
 * deployed build already refuses. A malformed SLACK_WEBHOOK_URL is named too (optional, it stops no function,
 * but Slack gets nothing until fixed).
 */
function settings(): Check {
  const problems = [
    ...siteSettingProblems(),
    ...twoFactorSettingProblems(),
    ...mailReplySettingProblems(),
    ...schedulerSettingProblems(),
  ];
  for (const p of identityProblems()) problems.push({ setting: `Site settings: ${p.field}`, problem: p.problem });
  const slack = slackSettingProblem();
  if (slack) problems.push({ setting: 'SLACK_WEBHOOK_URL', problem: slack });
  if (!problems.length) return { ok: true, detail: 'set' };
  const detail = problems.map((p) => `${p.setting} ${p.problem}`).join('; ');
  if (!isDeployed()) return { ok: true, detail: `${detail} (local use only)` };
  return { ok: false, detail };
}

/** Longest provider reason the health check repeats. */
const REASON_MAX = 200;

/**
 * A provider's refusal as the health check may show it to anyone: one line, without URLs or anything shaped
 * like a key or token (Resend's `re_…`, a Bearer value), at most REASON_MAX characters.
 */
export function shownReason(error: string): string {
  const line = error
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[address]')
    .replace(/\bBearer\s+\S+/gi, 'Bearer [hidden]')
    .replace(/\bre_[A-Za-z0-9_]{6,}/g, '[key]')
    .replace(/\b[A-Za-z0-9_-]{32,}\b/g, '[hidden]')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > REASON_MAX ? `${line.slice(0, REASON_MAX - 1).trimEnd()}…` : line;
}

/**
 * What the outbox says of mail delivery: whether the latest try was refused and, with `counts`, how much waits
 * or gave up. Slack posts (`slack.*`) are not mail: a refused one says nothing of the mail provider.
 */
async function outboxState(counts: boolean): Promise<{ pending: number; failed: number; refused: string | null }> {
  const { db } = await within(getDb());
  const mail = notLike(mailOutbox.kind, SLACK_KINDS);
  const [[counted], [latest]] = await within(
    Promise.all([
      counts
        ? db
            .select({
              pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')`.mapWith(Number),
              failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
            })
            .from(mailOutbox)
            .where(and(inArray(mailOutbox.status, ['pending', 'failed']), mail))
        : [undefined],
      // The latest try of any mail (a sent one wins a tie): refused, when it failed and nothing was sent after.
      db
        .select({ status: mailOutbox.status, lastError: mailOutbox.lastError })
        .from(mailOutbox)
        .where(and(isNotNull(mailOutbox.lastAttemptAt), mail))
        .orderBy(desc(mailOutbox.lastAttemptAt), sql`${mailOutbox.status} = 'sent' desc`)
        .limit(1),
    ]),
  );
  const refused = latest && latest.status !== 'sent' && latest.lastError ? shownReason(latest.lastError) : null;
  return { pending: counted?.pending ?? 0, failed: counted?.failed ?? 0, refused };
}

/**
 * Mail is ok when a transport is set and the latest try was not refused; with `detail`, the failed count (mail
 * that gave up after MAX_ATTEMPTS) is shown either way, for an admin to retry in the portal. On a deploy preview
 * a missing key is no failure: mail is optional there and waits in the outbox.
 */
async function mail(detail: boolean): Promise<Check> {
  const transport = defaultTransport();
  // Without a transport and off a preview, mail fails whatever the outbox holds: the public answer asks nothing.
  if (!transport && !detail && siteContext() !== 'preview') return { ok: false, detail: 'RESEND_API_KEY is not set' };
  let state: Awaited<ReturnType<typeof outboxState>> | null = null;
  try {
    state = await outboxState(detail);
  } catch {
    // the database check reports this
  }
  const counts = state && detail ? `, ${state.pending} pending${state.failed ? `, ${state.failed} failed` : ''}` : '';
  if (!transport) {
    if (siteContext() === 'preview')
      return {
        ok: true,
        detail: `RESEND_API_KEY is not set: mail waits in the outbox (optional on a preview)${counts}`,
      };
    return { ok: false, detail: `RESEND_API_KEY is not set: mail waits in the outbox${counts}` };
  }
  if (state?.refused)
    return { ok: false, detail: `${transport.name} refused the latest mail: ${state.refused}${counts}` };
  return { ok: true, detail: `${transport.name}${counts}` };
}

async function blobs(probe: () => Promise<unknown>): Promise<Check> {
  try {
    await within(probe());
    return { ok: true, detail: 'reachable' };
  } catch (error) {
    console.error('health: blobs check failed:', loggable(error));
    return { ok: false, detail: 'unreachable' };
  }
}

async function checks(probeBlobs: () => Promise<unknown>, detail: boolean): Promise<HealthReport['checks']> {
  const [db, mailCheck, blobsCheck, hooks, calls] = await Promise.all([
    database(detail),
    mail(detail),
    blobs(probeBlobs),
    webhooks(detail, within),
    bookings(detail, within),
  ]);
  return {
    database: db,
    authSecret: authSecret(),
    settings: settings(),
    mail: mailCheck,
    blobs: blobsCheck,
    webhooks: hooks,
    bookings: calls,
  };
}

/**
 * Runs every check at once, with what each found: for the holder of HEALTH_TOKEN. `probeBlobs` reads the
 * documents' store (the uploads feature's `probeDocumentsStore`, passed in by the function: the core imports no
 * feature).
 */
export async function healthReport(probeBlobs: () => Promise<unknown>): Promise<HealthReport> {
  const all = await checks(probeBlobs, true);
  return { ok: Object.values(all).every((c) => c.ok), site: siteContext(), checks: all };
}

/** Whether every check passes, and nothing else: the public answer, with the fewest queries that decide it. */
export async function healthOk(probeBlobs: () => Promise<unknown>): Promise<boolean> {
  return Object.values(await checks(probeBlobs, false)).every((c) => c.ok);
}
