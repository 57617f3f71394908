/**
 * What an agency does in the portal without a developer (docs/decisions/0042-agency-runs-it-alone.md): an admin
 * reads the System tab, removes a colleague from staff and corrects a lead's company; a viewer sees none of it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { blobDeletions, leads, mailOutbox, users } from '../../src/db/schema.ts';
import { withDb } from './db.ts';
import { createStaff, signIn } from './portal.ts';

const run = randomUUID().slice(0, 8);
const admin = `sys-admin-${run}@agency.example`;
const colleague = `leaver-${run}@agency.example`;
const viewer = `sys-viewer-${run}@agency.example`;

test('an admin reads the System tab, removes a colleague (their browser gets 401, their leads listed) and corrects a lead’s company; a viewer sees none of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  for (const [email, role] of [
    [admin, 'admin'],
    [colleague, 'editor'],
    [viewer, 'viewer'],
  ] as const)
    createStaff(email, role);
  const leadId = await withDb(async (db) => {
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, colleague));
    const now = new Date();
    const [lead] = await db
      .insert(leads)
      .values({
        emailKey: `ann-${run}@cro.example`,
        email: `ann-${run}@cro.example`,
        name: `Ann ${run}`,
        company: 'CRO One',
        ownerId: owner!.id,
        firstRequestAt: now,
        lastActivityAt: now,
      })
      .returning({ id: leads.id });
    await db.insert(mailOutbox).values({
      idempotencyKey: `e2e-system-${run}`,
      kind: 'audit.staff',
      to: 'staff@example.com',
      subject: 'A refused mail',
      textBody: 'x',
      htmlBody: '<p>x</p>',
      status: 'failed',
      attempts: 10,
      lastError: `The domain agency-${run}.com is not verified.`,
      lastAttemptAt: new Date(Date.now() + 60_000),
    });
    await db.insert(blobDeletions).values({ store: 'documents', key: `e2e/${run}.pdf`, leadId: randomUUID() });
    return lead!.id;
  });

  // The colleague is signed in elsewhere.
  const elsewhere = await browser.newContext();
  const theirs = await elsewhere.newPage();
  await signIn(theirs, colleague);

  await signIn(page, admin);
  await page.getByRole('tab', { name: 'System' }).click();
  await expect(
    page.getByText(`Resend refused the latest mail: “The domain agency-${run}.com is not verified.”.`),
  ).toBeVisible();
  await expect(page.getByText(/document(s)? of erased people still wait/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mail: needs attention' })).toBeVisible();

  await page.getByRole('tab', { name: 'User Roles' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Remove from staff ${colleague}` }).click();
  const removed = page.getByRole('status').filter({ hasText: `${colleague} is no longer staff` });
  await expect(removed).toContainText('editor removed');
  await expect(removed.getByRole('link', { name: `Ann ${run} (CRO One)` })).toBeVisible();
  expect((await theirs.request.get('/api/admin/me')).status()).toBe(401);
  await elsewhere.close();

  await page.goto(`/admin?lead=${leadId}`);
  await page.getByRole('button', { name: 'Correct details' }).click();
  await page.getByLabel('Company').fill('CRO One Holdings');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details corrected').first()).toBeVisible();
  await expect(page.getByText('Company: CRO One → CRO One Holdings')).toBeVisible();
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(page.getByRole('cell', { name: 'Corrected a lead’s details' }).first()).toBeVisible();

  const viewing = await browser.newContext();
  const viewerPage = await viewing.newPage();
  await signIn(viewerPage, viewer);
  await expect(viewerPage.getByRole('tab', { name: 'System' })).toHaveCount(0);
  await expect(viewerPage.getByRole('tab', { name: 'User Roles' })).toHaveCount(0);
  await viewerPage.goto(`/admin?lead=${leadId}`);
  await expect(viewerPage.getByText('CRO One Holdings').first()).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Correct details' })).toHaveCount(0);
  expect((await viewerPage.request.get('/api/admin/system')).status()).toBe(403);
  await viewing.close();
});
