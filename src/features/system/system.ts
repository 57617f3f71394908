/**
 * The portal's System page (GET /api/admin/system, admins only): the health check's detail (src/features/system/health.ts)
 * read again in words an office manager understands, plus what only a signed-in admin may see: the migrations
 * applied, the documents of erased people still queued for deletion, each schedule's last run, and the deploy.
 * Nothing secret: no address of a database, no key, no stack.
 */
import { count, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blobDeletions } from '../../db/schema.ts';
import { rowsOf } from '../../db/statement.ts';
import { healthReport, type Check } from './health.ts';
import { latestRuns, SCHEDULES, type ScheduleName } from './scheduled-runs.ts';
import type { SystemReply, SystemSection } from './contract.ts';

/** Where this invocation runs: Netlify's deploy (its id and context), or a computer. */
export interface DeployInfo {
  id: string | null;
  context: string | null;
}

const ENV_STEPS =
  'In Netlify: Project configuration → Environment variables, set or correct each one named, then Deploys → Trigger deploy → Deploy project. Contact details are changed at /cms → Site settings instead.';

const ago = (then: Date, now: Date) => {
  const minutes = Math.max(0, Math.round((now.getTime() - then.getTime()) / 60_000));
  if (minutes < 2) return 'just now';
  if (minutes < 120) return `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours ago` : `${Math.round(hours / 24)} days ago`;
};

const section = (s: SystemSection): SystemSection => s;

function deploySection(deploy: DeployInfo, site: string): SystemSection {
  const where =
    site === 'production' ? 'the live site' : site === 'preview' ? 'a deploy preview' : 'a computer (not deployed)';
  return section({
    id: 'deploy',
    title: 'This deploy',
    ok: true,
    summary: `You are looking at ${where}${deploy.context ? ` (Netlify context: ${deploy.context})` : ''}.`,
    details: deploy.id ? [`Deploy ${deploy.id}: Netlify → Deploys lists it with its commit and log.`] : [],
    todo: null,
  });
}

async function migrations(db: Db): Promise<string[]> {
  try {
    const [latest] = await rowsOf<{ name: string }>(
      db.execute(sql`select name from app_migrations order by name desc limit 1`),
    );
    return latest ? [`Latest database change applied: ${latest.name}.`] : [];
  } catch {
    return []; // Netlify Database applies them itself and keeps its own record.
  }
}

function databaseSection(check: Check, applied: string[]): SystemSection {
  return section({
    id: 'database',
    title: 'Database',
    ok: check.ok,
    summary: check.ok
      ? 'The database answers, and every change the site needs is applied.'
      : `The database does not work as it should: ${check.detail}.`,
    details: applied,
    todo: check.ok
      ? null
      : 'In Netlify: Deploys → the latest deploy → its log says why a database change failed. Wait a minute after a deploy and reload this page; if it stays, redeploy (Trigger deploy) or ask Netlify support with the deploy log.',
  });
}

const LOCAL = ' (local use only)';

/**
 * The settings and the Site settings' contact details. Deployed, a placeholder or a missing setting is a problem.
 * On a computer (`npm start`) the health check lets them pass, marked "(local use only)": the verdict then says
 * so, lists each one, and says what to do before the site goes live, never that the details are the agency's own.
 */
function settingsSection(settings: Check, secret: Check): SystemSection {
  const problems = [...(secret.ok ? [] : [secret.detail]), ...(settings.ok ? [] : settings.detail.split('; '))];
  const plural = (n: number) => `${n} setting${n > 1 ? 's' : ''}`;
  if (problems.length) {
    return section({
      id: 'settings',
      title: 'Settings and contact details',
      ok: false,
      summary: `${plural(problems.length)} will not do:`,
      details: problems,
      todo: ENV_STEPS,
    });
  }
  const local = [secret, settings]
    .filter((check) => check.detail.endsWith(LOCAL))
    .flatMap((check) => check.detail.slice(0, -LOCAL.length).split('; '));
  if (local.length) {
    return section({
      id: 'settings',
      title: 'Settings and contact details',
      ok: true,
      verdict: 'fine on this computer only',
      summary: `${plural(local.length)} still ${local.length > 1 ? 'are placeholders or missing' : 'is a placeholder or missing'}: enough to try the site here, but a deployed site refuses to run on ${local.length > 1 ? 'them' : 'it'}.`,
      details: local,
      todo: `Before the site goes live: ${ENV_STEPS}`,
    });
  }
  return section({
    id: 'settings',
    title: 'Settings and contact details',
    ok: true,
    summary: 'Every setting is in place, and the contact details are the agency’s own.',
    details: [],
    todo: null,
  });
}

function mailSection(check: Check): SystemSection {
  const refused = /refused the latest mail: (.*?)(, \d+ pending.*)?$/.exec(check.detail);
  const counts = /(\d+) pending(?:, (\d+) failed)?/.exec(check.detail);
  const details = counts
    ? [`${counts[1]} mail waiting to be sent${counts[2] ? `, ${counts[2]} given up (Mail tab → Retry)` : ''}.`]
    : [];
  if (refused) details.unshift(`Resend refused the latest mail: “${refused[1]}”.`);
  return section({
    id: 'mail',
    title: 'Mail',
    ok: check.ok,
    summary: check.ok
      ? 'Mail goes out: the latest mail was accepted.'
      : refused
        ? 'Mail is not going out: Resend refused the latest mail.'
        : 'Mail is not going out: the site has no Resend key (RESEND_API_KEY), so mail waits.',
    details,
    todo: check.ok
      ? null
      : 'At resend.com: Domains → your sending domain must say Verified (add the DNS records it shows if not), and API Keys → the key in Netlify must exist. Fix it, then in this portal Mail → Send a test mail, and Retry what failed.',
  });
}

function repliesSection(check: Check): SystemSection {
  return section({
    id: 'replies',
    title: 'Replies from leads',
    ok: check.ok,
    summary: check.detail.startsWith('not set up')
      ? 'Not set up: a lead’s reply goes to the owner’s own mailbox.'
      : check.detail.startsWith('last event')
        ? `Set up: Resend’s ${check.detail.replace(/ (\S+)$/, (_, at: string) => ` at ${new Date(at).toUTCString()}`)}.`
        : `Set up: ${check.detail}.`,
    details: [],
    todo: null,
  });
}

function bookingsSection(check: Check): SystemSection {
  const when = (text: string) =>
    text.replace(
      /last event received ([^;\s]+)/g,
      (_, at: string) => `last event received ${new Date(at).toUTCString()}`,
    );
  return section({
    id: 'bookings',
    title: 'Booked calls',
    ok: check.ok,
    summary: check.detail.startsWith('not set up')
      ? 'Not set up: a call booked at Calendly or Cal.com does not reach the portal.'
      : `Set up: ${when(check.detail)}.`,
    details: [],
    todo: null,
  });
}

function documentsSection(check: Check): SystemSection {
  return section({
    id: 'documents',
    title: 'Document storage',
    ok: check.ok,
    summary: check.ok ? 'Uploaded documents can be stored and read.' : 'Uploaded documents cannot be read or stored.',
    details: [],
    todo: check.ok
      ? null
      : 'Netlify Blobs did not answer. Reload this page in a minute; if it stays, see Netlify’s status page and ask Netlify support.',
  });
}

/** Erasures whose documents are still queued: retried daily; older than 3 days is a problem to look at. */
async function deletionsSection(db: Db, now: Date): Promise<SystemSection> {
  const [row] = await db.select({ n: count(), oldest: min(blobDeletions.createdAt) }).from(blobDeletions);
  const n = row?.n ?? 0;
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  const stuck = oldest !== null && now.getTime() - oldest.getTime() > 3 * 24 * 3_600_000;
  return section({
    id: 'deletions',
    title: 'Documents waiting to be deleted',
    ok: !stuck,
    summary: n
      ? `${n} document${n > 1 ? 's' : ''} of erased people still wait${n > 1 ? '' : 's'} to be deleted from storage, the oldest since ${ago(oldest!, now)}.`
      : 'None: every erased person’s documents are gone from storage.',
    details: n ? ['The daily housekeeping tries again each night; nothing else can read them meanwhile.'] : [],
    todo: stuck
      ? 'They have waited more than three days: check Document storage above and the Daily housekeeping schedule below; if both are fine, ask a developer to look at the function log of housekeeping in Netlify → Logs → Functions.'
      : null,
  });
}

async function schedulesSection(db: Db, now: Date, deployed: boolean): Promise<SystemSection> {
  const runs = await latestRuns(db);
  const problems: string[] = [];
  const details = (Object.keys(SCHEDULES) as ScheduleName[]).map((name) => {
    const { what, everyMinutes } = SCHEDULES[name];
    const run = runs.get(name);
    if (!run) return `${what}: has not run yet.`;
    const at = ago(new Date(run.finishedAt ?? run.startedAt), now);
    if (run.ok === false) {
      problems.push(name);
      return `${what}: failed ${at}: “${run.error}”.`;
    }
    const late = deployed && now.getTime() - new Date(run.startedAt).getTime() > 2 * everyMinutes * 60_000 + 300_000;
    if (late) problems.push(name);
    return `${what}: last ran ${at}${late ? ', later than it should have' : ''}.`;
  });
  return section({
    id: 'schedules',
    title: 'Scheduled work',
    ok: problems.length === 0,
    summary: problems.length ? `${problems.length} scheduled task(s) need a look.` : 'Every scheduled task runs.',
    details,
    todo: problems.length
      ? 'In Netlify: Logs → Functions → the function named after the task says what went wrong. A failure that repeats after the next run needs a developer.'
      : null,
  });
}

/** The System page's report. `probeBlobs` reads the documents' store (passed in by the function). */
export async function systemReport(
  db: Db,
  probeBlobs: () => Promise<unknown>,
  deploy: DeployInfo,
  now = new Date(),
): Promise<SystemReply> {
  const health = await healthReport(probeBlobs);
  const { checks } = health;
  const sections = [
    deploySection(deploy, health.site),
    databaseSection(checks.database, await migrations(db)),
    settingsSection(checks.settings, checks.authSecret),
    mailSection(checks.mail),
    repliesSection(checks.webhooks),
    bookingsSection(checks.bookings),
    documentsSection(checks.blobs),
    await deletionsSection(db, now),
    await schedulesSection(db, now, health.site !== 'local'),
  ];
  return { ok: sections.every((s) => s.ok), checkedAt: now.toISOString(), sections };
}
