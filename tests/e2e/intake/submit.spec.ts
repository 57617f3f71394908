import { createHash, randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { site } from '../../../src/config/site.ts';
import { auditSubmissions, mailOutbox, uploadedDocuments, type AuditSubmission } from '../../../src/db/schema.ts';
import { intakeLabels as l } from '../../../src/lib/forms/intake.schema.ts';
import { intakeColumns } from '../../../src/features/leads/audit-answers.ts';
import { intakeAnswers } from '../../fixtures/forms.ts';
import { withDb } from '../db.ts';
import { gtagCalls, stubGtag } from '../helpers.ts';
import { fillAll, fillCompany, openIntake, stepHeading, storedBlob, submitButton, textbox, wizard } from './wizard.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes - 9)]);
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(40_000)]);
const fileInput = (page: Page) => wizard(page).locator('input[type="file"]');
const agree = (page: Page) =>
  wizard(page)
    .getByRole('checkbox', { name: /I agree that my information/ })
    .check();
const rowFor = (email: string) =>
  withDb(async (db) => (await db.select().from(auditSubmissions).where(eq(auditSubmissions.contactEmail, email)))[0]);

/** Unique answers per test, so each test finds its own row in the shared database. */
const answers = (tag: string) => ({ ...intakeAnswers(), workEmail: `kk+${tag}-${Date.now()}@mrna-labs.example` });

test('a visitor fills every step, uploads a 9 MB PDF and a PNG, and lands on the thank-you page', async ({ page }) => {
  test.setTimeout(90_000);
  await stubGtag(page);
  await openIntake(page);
  const a = answers('happy');
  await fillAll(page, a);
  const deck = pdf(9 * 1024 * 1024);
  const logo = png();
  await fileInput(page).setInputFiles([
    { name: 'pitch-deck.pdf', mimeType: 'application/pdf', buffer: deck },
    { name: 'logo.png', mimeType: 'image/png', buffer: logo },
  ]);
  await expect(wizard(page).getByText('pitch-deck.pdf')).toBeVisible();
  await expect(wizard(page).getByText('9 MB')).toBeVisible();
  await agree(page);
  await page.clock.fastForward(60_000); // a person's fill time, past the spam filter's minimum
  await submitButton(page).click();

  await expect(page.getByText("Audit intake form submitted successfully! We'll be in touch soon.")).toBeVisible({
    timeout: 60_000,
  });
  expect(await gtagCalls(page)).toContainEqual([
    'event',
    'audit_submitted',
    expect.objectContaining({ form: 'intake', documents: 2 }),
  ]);
  await page.clock.runFor(2000);
  await expect(page).toHaveURL(/\/audit-thank-you$/);

  const row = (await rowFor(a.workEmail!)) as AuditSubmission;
  expect(row).toMatchObject({ source: 'intake', status: 'pending', isSpam: false });
  for (const [field, column] of Object.entries(intakeColumns))
    expect(row[column as keyof AuditSubmission], field).toEqual(a[field as keyof typeof a]);

  const documents = await withDb((db) =>
    db.select().from(uploadedDocuments).where(eq(uploadedDocuments.auditSubmissionId, row.id)),
  );
  expect(documents.map((d) => [d.fileName, d.fileSize, d.fileType]).sort()).toEqual([
    ['logo.png', logo.length, 'png'],
    ['pitch-deck.pdf', deck.length, 'pdf'],
  ]);
  for (const d of documents) {
    expect(d.filePath).toMatch(new RegExp(`^${row.id}/\\d+-[0-9a-f]+\\.${d.fileType}$`));
    expect(sha(storedBlob('audit-documents', d.filePath))).toBe(sha(d.fileType === 'pdf' ? deck : logo));
  }
  const mails = await withDb((db) =>
    db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.idempotencyKey, `audit:${row.id}:%`)),
  );
  expect(mails.map((m) => [m.kind, m.to]).sort()).toEqual([
    ['audit.confirmation', a.workEmail],
    ['audit.staff', site.staffInbox],
  ]);

  // The draft went with the submit.
  await page.goto('/audit-intake');
  await expect(page.getByRole('region', { name: 'Saved answers' })).toHaveCount(0);
});

test('answers survive a reload: the visitor is offered the draft and resumes where they were', async ({ page }) => {
  await openIntake(page);
  await fillCompany(page, answers('draft'));
  await page.getByRole('button', { name: /^Next Section/ }).click();
  await textbox(wizard(page), l.marketingDeptSize).waitFor({ state: 'detached' });
  await page.clock.runFor(1000); // the draft is written after a pause in typing
  await page.reload();
  const offer = page.getByRole('region', { name: 'Saved answers' });
  await expect(offer).toContainText('You have unfinished answers');
  await offer.getByRole('button', { name: 'Resume my answers' }).click();
  await expect(stepHeading(page)).toHaveText('Marketing Presence');
  await page
    .getByRole('navigation', { name: 'Intake steps' })
    .getByRole('button', { name: /Company Profile/ })
    .click();
  await expect(textbox(wizard(page), l.companyName)).toHaveValue('mRNA Labs');
  await expect(
    wizard(page).getByRole('group', { name: l.regions }).getByRole('checkbox', { name: 'Europe' }),
  ).toBeChecked();

  await page.reload();
  await page.getByRole('region', { name: 'Saved answers' }).getByRole('button', { name: 'Start over' }).click();
  await expect(textbox(wizard(page), l.companyName)).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Saved answers' })).toHaveCount(0);
});

test('an 11 MB file and an .exe are refused with their reasons, and nothing is silently dropped', async ({ page }) => {
  test.setTimeout(90_000); // fills the whole wizard: 31–36 s on a loaded 2-core machine
  await openIntake(page);
  await page
    .getByRole('navigation', { name: 'Intake steps' })
    .getByRole('button', { name: /Document Uploads/ })
    .click();
  await fileInput(page).setInputFiles([
    { name: 'huge.pdf', mimeType: 'application/pdf', buffer: pdf(11 * 1024 * 1024) },
    { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ fake program') },
    { name: 'ok.pdf', mimeType: 'application/pdf', buffer: pdf(2000) },
  ]);
  const w = wizard(page);
  await expect(w.getByText('huge.pdf')).toBeVisible();
  await expect(w.getByText('This file is larger than 10 MB.')).toBeVisible();
  await expect(w.getByText('setup.exe')).toBeVisible();
  await expect(w.getByText('This file type is not accepted. Use PDF, Word, PowerPoint, JPG or PNG.')).toBeVisible();
  await expect(w.getByRole('button', { name: 'Remove ok.pdf' })).toBeVisible();
  await expect(w.getByRole('button', { name: 'Remove huge.pdf' })).toHaveCount(0);
});

test('a document the server refuses is named with its reason, and the submission is kept', async ({ page }) => {
  test.setTimeout(60_000);
  await openIntake(page);
  const a = answers('refused');
  await fillAll(page, a);
  await fileInput(page).setInputFiles([
    // A PNG dressed as a PDF: the browser cannot tell, the server's magic-byte check does.
    { name: 'fake.pdf', mimeType: 'application/pdf', buffer: png() },
    { name: 'real.pdf', mimeType: 'application/pdf', buffer: pdf(5000) },
  ]);
  await agree(page);
  await page.clock.fastForward(60_000);
  await submitButton(page).click();

  const alert = wizard(page).getByRole('alert').filter({ hasText: 'request was received' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(wizard(page).getByText("The file's contents do not match its .pdf extension.")).toBeVisible();
  await expect(page.getByText(/did not upload: fake\.pdf/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/audit-intake$/);

  const row = (await rowFor(a.workEmail!))!;
  expect(row.companyName).toBe('mRNA Labs');
  const documents = await withDb((db) =>
    db.select().from(uploadedDocuments).where(eq(uploadedDocuments.auditSubmissionId, row.id)),
  );
  expect(documents.map((d) => d.fileName)).toEqual(['real.pdf']);

  // Going on without the refused file finishes with the one stored submission.
  await alert.getByRole('button', { name: 'Continue without them' }).click();
  await expect(page.getByText("Audit intake form submitted successfully! We'll be in touch soon.")).toBeVisible();
  await page.clock.runFor(2000);
  await expect(page).toHaveURL(/\/audit-thank-you$/);
  const rows = await withDb((db) =>
    db.select().from(auditSubmissions).where(eq(auditSubmissions.contactEmail, a.workEmail!)),
  );
  expect(rows).toHaveLength(1);
});

test('a failed submission shows the error and keeps every answer', async ({ page }) => {
  test.setTimeout(90_000); // fills the whole wizard: 31–36 s on a loaded 2-core machine
  await openIntake(page);
  await page.route('/api/audits', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'Please try again in a minute.' } }),
    }),
  );
  await fillAll(page, answers('down'));
  await agree(page);
  await submitButton(page).click();
  await expect(page.getByText('Error submitting form: Please try again in a minute.')).toBeVisible();
  await expect(stepHeading(page)).toHaveText('Document Uploads (optional)');
  await page
    .getByRole('navigation', { name: 'Intake steps' })
    .getByRole('button', { name: /Company Profile/ })
    .click();
  await expect(textbox(wizard(page), l.companyName)).toHaveValue('mRNA Labs');
});
