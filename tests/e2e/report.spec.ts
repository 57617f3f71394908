import { leadIdFor } from '../fixtures/lead.ts';
import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { site } from '../../src/config/site.ts';
import { auditReportDeliveries, auditSubmissions } from '../../src/db/schema.ts';
import { reportAreas } from '../../src/lib/audit-report.ts';
import { reportFileName } from '../../src/features/reports/text.ts';
import { hashReportToken, newReportToken } from '../../src/features/reports/token.ts';
import { deliveredReport } from '../fixtures/reports.ts';
import { withDb } from './db.ts';
import { axeViolations, collectErrors, hydrated } from './helpers.ts';

/** A delivered report stored as the deliver step stores it; its link's token. */
async function deliver(values: Partial<typeof auditReportDeliveries.$inferInsert> = {}): Promise<string> {
  const report = deliveredReport({}, 120);
  const { token, hash } = newReportToken();
  await withDb(async (db) => {
    const [submission] = await db
      .insert(auditSubmissions)
      .values({
        leadId: await leadIdFor(db, 'grace@example.com', report.contactName),
        source: 'contact_page',
        contactName: report.contactName,
        contactEmail: 'grace@example.com',
        companyName: report.companyName,
        consentVersion: 'test',
        consentedAt: new Date(),
      })
      .returning();
    await db.insert(auditReportDeliveries).values({
      submissionId: submission!.id,
      version: 1,
      content: report,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + 86_400_000),
      deliveredById: 'e2e',
      deliveredByEmail: 'editor@example.com',
      ...values,
    });
  });
  return token;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a lead's report link shows the report in the site's frame without accessibility violations (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const errors = collectErrors(page);
    const token = await deliver();
    const res = await page.goto(`/report/${token}`);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['x-robots-tag']).toBe('noindex');
    expect(res!.headers()['referrer-policy']).toBe('no-referrer');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${site.auditName} report for Acme Bioanalytical`);
    for (const area of reportAreas)
      await expect(page.getByRole('heading', { name: area.title, level: 3 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Book a Strategy Call/ }).first()).toHaveAttribute('target', '_blank');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the report downloads as a PDF; a revoked link is the 404 page', async ({ page, request }) => {
  const token = await deliver();
  await page.goto(`/report/${token}`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe(reportFileName(deliveredReport()));

  await withDb((db) =>
    db
      .update(auditReportDeliveries)
      .set({ revokedAt: new Date() })
      .where(eq(auditReportDeliveries.tokenHash, hashReportToken(token))),
  );
  for (const path of [`/report/${token}`, `/report/${token}/pdf`]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text()).toContain('Oops! Page not found');
  }
});
