/**
 * The checker and the verdict of `npm run bench:faults` (bench/faults/erasure.ts, bench/faults/outcome.ts): what a
 * workload never attempted, because it was late for its fault on a slow machine, is "not run", never "lost", and
 * the run says what could not run and exits 2; what was attempted and is not kept is lost, and the run exits 1.
 */
import { describe, expect, it } from 'vitest';
import { checkErasures, type Erasure, type ErasureLoad } from '../../../bench/faults/erasure.ts';
import type { Verdict } from '../../../bench/faults/checker.ts';
import { outcome, statusOf } from '../../../bench/faults/outcome.ts';
import { scenarios } from '../../../bench/faults/scenarios.ts';
import type { Row } from '../../../bench/faults/table.ts';
import type { Upload } from '../../../bench/faults/uploads.ts';
import { eq } from 'drizzle-orm';
import { auditSubmissions, uploadedDocuments } from '../../../src/db/schema.ts';
import { documents, newSubmission, pdf, sha256, useUploadsTest } from './uploads-harness.ts';

const handle = useUploadsTest();

/** An upload told 201 whose document is stored whole, as the bench's upload clients leave one. */
async function wholeUpload(i: number): Promise<{ upload: Upload; leadId: string }> {
  const { id } = await newSubmission();
  const bytes = pdf(2048);
  const key = `${id}/1-${i}.pdf`;
  await documents().set(key, new Blob([bytes]));
  const [row] = await handle.db
    .insert(uploadedDocuments)
    .values({
      auditSubmissionId: id,
      fileName: `deck-${i}.pdf`,
      filePath: key,
      fileSize: bytes.byteLength,
      fileType: 'pdf',
    })
    .returning({ id: uploadedDocuments.id });
  const [submission] = await handle.db
    .select({ leadId: auditSubmissions.leadId })
    .from(auditSubmissions)
    .where(eq(auditSubmissions.id, id));
  return {
    upload: {
      email: `faults-blobs-erasure-${i}@bench.example`,
      submissionId: id,
      size: bytes.byteLength,
      sha256: sha256(bytes),
      attempts: [{ at: 100, told: 201, documented: true }],
      documentId: row!.id,
    },
    leadId: submission!.leadId,
  };
}

const erasureOf = ({ upload, leadId }: { upload: Upload; leadId: string }, extra: Partial<Erasure>): Erasure => ({
  email: upload.email,
  leadId,
  submissionId: upload.submissionId!,
  wave: '500',
  attempts: [],
  ...extra,
});

const LATE =
  "the wave of store 500 (1 erasures) not run: the store's 500 spell (8.0 s to 33.0 s) was over when the wave's turn came at 73.2 s";

describe("the fault bench's erasure checker", () => {
  it('counts an erasure never attempted as not run, not lost, and checks its lead as kept', async () => {
    const a = await wholeUpload(1);
    const load: ErasureLoad = {
      uploads: [a.upload],
      erasures: [erasureOf(a, { notRun: LATE.split(': ').slice(1).join(': ') })],
      late: [LATE],
    };
    const { verdict } = await checkErasures(handle.db, load);
    expect(verdict).toMatchObject({ kept: 1, lost: 0, duplicated: 0, unanswered: 0, undocumented: 0 });
    expect(verdict.notRun).toEqual([LATE]);
    expect(verdict.differences).toEqual([]);
    expect(verdict.told).toContain('store 500: 0 erased, 0 blobs left queued, 1 not run');
  });

  it('counts an erasure attempted and never told 200, its lead still there, as lost', async () => {
    const b = await wholeUpload(2);
    const load: ErasureLoad = {
      uploads: [b.upload],
      erasures: [
        erasureOf(b, { attempts: [{ at: 9_000, told: 503, code: 'unavailable', retryAfter: '5', documented: true }] }),
      ],
      late: [],
    };
    const { verdict } = await checkErasures(handle.db, load);
    expect(verdict.lost).toBe(1);
    expect(verdict.notRun).toEqual([]);
    expect(verdict.differences.join('\n')).toMatch(/its lead is still there.*never told 200/);
  });
});

const verdict = (counts: Partial<Verdict> = {}): Verdict => ({
  submits: 20,
  answered: 20,
  kept: 20,
  lost: 0,
  duplicated: 0,
  unanswered: 0,
  mails: { queued: 0, delivered: 0, lost: 0, duplicated: 0, keyless: 0 },
  undocumented: 0,
  told: '201 ×20',
  differences: [],
  notRun: [],
  ...counts,
});
const erasure = scenarios.find((s) => s.name === 'blobs-erasure')!;
const row = (v: Verdict, extra: Partial<Row> = {}): Row => ({
  scenario: erasure,
  connections: 20,
  loadMs: 30_000,
  verdict: v,
  answersAgain: 0.1,
  mailCaughtUp: 0,
  providerRequests: {},
  interrupted: 0,
  notRun: v.notRun,
  ...extra,
});

describe("the fault bench's exit status", () => {
  it('exits 2 and says what could not run, naming what was late, when nothing attempted was lost', () => {
    const late = row(verdict({ kept: 5, notRun: [LATE] }), { answersAgain: null });
    expect(statusOf(late)).toBe('could not run');
    const { exitCode, line } = outcome([row(verdict()), late]);
    expect(exitCode).toBe(2);
    expect(line).toMatch(
      /^could not run: blobs-erasure \(the wave of store 500 .* was over when the wave's turn came at 73\.2 s\)/,
    );
    expect(line).not.toContain('FAIL');
  });

  it('exits 1 when anything attempted was lost, saying what could not run beside it', () => {
    const lost = row(verdict({ lost: 1, kept: 19 }));
    expect(statusOf(lost)).toBe('FAIL');
    expect(outcome([lost])).toEqual({ exitCode: 1, line: 'FAIL: the checker found differences (above).' });
    const both = outcome([lost, row(verdict({ notRun: [LATE] }))]);
    expect(both.exitCode).toBe(1);
    expect(both.line).toContain('Could not run: blobs-erasure (the wave of store 500');
    // No 2xx after the part's return, when something was sent then, is a slow recovery: a finding.
    expect(statusOf(row(verdict(), { answersAgain: Infinity }))).toBe('FAIL');
  });

  it('exits 0 when every scenario ran and kept everything, and 2 when one was stopped from outside', () => {
    expect(outcome([row(verdict()), row(verdict())])).toEqual({
      exitCode: 0,
      line: 'PASS: nothing lost, nothing duplicated.',
    });
    expect(outcome([row(verdict(), { interrupted: 7_000 })]).exitCode).toBe(2);
  });
});
