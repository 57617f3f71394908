/**
 * What an agency does in the portal without a developer (docs/decisions/0042-agency-runs-it-alone.md): an admin
 * reads the System tab, removes a colleague from staff and corrects a lead's company; a viewer sees none of it; an
 * admin resets the two-factor sign-in of a colleague who lost their phone, who is then asked to set it up again.
 * axe reads the System tab and the Colleagues panel (a portal view is read where a test opens it, as in admin.spec).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import type { Role } from '../../src/lib/statuses.ts';
import { blobDeletions, leads, mailOutbox, users } from '../../src/db/schema.ts';
import { withDb } from './db.ts';
import { axeViolations } from './helpers.ts';
import { appCode, createStaff, password, signIn, signOut, turnOnTwoFactor } from './portal.ts';

const run = randomUUID().slice(0, 8);
const admin = `sys-admin-${run}@agency.example`;
const colleague = `leaver-${run}@agency.example`;
const viewer = `sys-viewer-${run}@agency.example`;

/** The staff of a test, each made as `npm run admin -- create` makes them, with the tests' password. */
const makeStaff = async (people: readonly (readonly [string, Role])[]) => {
  for (const [email, role] of people) await createStaff(email, role);
};

test('an admin reads the System tab, removes a colleague (their browser gets 401, their leads listed) and corrects a lead’s company; a viewer sees none of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await makeStaff([
    [admin, 'admin'],
    [colleague, 'editor'],
    [viewer, 'viewer'],
  ]);
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
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'User Roles' }).click();
  await expect(page.getByRole('heading', { name: 'Colleagues' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
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

test('an admin resets the two-factor sign-in of a colleague who lost their phone; the colleague signs in with the password and is asked to set it up again', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const resetter = `reset-admin-${run}@agency.example`;
  const phoneLost = `phone-lost-${run}@agency.example`;
  await makeStaff([
    [resetter, 'admin'],
    [phoneLost, 'admin'],
  ]);

  // The colleague had two-factor sign-in on, and is still signed in on another computer.
  const elsewhere = await browser.newContext();
  const theirs = await elsewhere.newPage();
  await signIn(theirs, phoneLost);
  await turnOnTwoFactor(theirs);

  // The admin, with two-factor sign-in on too, confirms who they are with their password and their code.
  await signIn(page, resetter);
  const key = await turnOnTwoFactor(page);
  await page.getByRole('tab', { name: 'User Roles' }).click();
  await page.getByRole('button', { name: `Reset two-factor sign-in of ${phoneLost}` }).click();
  const form = page.getByRole('form', { name: `Reset two-factor sign-in of ${phoneLost}` });
  await expect(form.getByText('by phone or in person')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await form.getByLabel('Your password').fill('not my password at all');
  await form.getByLabel('Your authenticator code').fill(await appCode(key));
  await form.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'That password is not right.' })).toBeVisible();
  await form.getByLabel('Your password').fill(password);
  await form.getByLabel('Your authenticator code').fill(await appCode(key, 1));
  await form.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(page.getByText(`Two-factor sign-in of ${phoneLost} reset`).last()).toBeVisible();

  // Every session of theirs ended; they were mailed.
  expect((await theirs.request.get('/api/admin/me')).status()).toBe(401);
  await elsewhere.close();
  const mailed = await withDb((db) =>
    db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.to, phoneLost)),
  );
  expect(mailed.map((m) => m.kind)).toContain('account.two-factor-reset');

  // The password alone signs them in now (no code step), and the portal asks them to set it up again.
  await signOut(page);
  await signIn(page, phoneLost);
  await expect(page.getByRole('heading', { name: 'Two-factor code' })).toHaveCount(0);
  const ask = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(ask).toContainText('You are an administrator without two-factor sign-in. Set it up now');
  await ask.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
});
