import { expect, test, type Browser, type Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { mailOutbox } from '../../src/db/schema.ts';
import { reportAreas } from '../../src/lib/audit-report.ts';
import { intakeAnswers } from '../fixtures/forms.ts';
import { withDb } from './db.ts';
import { axeViolations } from './helpers.ts';
import { fillAll, openIntake, submitButton, wizard } from './intake/wizard.ts';
import { adminCli, password, signIn } from './portal.ts';

/** From the Audit Submissions tab to the report of the submission of `company`. */
async function openReport(page: Page, company: string) {
  await page.getByRole('button', { name: `View ${company}` }).click();
  await page.getByRole('button', { name: 'Open audit report' }).click();
  await expect(page.getByRole('heading', { name: `Audit report: ${company}` })).toBeVisible();
}

const area = (page: Page, id: string) => page.locator(`section[data-area="${id}"]`);

/** A page in a browser context of its own: its own cookies (another person), and axe can read it. */
const personPage = async (browser: Browser) => (await browser.newContext()).newPage();

test('an intake becomes a delivered report: prefilled, edited, saved as typed, delivered, opened by the lead', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const company = `Helix Report Labs ${stamp}`;
  const lead = `lead-${stamp}@helix.example`;

  // A visitor completes the intake.
  await openIntake(page);
  await fillAll(page, { ...intakeAnswers(), companyName: company, workEmail: lead });
  await wizard(page)
    .getByRole('checkbox', { name: /I agree that my information/ })
    .check();
  await page.clock.fastForward(60_000); // a person's fill time, past the spam filter's minimum
  await submitButton(page).click();
  await expect(page.getByText("Audit intake form submitted successfully! We'll be in touch soon.")).toBeVisible({
    timeout: 30_000,
  });

  // An editor opens its report: the rules' scores with the answers behind them.
  const editor = `report-editor-${stamp}@bolesta.example`;
  adminCli('create', editor, '--role', 'editor', '--password', password);
  const staff = await personPage(browser);
  await signIn(staff, editor);
  await openReport(staff, company);
  await expect(area(staff, 'website')).toContainText('Suggested score: 1');
  await expect(area(staff, 'website')).toContainText('Not updated for over three years.');
  await expect(area(staff, 'crm')).toContainText('Leads are tracked in a CRM.');
  expect(await axeViolations(staff)).toEqual([]);

  // Two areas edited, saved as typed; a reload loses nothing.
  await area(staff, 'linkedin').getByLabel('Findings').fill('Weekly posts, but nobody from target sponsors engages.');
  await area(staff, 'linkedin').getByLabel('Recommended package').selectOption('linkedin-engagement-add-on');
  await area(staff, 'crm').getByLabel('Score').selectOption('2');
  await expect(staff.locator('[data-save-state="saved"]')).toContainText(`by ${editor}`);
  await expect(staff.locator('[data-budget-monthly]')).toContainText('$');
  await staff.reload();
  await openReport(staff, company);
  await expect(area(staff, 'linkedin').getByLabel('Findings')).toHaveValue(
    'Weekly posts, but nobody from target sponsors engages.',
  );
  await expect(area(staff, 'crm').getByLabel('Score')).toHaveValue('2');

  // Delivered: the link is shown once, and the lead's mail holds it.
  await staff.getByRole('button', { name: 'Deliver report' }).click();
  await staff.getByRole('button', { name: 'Deliver now' }).click();
  const link = (await staff.locator('[data-report-link]').textContent())!.trim();
  expect(link).toMatch(/\/report\/[A-Za-z0-9_-]{43}$/);
  const mails = await withDb((db) =>
    db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'report.delivered'), eq(mailOutbox.to, lead))),
  );
  expect(mails).toHaveLength(1);
  expect(mails[0]!.textBody).toContain(link);

  // The lead opens it: the report, its ten areas, the booking button; the PDF holds the same.
  const reader = await personPage(browser);
  await reader.goto(new URL(link).pathname);
  await expect(reader.getByRole('heading', { level: 1 })).toContainText(company);
  for (const { title } of reportAreas) await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  await expect(reader.getByRole('link', { name: /Book a Strategy Call/ }).first()).toBeVisible();
  const pdf = await reader.request.get(`${new URL(link).pathname}/pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain(company);
  for (const { title } of reportAreas) expect(flat).toContain(title);

  // Staff see that the lead opened it.
  await staff.reload();
  await openReport(staff, company);
  await expect(staff.getByRole('list', { name: 'Delivered versions' })).toContainText('Opened');

  // A viewer reads the report and can neither edit nor deliver it.
  const viewer = `report-viewer-${stamp}@bolesta.example`;
  adminCli('create', viewer, '--role', 'viewer', '--password', password);
  const reading = await personPage(browser);
  await signIn(reading, viewer);
  await openReport(reading, company);
  await expect(area(reading, 'linkedin').getByLabel('Findings')).toBeDisabled();
  await expect(reading.getByRole('button', { name: 'Deliver report' })).toHaveCount(0);
  await expect(reading.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
});
