import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { site } from '../../src/config/site.ts';
import { auditLog, mailOutbox } from '../../src/db/schema.ts';
import { withDb } from './db.ts';
import { axeViolations } from './helpers.ts';
import { createStaff, signIn } from './portal.ts';

test('an admin sends a test mail from the portal and retries a mail the provider refused', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const admin = `mailer-${stamp}@bolesta.example`;
  await createStaff(admin, 'admin');
  // A mail that gave up after ten refusals, as the sender leaves one.
  const subject = `Refused ${stamp}`;
  const reason = 'Resend answered 422 (validation_error): Invalid `to` field.';
  const [refused] = await withDb((db) =>
    db
      .insert(mailOutbox)
      .values({
        idempotencyKey: `e2e:${randomUUID()}`,
        kind: 'audit.staff',
        to: site.staffInbox,
        subject,
        textBody: 'The answers of a lead',
        htmlBody: '<p>The answers of a lead</p>',
        status: 'failed',
        attempts: 10,
        lastError: reason,
        lastAttemptAt: new Date(),
      })
      .returning(),
  );

  await signIn(page, admin);
  await page.getByRole('tablist', { name: 'Portal sections' }).getByRole('tab', { name: 'Mail' }).click();

  // The test mail: queued, sent by the local console transport right after the answer, and said so.
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/admin/mail/test'));
  await page.getByRole('button', { name: 'Send a test mail' }).click();
  const { mail } = await (await sent).json();
  await expect(page.locator('[role="status"][data-test-mail]')).toHaveText(
    /^Sent to .+ at \d{2}:\d{2}\. Check the staff inbox\.$/,
    {
      timeout: 15_000,
    },
  );
  const [row] = await withDb((db) => db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id)));
  expect(row).toMatchObject({ kind: 'mail.test', to: site.staffInbox, status: 'sent', attempts: 1, lastError: null });
  expect(row!.textBody).toContain(`${admin} sent this test mail from the staff portal`);

  // The refused mail, with its reason and a Retry; retrying it takes it out of the failed list.
  const table = page.getByRole('table', { name: 'Failed mail, latest tried first' });
  const failedRow = table.locator(`tr[data-mail="${refused!.id}"]`);
  await expect(failedRow).toContainText(reason);
  await expect(failedRow).toContainText(subject);
  await expect(failedRow.getByRole('cell').nth(4)).toHaveText('10');
  expect(await axeViolations(page)).toEqual([]);
  await failedRow.getByRole('button', { name: `Retry the mail “${subject}” to ${site.staffInbox}` }).click();
  await expect(page.getByText('Mail queued again: it is sent in a moment').last()).toBeVisible();
  await expect(failedRow).toHaveCount(0);
  await expect
    .poll(async () => (await withDb((db) => db.select().from(mailOutbox).where(eq(mailOutbox.id, refused!.id))))[0])
    .toMatchObject({ status: 'sent', attempts: 1, lastError: null });

  // Both are in the audit log, by this admin.
  const actions = await withDb((db) =>
    db
      .select({ action: auditLog.action, targetId: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.actorEmail, admin), eq(auditLog.targetType, 'mail'))),
  );
  expect(actions).toEqual(
    expect.arrayContaining([
      { action: 'mail.test', targetId: mail.id },
      { action: 'mail.retry', targetId: refused!.id },
    ]),
  );
  expect(actions).toHaveLength(2);
});
