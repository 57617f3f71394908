/**
 * The workload and checker of `npm run bench:faults`' `blobs-erasure` scenario: erasure's deletions while the file
 * store refuses, then hangs, then recovers. First the upload clients (bench/faults/uploads.ts) send intakes with a
 * PDF each while the store is well, until FAULT_AT less UPLOADS_END_BEFORE_MS (the store's fault waits until they are
 * all over, which a slow machine can take past FAULT_AT: the scenario's `ready`); then an admin (made as staff are, with
 * `npm run admin -- create`, and signed in through /api/auth) erases a wave of those leads as each mode of the store
 * begins: refusing (500), hanging, and back (`POST /api/admin/leads/:id/erase`, the address as confirmation; a 503
 * is retried as the portal's button would be pressed again). An erasure deletes the rows at once and queues the
 * blobs (docs/privacy.md); what the store does not delete stays queued for the daily housekeeping.
 *
 * The checker runs the housekeeping's drain once the store is back (the scheduled function's call:
 * drainBlobDeletions with the uploads' stores), then per erased lead: its lead and intake rows are gone, nothing of
 * it is left queued, and no blob is left under its intake's documents or its upload's parts (a blob left behind is
 * counted lost); an erasure never told 200 must have erased nothing or everything, as a retry completes it. The
 * leads not erased keep their documents whole (the uploads' checker).
 *
 * A wave runs only while its spell of the store lasts: when its turn comes after the spell is over (the uploads ran
 * late on a slow machine: their answers came slowly, or 503 while the database's connections were all taken), its
 * erasures are not attempted, the load names what was late (`late`), and the checker counts them as not run, never
 * as lost; their leads are checked as leads not erased.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { auditSubmissions, blobDeletions, leads } from '../../src/db/schema.ts';
import { drainBlobDeletions } from '../../src/features/privacy/blob-queue.ts';
import { documentsStore, partsStore, uploadStores } from '../../src/features/uploads/stores.ts';
import { runAdmin } from '../../scripts/admin.ts';
import type { FaultyBlobs, StoreMode } from './blobs-store.ts';
import type { Attempt, LoadPlan } from './clients.ts';
import { tallyAnswers, type Verdict } from './checker.ts';
import { checkUploads } from './upload-checker.ts';
import { runUploads, send, type Upload } from './uploads.ts';

/** The uploads stop starting this long before the fault, so every one is whole when the store first fails. */
const UPLOADS_END_BEFORE_MS = 4_000;
/** Leads erased in each wave (one per mode of the store), at once, as several staff might. */
const PER_WAVE = 5;
const RETRY_PAUSE_MS = 1_000;
const ADMIN = 'faults-admin@bench.example';
const PASSWORD = `Kq7-${crypto.randomUUID()}`;

export interface Erasure {
  email: string;
  leadId: string;
  submissionId: string;
  uploadId?: string;
  /** The store's mode when the wave began. */
  wave: StoreMode;
  attempts: Attempt[];
  /** `blobsPending` of the 200 answer: blobs the store did not delete, left queued. */
  blobsPending?: number;
  /** Why it was never attempted (its wave could not run as planned); none when it was. */
  notRun?: string;
}

export interface ErasureLoad {
  uploads: Upload[];
  erasures: Erasure[];
  /** What was late, so the scenario could not run as planned (empty when it ran as planned). */
  late: string[];
  /** ms since the start when the store first failed (none: it never did). */
  faultBegan?: number;
}

const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`the bench's admin could not sign in: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The waves, each begun by the store's change of mode of that number (1: refusing, 2: hanging, 3: back). */
const WAVES = ['500', 'hang', 'ok'] as const;

/** Resolves once the store changed mode `n` times since the scenario began, or at `deadline` (ms since start). */
async function whenChanged(blobs: FaultyBlobs, n: number, since: () => number, deadline: number) {
  while (blobs.changes.length < n && since() < deadline) await pause(100);
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Why the wave begun by the store's change of mode `n` cannot run as planned now (its store's spell never came
 * before the give-up time, or is over already), or undefined when it can.
 */
function lateWave(blobs: FaultyBlobs, n: number, plan: LoadPlan, since: () => number): string | undefined {
  const mode = WAVES[n - 1];
  const began = blobs.changes[n - 1];
  if (!began) return `the store's ${mode} spell had not begun by the give-up time (${secs(plan.giveUpAt)})`;
  const ended = blobs.changes[n];
  if (ended)
    return (
      `the store's ${mode} spell (${secs(began.at - plan.startedAt)} to ${secs(ended.at - plan.startedAt)}) was over ` +
      `when the wave's turn came at ${secs(since())}`
    );
  if (since() >= plan.giveUpAt)
    return `its turn came at ${secs(since())}, past the give-up time (${secs(plan.giveUpAt)})`;
  return undefined;
}

export async function runErasureLoad(
  plan: LoadPlan,
  db: Db,
  blobs: FaultyBlobs,
  faultAt: number,
  /** Called once the uploads are over (the scenario's fault waits for it). */
  uploaded: () => void = () => {},
): Promise<ErasureLoad> {
  const since = () => Date.now() - plan.startedAt;
  const uploadsEndBy = Math.max(1_000, faultAt - UPLOADS_END_BEFORE_MS);
  const uploads = await runUploads({ ...plan, loadMs: uploadsEndBy });
  uploaded();
  const late: string[] = [];
  const uploadsEnded = since();
  // Named only when a wave then could not run: uploads that ran into the fault were retried, and checked, as ever.
  const uploadsLate =
    uploadsEnded > faultAt &&
    `the uploads ended at ${secs(uploadsEnded)}, past the fault's planned ${secs(faultAt)} ` +
      `(new ones stopped at ${secs(uploadsEndBy)}; told ${
        tallyAnswers(
          uploads.flatMap((u) => u.attempts),
          false,
          () => {},
        ).told
      })`;
  const whole = uploads.filter((u) => u.documentId && u.submissionId);
  const submissions = whole.length
    ? await db
        .select({ id: auditSubmissions.id, leadId: auditSubmissions.leadId })
        .from(auditSubmissions)
        .where(
          inArray(
            auditSubmissions.id,
            whole.map((u) => u.submissionId!),
          ),
        )
    : [];
  const leadOf = new Map(submissions.map((s) => [s.id, s.leadId]));

  const lines: string[] = [];
  const code = await runAdmin(['create', ADMIN, '--role', 'admin', '--password', PASSWORD], db, {
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
  });
  if (code !== 0) throw new Error(`npm run admin -- create failed: ${lines.join('\n')}`);
  const cookie = await signIn(plan.base);

  const erasures: Erasure[] = [];
  const candidates = whole.filter((u) => leadOf.get(u.submissionId!));
  if (candidates.length < PER_WAVE * WAVES.length)
    late.push(`only ${candidates.length} whole uploads to erase, ${PER_WAVE * WAVES.length} planned`);
  const erasureOf = (upload: Upload, wave: StoreMode, notRun?: string): Erasure => {
    const erasure: Erasure = {
      email: upload.email,
      leadId: leadOf.get(upload.submissionId!)!,
      submissionId: upload.submissionId!,
      uploadId: upload.uploadId,
      wave,
      attempts: [],
      notRun,
    };
    erasures.push(erasure);
    return erasure;
  };
  const erase = async (upload: Upload, wave: StoreMode) => {
    const erasure = erasureOf(upload, wave);
    while (since() < plan.giveUpAt) {
      const answer = await send(
        plan.base,
        `/api/admin/leads/${erasure.leadId}/erase`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ confirm: upload.email }),
        },
        since,
        '127.0.0.1',
      );
      erasure.attempts.push(answer.attempt);
      if (answer.body) {
        erasure.blobsPending = (answer.body.erased as { blobsPending?: number } | undefined)?.blobsPending;
        return;
      }
      // Erased already by the attempt whose answer was lost: a 404 is the retry's honest answer.
      if (answer.attempt.told === 404) return;
      await pause(RETRY_PAUSE_MS);
    }
  };
  // One wave as each mode begins: refusing, hanging, and the store back. A wave whose spell of the store is over
  // when its turn comes (the uploads ran late on a slow machine) is not run: erasing then would not try what the
  // scenario is about, and its leads are checked as kept instead.
  for (const [i, mode] of WAVES.entries()) {
    await whenChanged(blobs, i + 1, since, plan.giveUpAt);
    const wave = candidates.splice(0, PER_WAVE);
    const why = lateWave(blobs, i + 1, plan, since);
    if (why) {
      for (const u of wave) erasureOf(u, mode, why);
      late.push(`the wave of store ${mode} (${wave.length} erasures) not run: ${why}`);
    } else await Promise.all(wave.map((u) => erase(u, mode)));
    if (i + 1 < WAVES.length) await whenChanged(blobs, i + 2, since, plan.giveUpAt);
  }
  if (late.length && uploadsLate) late.unshift(uploadsLate);
  const faultBegan = blobs.changes[0] && blobs.changes[0].at - plan.startedAt;
  return { uploads, erasures, late, faultBegan };
}

/**
 * The checker's verdict and how long the housekeeping's drain took to empty the queue once the store was back. An
 * erasure never attempted (its wave could not run as planned) is "not run": neither kept nor lost, its lead is
 * checked with the leads not erased, and the verdict says what was late (`notRun`).
 */
export async function checkErasures(db: Db, load: ErasureLoad): Promise<{ verdict: Verdict; drainedInS: number }> {
  const started = Date.now();
  // The daily housekeeping's drain (netlify/functions/housekeeping.mts → sweepRetention), run now: the store is back.
  let left = await drainBlobDeletions(db, uploadStores());
  while (left > 0 && Date.now() - started < 60_000) left = await drainBlobDeletions(db, uploadStores());
  const drainedInS = (Date.now() - started) / 1000;

  const attempted = load.erasures.filter((e) => e.attempts.length > 0);
  const notRun = load.erasures.length - attempted.length;
  const erasedIds = new Set(attempted.map((e) => e.submissionId));
  const kept = load.uploads.filter((u) => !u.submissionId || !erasedIds.has(u.submissionId));
  const verdict = await checkUploads(db, kept, false);
  const note = (line: string) => verdict.differences.length < 24 && verdict.differences.push(line);
  if (left > 0) note(`${left} blob deletions still queued after the store's return`);

  const documents = documentsStore();
  const parts = partsStore();
  for (const erasure of attempted) {
    const problems: string[] = [];
    const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, erasure.leadId));
    if (lead) problems.push('its lead is still there');
    const [intake] = await db
      .select({ id: auditSubmissions.id })
      .from(auditSubmissions)
      .where(eq(auditSubmissions.id, erasure.submissionId));
    if (intake) problems.push('its intake is still there');
    const [queued] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(blobDeletions)
      .where(eq(blobDeletions.leadId, erasure.leadId));
    if (queued && queued.n > 0) problems.push(`${queued.n} deletions still queued`);
    const leftDocuments = (await documents.list({ prefix: `${erasure.submissionId}/` })).blobs.length;
    if (leftDocuments) problems.push(`${leftDocuments} document blobs left`);
    const leftParts = erasure.uploadId ? (await parts.list({ prefix: `${erasure.uploadId}/` })).blobs.length : 0;
    if (leftParts) problems.push(`${leftParts} part blobs left`);
    const told = erasure.attempts.some((a) => a.told === 200 || a.told === 404);
    if (!told) problems.push('never told 200');
    if (problems.length) {
      verdict.lost++;
      note(`erasure of ${erasure.email} (store ${erasure.wave}): ${problems.join(', ')}`);
    } else verdict.kept++;
  }
  const answers = tallyAnswers(
    attempted.flatMap((e) => e.attempts),
    false,
    note,
  );
  verdict.undocumented += answers.undocumented;
  verdict.submits += attempted.length;
  verdict.answered += attempted.filter((e) => e.attempts.some((a) => a.told === 200)).length;
  verdict.notRun = [...load.late];
  if (notRun && !load.late.length) verdict.notRun.push(`${notRun} erasures never attempted`);
  const waves = (['500', 'hang', 'ok'] as const).map((mode) => {
    const wave = load.erasures.filter((e) => e.wave === mode);
    const ran = wave.filter((e) => e.attempts.length > 0);
    const pending = ran.reduce((n, e) => n + (e.blobsPending ?? 0), 0);
    const skipped = wave.length - ran.length;
    return `store ${mode}: ${ran.length} erased, ${pending} blobs left queued${skipped ? `, ${skipped} not run` : ''}`;
  });
  // What the uploads were told while the store was still well: a 503 then is the server's own (its database).
  const before = tallyAnswers(
    load.uploads.flatMap((u) => u.attempts).filter((a) => a.at < (load.faultBegan ?? Infinity)),
    false,
    () => {},
  ).told;
  verdict.told = `uploads ${verdict.told} (before the store failed: ${before || 'none'}); erasures ${answers.told || 'none'} (${waves.join('; ')})`;
  return { verdict, drainedInS };
}
