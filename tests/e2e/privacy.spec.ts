/**
 * A person's privacy request answered in the portal (issue 23, docs/privacy.md): an admin exports the lead (the
 * ZIP holds the person's document byte for byte) and erases it; the lead, its request and its message are then
 * gone from every tab; a viewer and an editor are refused both routes.
 */
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { auditLog, leads } from '../../src/db/schema.ts';
import { contactPayload } from '../fixtures/forms.ts';
import { withDb } from './db.ts';
import { axeViolations } from './helpers.ts';
import { createStaff, seedIntake, signIn } from './portal.ts';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const email = `erase-me+${stamp}@example.com`;
const company = `Privacy Labs ${stamp}`;
const admin = `privacy-admin-${stamp}@bolesta.example`;
const editor = `privacy-editor-${stamp}@bolesta.example`;
const viewer = `privacy-viewer-${stamp}@bolesta.example`;
let leadId = '';
let submissionId = '';
let pdf = Buffer.alloc(0);

test('a person writes twice: an intake with a document and a contact message make one lead', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(60_000); // three accounts made with the CLI and two submits: 15–30 s under load
  for (const [who, role] of [
    [admin, 'admin'],
    [editor, 'editor'],
    [viewer, 'viewer'],
  ] as const) {
    await createStaff(who, role, `${role} ${stamp}`);
  }
  const intake = await seedIntake(request, baseURL!, company, { workEmail: email, fullName: 'Erin Ease' });
  submissionId = intake.id;
  pdf = intake.pdf;
  const message = await request.post('/api/contact', {
    data: { ...contactPayload(), email, name: 'Erin Ease', company },
    headers: { origin: baseURL! },
  });
  expect(message.status()).toBe(201);
  const [lead] = await withDb((db) => db.select().from(leads).where(eq(leads.emailKey, email)));
  expect(lead).toMatchObject({ requestCount: 2 });
  leadId = lead!.id;
});

async function refusedBoth(page: Page, baseURL: string) {
  expect((await page.request.get(`/api/admin/leads/${leadId}/export`)).status()).toBe(403);
  const erase = await page.request.post(`/api/admin/leads/${leadId}/erase`, {
    data: { confirm: email },
    headers: { origin: baseURL },
  });
  expect(erase.status()).toBe(403);
}

test('a viewer and an editor see no privacy actions and are refused both routes', async ({ browser, baseURL }) => {
  test.setTimeout(60_000); // two sign-ins and four refused calls: 15–25 s under load
  for (const who of [viewer, editor]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, who);
    await page.goto(`/admin?lead=${leadId}`);
    await expect(page.getByRole('heading', { name: `Erin Ease · ${company}` })).toBeVisible();
    await expect(page.locator('[data-lead-privacy]')).toHaveCount(0);
    await refusedBoth(page, baseURL!);
    await context.close();
  }
});

test('an admin exports the person as a ZIP holding their document byte for byte, then erases them', async ({
  page,
}) => {
  test.setTimeout(90_000); // a sign-in, a download, an erasure and four lists: 25–40 s under load
  await signIn(page, admin);
  await page.goto(`/admin?lead=${leadId}`);
  const privacy = page.locator('[data-lead-privacy]');
  await expect(privacy.getByRole('heading', { name: 'Privacy requests' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await privacy.getByRole('button', { name: 'Export (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^person-erase-me-\d+-example-com-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Buffer.from(files['documents/01-capabilities.pdf']!).equals(pdf)).toBe(true);
  const person = JSON.parse(strFromU8(files['person.json']!));
  expect(person.lead.email).toBe(email);
  expect(person.auditRequests.map((r: { id: string }) => r.id)).toEqual([submissionId]);
  expect(person.contactMessages).toHaveLength(1);

  // The erasure asks for the address, refuses another, then erases.
  await privacy.getByRole('button', { name: 'Erase this person…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
  const confirm = dialog.getByRole('button', { name: 'Erase for good' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: /Type their email address/ }).fill(email.toUpperCase());
  expect(await axeViolations(page)).toEqual([]);
  await confirm.click();
  await expect(page.getByText(/^Erased Erin Ease: 2 requests, 1 document/).last()).toBeVisible();
  await expect(page.locator('[data-lead-page]')).toHaveCount(0);

  // Gone from every tab.
  const tabs = page.getByRole('tablist', { name: 'Portal sections' });
  await page.getByRole('searchbox', { name: 'Search name, email or company' }).fill(email);
  await expect(page.getByText('No leads match.')).toBeVisible();
  await expect(page.locator('tr[data-lead]')).toHaveCount(0);
  await tabs.getByRole('tab', { name: 'Audit Submissions' }).click();
  await page.getByRole('searchbox', { name: 'Search company, name or email' }).fill(company);
  await expect(page.getByText('No submissions match.')).toBeVisible();
  await expect(page.locator(`tr[data-submission="${submissionId}"]`)).toHaveCount(0);
  await tabs.getByRole('tab', { name: 'Contact Messages' }).click();
  await page.getByRole('searchbox', { name: 'Search name, email or company' }).fill(email);
  await expect(page.getByText('No messages match.')).toBeVisible();
  for (const path of [`/api/admin/leads/${leadId}`, `/api/admin/submissions/${submissionId}`]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }

  // The action log keeps the export and the erasure, and names the person nowhere.
  const rows = await withDb((db) => db.select().from(auditLog).where(eq(auditLog.targetId, leadId)));
  expect(rows.map((r) => r.action).sort()).toEqual(['lead.erase', 'lead.export']);
  const all = JSON.stringify(await withDb((db) => db.select().from(auditLog)));
  expect(all).not.toContain(email);
});
