/**
 * The Lift Audit™ workbench end to end (docs/decisions/0027-audit-workbench.md): a visitor's intake, the
 * editor's prefilled report saved as they type and kept over a reload, delivery, the lead's mail, link and
 * PDF, and a viewer who reads without editing. One story in order: each test goes on from the last.
 */
import { withSecret } from '../../src/server/mail/sealed.ts';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { auditReportDeliveries, auditSubmissions, mailOutbox } from '../../src/db/schema.ts';
import { reportAreas } from '../../src/lib/audit-report.ts';
import { intakeAnswers } from '../fixtures/forms.ts';
import { withDb } from './db.ts';
import { axeViolations, collectErrors, hydrated } from './helpers.ts';
import { fillAll, openIntake, submitButton, wizard } from './intake/wizard.ts';
import { createStaff, signIn } from './portal.ts';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const company = `Lift Audit Labs ${stamp}`;
const lead = `lead+${stamp}@lift-labs.example`;
const editor = `editor-${stamp}@bolesta.example`;
const viewer = `viewer-${stamp}@bolesta.example`;
const findings = `The site has not changed since 2019 (${stamp}).`;
const recommendations = `Move the pipeline from spreadsheets into a CRM (${stamp}).`;
// What the first test makes and the next ones read.
let submissionId = '';
let link = '';

const area = (page: Page, id: string) => page.locator(`[data-area="${id}"]`);
const score = (page: Page, id: string) => area(page, id).getByRole('combobox', { name: 'Score' });
const saved = (page: Page) => expect(page.locator('[data-save-status="saved"]')).toHaveText(/^Saved at \d\d:\d\d$/);

/** From the Audit Submissions tab: finds the submission, opens it, then its report. */
async function openReport(page: Page) {
  await page.getByRole('tablist', { name: 'Portal sections' }).getByRole('tab', { name: 'Audit Submissions' }).click();
  await page.getByRole('searchbox', { name: 'Search company, name or email' }).fill(company);
  await page
    .locator(`tr[data-submission="${submissionId}"]`)
    .getByRole('button', { name: `View ${company}` })
    .click();
  await page.getByRole('region', { name: company }).getByRole('button', { name: 'Open audit report' }).click();
  await expect(page.getByRole('heading', { name: `Audit report: ${company}` })).toBeFocused();
}

test('a visitor completes the intake', async ({ page }) => {
  test.setTimeout(90_000); // fills the whole wizard, as intake/submit.spec.ts does: over 30 s on a loaded 2-core machine
  await openIntake(page);
  await fillAll(page, { ...intakeAnswers(), companyName: company, workEmail: lead });
  await wizard(page)
    .getByRole('checkbox', { name: /I agree that my information/ })
    .check();
  await page.clock.fastForward(60_000); // past the spam filter's minimum fill time
  await submitButton(page).click();
  await expect(page.getByText('Audit intake form submitted successfully!')).toBeVisible({ timeout: 20_000 });
  const [row] = await withDb((db) => db.select().from(auditSubmissions).where(eq(auditSubmissions.contactEmail, lead)));
  submissionId = row!.id;
});

test('an editor opens the prefilled report, edits it, loses nothing on reload, and delivers it', async ({ page }) => {
  test.setTimeout(60_000); // a sign-in, two saves, a reload and a delivery: 20–25 s on a busy 2-core machine
  await createStaff(editor, 'editor');
  await signIn(page, editor);
  await openReport(page);
  expect(await axeViolations(page)).toEqual([]);

  // The rules scored some areas from the answers, and show the answers behind each score.
  const suggested: string[] = [];
  for (const { id } of reportAreas) {
    const text = await area(page, id).locator('[data-suggestion]').textContent();
    const value = /Suggested score: (\d)/.exec(text ?? '')?.[1];
    if (!value) continue;
    suggested.push(id);
    await expect(score(page, id)).toHaveValue(value);
    expect(await area(page, id).locator('[data-reason]').count()).toBeGreaterThan(0);
  }
  expect(suggested.length).toBeGreaterThan(0);

  // Two areas edited, saved as typed.
  await area(page, 'website').getByRole('textbox', { name: 'Findings' }).fill(findings);
  await area(page, 'crm').getByRole('textbox', { name: 'Recommendations' }).fill(recommendations);
  await area(page, 'crm').getByRole('combobox', { name: 'Recommended package' }).selectOption({ index: 1 });
  await saved(page);
  // The budget follows the package chosen.
  await expect(page.locator('[data-budget]')).not.toHaveText('Monthly$0One-off$0On request—');

  // A reload loses nothing, and offers nothing back (the server has it all).
  await page.reload();
  await openReport(page);
  await expect(area(page, 'website').getByRole('textbox', { name: 'Findings' })).toHaveValue(findings);
  await expect(area(page, 'crm').getByRole('textbox', { name: 'Recommendations' })).toHaveValue(recommendations);
  await expect(page.getByRole('button', { name: 'Restore them' })).toHaveCount(0);
  await expect(page.locator('[data-save-status]')).toContainText(`Last edited by ${editor} at`);

  // Every area scored (the rules may have left some without answers), then delivered after confirming.
  let scored = 0;
  for (const { id } of reportAreas) {
    if ((await score(page, id).inputValue()) !== '') continue;
    await score(page, id).selectOption('3');
    scored += 1;
  }
  if (scored) await saved(page);
  await page.getByRole('button', { name: 'Deliver report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deliver this report?' });
  await expect(dialog).toContainText(lead);
  await dialog.getByRole('button', { name: 'Deliver', exact: true }).click();
  link = (await page.locator('[data-report-link]').textContent())!;
  expect(link).toMatch(/\/report\/[\w-]{40,}$/);
  await expect(page.getByText('It can’t be shown again')).toBeVisible();
  await expect(page.locator('[data-delivery="1"]')).toContainText('Not opened yet');

  // The lead's mail holds the link; the submission is completed.
  const mails = await withDb((db) =>
    db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, lead), eq(mailOutbox.kind, 'report.delivered'))),
  );
  expect(mails).toHaveLength(1);
  expect(mails[0]!.textBody).not.toContain(link.split('/').pop()!);
  expect(withSecret(mails[0]!).textBody).toContain(link);
  const [done] = await withDb((db) => db.select().from(auditSubmissions).where(eq(auditSubmissions.id, submissionId)));
  expect(done!.status).toBe('completed');
});

/** When the lead first opened the delivered report (null: not yet). */
const firstOpened = async () =>
  (
    await withDb((db) =>
      db
        .select({ at: auditReportDeliveries.firstOpenedAt })
        .from(auditReportDeliveries)
        .where(eq(auditReportDeliveries.submissionId, submissionId)),
    )
  )[0]!.at;

test('the lead’s link shows the delivered report and its PDF; only the page shown to a person is an opening', async ({
  page,
  request,
}) => {
  // A mail scanner's HEAD and GET of the page and the PDF record nothing.
  const path = new URL(link).pathname;
  for (const url of [path, `${path}/pdf`]) {
    expect((await request.head(url)).status()).toBe(200);
    expect((await request.get(url, { headers: { 'user-agent': 'Safe Links scanner' } })).status()).toBe(200);
  }
  expect(await firstOpened()).toBeNull();

  const errors = collectErrors(page); // a refusal of the page's CSP is a console error
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(company);
  // Shown in a visible tab: the page's own beacon records the first opening.
  await expect.poll(firstOpened).toBeInstanceOf(Date);
  // The header hydrates on a first interaction (client:interaction): it does, under the page's CSP.
  await hydrated(page);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  for (const { title } of reportAreas) await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
  await expect(page.getByText(findings)).toBeVisible();
  await expect(page.getByRole('link', { name: /Book a Strategy Call/ }).first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const file = readFileSync((await (await downloading).path())!);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(file)), { mergePages: true });
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain(company);
  for (const { title } of reportAreas) expect(flat).toContain(title);
  expect(errors).toEqual([]);
});

test('a viewer reads the same report, sees it was opened, and can neither edit nor deliver it', async ({ page }) => {
  await createStaff(viewer, 'viewer');
  await signIn(page, viewer);
  await openReport(page);
  await expect(page.getByRole('note')).toContainText('Editors and admins edit and deliver it');
  await expect(area(page, 'website').getByRole('textbox', { name: 'Findings' })).toHaveValue(findings);
  for (const control of await page.locator('[data-area] textarea, [data-area] select, textarea').all())
    await expect(control).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Deliver report' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  await expect(page.locator('[data-delivery="1"]')).toContainText('Opened');
  // The API refuses a viewer's save as well as the portal hides it.
  const put = await page.evaluate(
    async (id) =>
      (
        await fetch(`/api/admin/reports/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ revision: 0, summary: '', areas: {} }),
        })
      ).status,
    submissionId,
  );
  expect(put).toBe(403);
});
