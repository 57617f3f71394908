/**
 * The workload and checker of `npm run bench:faults`' `blobs-erasure` scenario: erasure's deletions while the file
 * store refuses, then hangs, then recovers. First the upload clients (bench/faults/uploads.ts) send intakes with a
 * PDF each while the store is well, until FAULT_AT less UPLOADS_END_BEFORE_MS; then an admin (made as staff are, with
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
}

export interface ErasureLoad {
  uploads: Upload[];
  erasures: Erasure[];
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

/** Resolves once the store is in `mode` (the scenario's inject switches it), or at `deadline` (ms since start). */
async function whenStore(blobs: FaultyBlobs, mode: StoreMode, since: () => number, deadline: number) {
  while (blobs.mode !== mode && since() < deadline) await pause(100);
}

export async function runErasureLoad(
  plan: LoadPlan,
  db: Db,
  blobs: FaultyBlobs,
  faultAt: number,
): Promise<ErasureLoad> {
  const since = () => Date.now() - plan.startedAt;
  const uploads = await runUploads({ ...plan, loadMs: Math.max(1_000, faultAt - UPLOADS_END_BEFORE_MS) });
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
  const erase = async (upload: Upload, wave: StoreMode) => {
    const erasure: Erasure = {
      email: upload.email,
      leadId: leadOf.get(upload.submissionId!)!,
      submissionId: upload.submissionId!,
      uploadId: upload.uploadId,
      wave,
      attempts: [],
    };
    erasures.push(erasure);
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
  // One wave as each mode begins: refusing, hanging, and the store back.
  for (const mode of ['500', 'hang', 'ok'] as const) {
    await whenStore(blobs, mode, since, plan.giveUpAt);
    const wave = candidates.splice(0, PER_WAVE);
    await Promise.all(wave.map((u) => erase(u, mode)));
    if (mode !== 'ok') await whenStore(blobs, mode === '500' ? 'hang' : 'ok', since, plan.giveUpAt);
  }
  return { uploads, erasures };
}

/** The checker's verdict and how long the housekeeping's drain took to empty the queue once the store was back. */
export async function checkErasures(db: Db, load: ErasureLoad): Promise<{ verdict: Verdict; drainedInS: number }> {
  const started = Date.now();
  // The daily housekeeping's drain (netlify/functions/housekeeping.mts → sweepRetention), run now: the store is back.
  let left = await drainBlobDeletions(db, uploadStores());
  while (left > 0 && Date.now() - started < 60_000) left = await drainBlobDeletions(db, uploadStores());
  const drainedInS = (Date.now() - started) / 1000;

  const erasedIds = new Set(load.erasures.map((e) => e.submissionId));
  const kept = load.uploads.filter((u) => !u.submissionId || !erasedIds.has(u.submissionId));
  const verdict = await checkUploads(db, kept, false);
  const note = (line: string) => verdict.differences.length < 24 && verdict.differences.push(line);
  if (left > 0) note(`${left} blob deletions still queued after the store's return`);

  const documents = documentsStore();
  const parts = partsStore();
  for (const erasure of load.erasures) {
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
    load.erasures.flatMap((e) => e.attempts),
    false,
    note,
  );
  verdict.undocumented += answers.undocumented;
  verdict.submits += load.erasures.length;
  verdict.answered += load.erasures.filter((e) => e.attempts.some((a) => a.told === 200)).length;
  const waves = (['500', 'hang', 'ok'] as const).map((mode) => {
    const wave = load.erasures.filter((e) => e.wave === mode);
    const pending = wave.reduce((n, e) => n + (e.blobsPending ?? 0), 0);
    return `store ${mode}: ${wave.length} erased, ${pending} blobs left queued`;
  });
  verdict.told = `uploads ${verdict.told}; erasures ${answers.told} (${waves.join('; ')})`;
  return { verdict, drainedInS };
}
