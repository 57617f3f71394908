// The audit report in the portal's API: the first open writes the rules' draft, saves name their revision,
// each save is audited, and the package totals follow the draft.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, auditReports } from '../../../src/db/schema.ts';
import type { ReportDetail, ReportSaved } from '../../../src/features/reports/contract.ts';
import { errorOf, signIn } from '../staff-harness.ts';
import { open, save, scoredSave, useReportsDatabase } from './reports-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, intake } = useReportsDatabase();

describe('GET /api/admin/reports/:id', () => {
  it('writes the rules’ draft on the first open, with the answers behind each score, and only once', async () => {
    const submission = await intake();
    signIn('viewer');
    const [first, second] = await Promise.all([open(submission.id), open(submission.id)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const report = (await first.json()) as ReportDetail;
    expect(report).toMatchObject({ companyName: 'Helix Labs', revision: 0, updatedBy: null, status: 'pending' });
    expect(report.areas.website).toMatchObject({ score: 0, findings: expect.stringMatching(/No website/) });
    expect(report.prefill.website!.reasons[0]).toMatchObject({ field: 'hasWebsite', answer: 'No' });
    expect(report.areas.crm.score).toBe(2);
    expect(report.packages.map((p) => p.slug)).toContain('linkedin-content-kit');
    expect(report.clock.reviewDueAt).toBeDefined();
    expect(await handle.db.$count(auditReports)).toBe(1);
  });

  it('answers 404 for an unknown or malformed submission', async () => {
    signIn('viewer');
    expect((await open('1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b')).status).toBe(404);
    expect((await open('not-a-uuid')).status).toBe(404);
  });
});

describe('PUT /api/admin/reports/:id', () => {
  it('saves the whole draft over its revision, names the editor, audits the save and totals the packages', async () => {
    const submission = await intake();
    signIn('editor');
    const report = (await (await open(submission.id)).json()) as ReportDetail;
    const body = scoredSave(0, report.areas, (_area, id) =>
      id === 'linkedin'
        ? { packageSlug: 'linkedin-content-kit', findings: 'Posts weekly, but no one engages.' }
        : id === 'collateral'
          ? { packageSlug: 'sales-collateral-builder' }
          : { packageSlug: id === 'teamSetup' ? 'custom-retainer' : null },
    );
    const res = await save(submission.id, body);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as ReportSaved;
    expect(saved).toMatchObject({ revision: 1, updatedBy: 'editor@example.com' });
    expect(saved.totals).toEqual({ monthly: 450, oneOff: 300, onRequest: ['Custom Retainer'] });
    const reopened = (await (await open(submission.id)).json()) as ReportDetail;
    expect(reopened.areas.linkedin.findings).toBe('Posts weekly, but no one engages.');
    expect(reopened.summary).toBe('Strong science, quiet marketing.');
    const rows = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'report.save'));
    expect(rows).toMatchObject([
      { actorEmail: 'editor@example.com', targetId: submission.id, detail: { revision: 1 } },
    ]);
  });

  it('refuses a save over an older revision with 409 and changes nothing', async () => {
    const submission = await intake();
    signIn('editor');
    const report = (await (await open(submission.id)).json()) as ReportDetail;
    expect((await save(submission.id, scoredSave(0, report.areas))).status).toBe(200);
    const stale = await save(
      submission.id,
      scoredSave(0, report.areas, () => ({ findings: 'overwritten?' })),
    );
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).code).toBe('stale_revision');
    const [row] = await handle.db.select().from(auditReports);
    expect(row!.revision).toBe(1);
    expect(Object.values(row!.areas).some((a) => a.findings === 'overwritten?')).toBe(false);
  });

  it('names the field of a bad body: a score of 6, an unknown package, text over its limit', async () => {
    const submission = await intake();
    signIn('editor');
    const report = (await (await open(submission.id)).json()) as ReportDetail;
    const six = await save(
      submission.id,
      scoredSave(0, report.areas, (_a, id) => (id === 'crm' ? { score: 6 } : {})),
    );
    expect(six.status).toBe(422);
    expect(Object.keys((await errorOf(six)).fields ?? {})).toEqual(['areas.crm.score']);
    const unknown = await save(
      submission.id,
      scoredSave(0, report.areas, (_a, id) => (id === 'events' ? { packageSlug: 'gold-plan' } : {})),
    );
    expect((await errorOf(unknown)).fields).toEqual({ 'areas.events.packageSlug': 'Choose one of the packages' });
    const long = await save(submission.id, { ...scoredSave(0, report.areas), summary: 'x'.repeat(3001) });
    expect(Object.keys((await errorOf(long)).fields ?? {})).toEqual(['summary']);
    expect((await handle.db.select().from(auditReports))[0]!.revision).toBe(0);
  });

  it('lets viewers read but not save, and refuses a save from another site', async () => {
    const submission = await intake();
    signIn('viewer');
    const report = (await (await open(submission.id)).json()) as ReportDetail;
    expect((await save(submission.id, scoredSave(0, report.areas))).status).toBe(403);
    signIn('editor');
    const foreign = await save(submission.id, scoredSave(0, report.areas), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });
});
