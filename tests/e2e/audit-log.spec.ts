import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { shortAuditPayload } from '../fixtures/forms.ts';
import { axeViolations } from './helpers.ts';
import { createStaff, grantRole, signIn, signOut } from './portal.ts';

test('an admin reads the audit log newest first and exports it; an editor has no such tab', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const admin = `auditor-${stamp}@bolesta.example`;
  const colleague = `audited-${stamp}@bolesta.example`;
  const editor = `editor-${stamp}@bolesta.example`;
  await createStaff(admin, 'admin');
  await createStaff(colleague, 'viewer');
  await createStaff(editor, 'editor');
  const company = `Audited ${stamp}`;
  const created = await request.post('/api/audits', {
    data: { ...shortAuditPayload(), companyName: company },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { id: submissionId } = await created.json();

  await signIn(page, admin);
  const tabs = page.getByRole('tablist', { name: 'Portal sections' });
  await tabs.getByRole('tab', { name: 'Audit Submissions' }).click();
  const row = page.locator(`tr[data-submission="${submissionId}"]`);
  await row.getByRole('combobox', { name: `Status of ${company}` }).selectOption('reviewed');
  await expect(page.getByText('Status updated successfully').last()).toBeVisible();
  await tabs.getByRole('tab', { name: 'User Roles' }).click();
  await grantRole(page, colleague, 'editor');

  await tabs.getByRole('tab', { name: 'Audit Log' }).click();
  const log = page.getByRole('table', { name: 'Audit log, newest first' });
  const granted = log.locator('tr[data-action="role.grant"]', { hasText: `editor to ${colleague}` });
  const reviewed = log.locator(`tr[data-action="submission.status"]:has([title="${submissionId}"])`);
  await expect(granted.getByRole('cell')).toHaveText([
    /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/,
    admin,
    'Granted a role',
    /^User [\w-]{8}$/,
    `editor to ${colleague}`,
  ]);
  await expect(reviewed.getByRole('cell')).toHaveText([
    /\d{2}:\d{2}$/,
    admin,
    'Changed a submission’s status',
    `Submission ${submissionId.slice(0, 8)}`,
    'pending → reviewed',
  ]);
  // Newest first: the grant, then the status change, then the viewer role the command line gave before.
  const order = await log.locator('tbody tr').evaluateAll(
    (rows, marks) => {
      const index = (test: (row: Element) => boolean) => rows.findIndex(test);
      return [
        index((r) => r.textContent!.includes(`editor to ${marks.colleague}`)),
        index((r) => r.querySelector(`[title="${marks.submissionId}"]`) !== null),
        index((r) => r.textContent!.includes(`viewer to ${marks.colleague} (npm run admin -- create)`)),
      ];
    },
    { colleague, submissionId },
  );
  expect(order[0]).toBeGreaterThanOrEqual(0);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(new Set(order).size).toBe(3);
  expect(await axeViolations(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe('id,at,actor_id,actor_email,action,target_type,target_id,detail');
  const grantLine = lines.findIndex((l) => l.includes(`,${admin},role.grant,user,`) && l.includes(colleague));
  const statusLine = lines.findIndex((l) => l.includes(`,${admin},submission.status,submission,${submissionId},`));
  expect(grantLine).toBeGreaterThan(0);
  expect(statusLine).toBeGreaterThan(grantLine);
  expect(lines[statusLine]).toContain('""from"":""pending""');

  // An editor sees no Audit Log tab, and the server refuses them the log too.
  await signOut(page);
  await signIn(page, editor);
  await expect(tabs.getByRole('tab')).toHaveText([
    'Leads',
    'Pipeline',
    'Audit Submissions',
    'Contact Messages',
    'Dashboard',
    'Blog Posts',
  ]);
  expect(await page.evaluate(async () => (await fetch('/api/admin/audit-log')).status)).toBe(403);
});
