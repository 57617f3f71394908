// Delivering an audit report: a frozen version, the submission completed, one mail to the lead with the
// private link, audit rows; unscored areas refused; a revoked link ends; viewers can do none of it.
import { SEALED_PLACEHOLDER, withSecret } from '../../../src/server/mail/sealed.ts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, auditReportDeliveries, auditSubmissions, mailOutbox } from '../../../src/db/schema.ts';
import type { ReportDelivered, ReportDetail } from '../../../src/features/reports/contract.ts';
import { openDeliveredReport } from '../../../src/features/reports/links.ts';
import { errorOf, signIn } from '../staff-harness.ts';
import { deliver, open, revoke, save, scoredSave, useReportsDatabase } from './reports-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, intake } = useReportsDatabase();

/** A submission whose report is opened and saved with every area scored. */
async function readyReport() {
  const submission = await intake();
  signIn('editor');
  const report = (await (await open(submission.id)).json()) as ReportDetail;
  const body = scoredSave(0, report.areas, (_a, id) =>
    id === 'linkedin' ? { packageSlug: 'linkedin-content-kit' } : {},
  );
  expect((await save(submission.id, body)).status).toBe(200);
  return { submission, body };
}

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;

describe('POST /api/admin/reports/:id/deliver', () => {
  it('freezes the version, completes the submission, mails the lead the link and audits it all', async () => {
    const { submission, body } = await readyReport();
    const res = await deliver(submission.id);
    expect(res.status).toBe(201);
    const { delivery, link } = (await res.json()) as ReportDelivered;
    expect(delivery).toMatchObject({
      version: 1,
      deliveredBy: 'editor@example.com',
      revokedAt: null,
      firstOpenedAt: null,
    });
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/report\/[A-Za-z0-9_-]{43}$/);
    const [lead] = await handle.db.select().from(auditSubmissions).where(eq(auditSubmissions.id, submission.id));
    expect(lead!.status).toBe('completed');
    const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'report.delivered'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'grace@helix.example', status: 'pending' });
    expect(mails[0]!.subject).toBe('Your Lift Audit™ report for Helix Labs');
    // The outbox never holds the working link (an attacker with a backup gets none): the bodies show a
    // placeholder, the link is sealed, and only the copy handed to the provider carries it.
    const token = link.split('/').pop()!;
    expect(JSON.stringify(mails[0])).not.toContain(token);
    expect(mails[0]!.textBody).toContain(SEALED_PLACEHOLDER);
    expect(withSecret(mails[0]!).textBody).toContain(link);
    expect(withSecret(mails[0]!).htmlBody).toContain(`<a href="${link}">`);
    const actions = (await handle.db.select().from(auditLog)).map((r) => [r.action, r.detail]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['submission.status', { from: 'pending', to: 'completed', via: 'delivery' }],
        ['report.deliver', { version: 1 }],
      ]),
    );
    // The link opens the frozen version; a later save changes the draft, not what the lead reads.
    await save(submission.id, { ...body, revision: 1, summary: 'A later thought.' });
    const { report } = await openDeliveredReport(handle.db, tokenOf(link));
    expect(report).toMatchObject({
      companyName: 'Helix Labs',
      version: 1,
      summary: 'Strong science, quiet marketing.',
    });
    expect(report.areas).toHaveLength(10);
    expect(report.areas.find((a) => a.id === 'linkedin')!.package).toMatchObject({
      slug: 'linkedin-content-kit',
      price: 450,
    });
    // The kit, plus what the draft suggested for the weak areas: the engagement add-on for lead generation
    // and outreach, collateral and a video for the missing assets, the retainer for the missing BD team.
    expect(report.totals).toEqual({ monthly: 450 + 2 * 250, oneOff: 300 + 600, onRequest: ['Custom Retainer'] });
  });

  it('stores only the hash of each link: a second delivery is version 2 with a different token', async () => {
    const { submission } = await readyReport();
    const first = (await (await deliver(submission.id)).json()) as ReportDelivered;
    const second = (await (await deliver(submission.id)).json()) as ReportDelivered;
    expect(second.delivery.version).toBe(2);
    expect(tokenOf(second.link)).not.toBe(tokenOf(first.link));
    const stored = JSON.stringify(await handle.db.select().from(auditReportDeliveries));
    expect(stored).not.toContain(tokenOf(first.link));
    expect(stored).not.toContain(tokenOf(second.link));
  });

  it('refuses a report with unscored areas, naming each, and delivers nothing', async () => {
    const submission = await intake({ source: 'contact_page', teamSize: '1' });
    signIn('editor');
    await open(submission.id);
    const res = await deliver(submission.id);
    expect(res.status).toBe(422);
    const fields = Object.keys((await errorOf(res)).fields ?? {});
    expect(fields).toEqual(
      expect.arrayContaining(['areas.collateral.score', 'areas.crm.score', 'areas.bdTools.score']),
    );
    expect(fields).not.toContain('areas.teamSetup.score');
    expect(await handle.db.$count(auditReportDeliveries)).toBe(0);
    expect(await handle.db.$count(mailOutbox)).toBe(0);
  });

  it('answers 404 for a report never opened', async () => {
    const submission = await intake();
    signIn('editor');
    expect((await deliver(submission.id)).status).toBe(404);
  });
});

describe('DELETE /api/admin/reports/:id/deliveries/:deliveryId', () => {
  it('ends the link at once and audits it; a second revoke changes nothing', async () => {
    const { submission } = await readyReport();
    const { delivery, link } = (await (await deliver(submission.id)).json()) as ReportDelivered;
    expect((await revoke(submission.id, delivery.id)).status).toBe(204);
    await expect(openDeliveredReport(handle.db, tokenOf(link))).rejects.toMatchObject({ status: 404 });
    expect((await revoke(submission.id, delivery.id)).status).toBe(204);
    const revokes = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'report.revoke'));
    expect(revokes).toHaveLength(1);
    const detail = (await (await open(submission.id)).json()) as ReportDetail;
    expect(detail.deliveries[0]!.revokedAt).not.toBeNull();
    expect((await revoke(submission.id, '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b')).status).toBe(404);
  });

  it('lets no viewer deliver or revoke', async () => {
    const { submission } = await readyReport();
    const { delivery } = (await (await deliver(submission.id)).json()) as ReportDelivered;
    signIn('viewer');
    expect((await deliver(submission.id)).status).toBe(403);
    expect((await revoke(submission.id, delivery.id)).status).toBe(403);
  });
});
