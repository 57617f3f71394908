import { readFileSync } from 'node:fs';
import { and, eq, like } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { auditSubmissions, blogPosts, contactMessages, userRoles, users, verifications } from '../../src/db/schema.ts';
import { contactPayload } from '../fixtures/forms.ts';
import { withDb } from './db.ts';
import { axeViolations } from './helpers.ts';
import { adminCli, createStaff, grantRole, password, saved, seedIntake, signIn, signOut } from './portal.ts';

test('an administrator made on the command line runs the whole portal', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const admin = `admin-${stamp}@bolesta.example`;
  const colleague = `colleague-${stamp}@bolesta.example`;
  expect(adminCli('create', admin, '--role', 'admin', '--password', password)).toMatch(/admin/);
  await createStaff(colleague, 'viewer');
  const company = `Helix ${stamp}`;
  const { id: submissionId, pdf } = await seedIntake(request, baseURL!, company);
  const message = { ...contactPayload(), name: `Ada ${stamp}` };
  const { id: messageId } = await (
    await request.post('/api/contact', { data: message, headers: { origin: baseURL! } })
  ).json();

  await signIn(page, admin);
  const tabs = page.getByRole('tablist', { name: 'Portal sections' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Leads',
    'Pipeline',
    'Audit Submissions',
    'Contact Messages',
    'Dashboard',
    'Blog Posts',
    'User Roles',
    'Audit Log',
    'Mail',
    'System',
  ]);
  expect(await axeViolations(page)).toEqual([]);

  // Audit submissions (the Leads tab comes first): pending is yellow; setting reviewed turns it blue and stamps updated_at.
  await tabs.getByRole('tab', { name: 'Audit Submissions' }).click();
  const row = page.locator(`tr[data-submission="${submissionId}"]`);
  await expect(row.locator('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
  const before = (
    await withDb((db) => db.select().from(auditSubmissions).where(eq(auditSubmissions.id, submissionId)))
  )[0]!;
  await row.getByRole('combobox', { name: `Status of ${company}` }).selectOption('reviewed');
  await expect(page.getByText('Status updated successfully').last()).toBeVisible();
  await expect(row.locator('[data-tone]')).toHaveAttribute('data-tone', 'blue');
  const after = (
    await withDb((db) => db.select().from(auditSubmissions).where(eq(auditSubmissions.id, submissionId)))
  )[0]!;
  expect(after.status).toBe('reviewed');
  expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());

  // The detail: every answer under its step, and the document downloads byte-identical.
  await row.getByRole('button', { name: `View ${company}` }).click();
  const detail = page.getByRole('region', { name: company });
  for (const heading of [
    'Company Profile',
    'Marketing Presence',
    'Business Development Setup',
    'Goals & Pain Points',
    'Documents',
  ])
    await expect(detail.getByRole('heading', { name: heading })).toBeVisible();
  await expect(detail).toContainText('Katalin Karikó');
  await expect(detail).toContainText('HubSpot');
  const downloading = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download capabilities.pdf' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('capabilities.pdf');
  expect(readFileSync((await file.path())!)).toEqual(pdf);
  expect(await axeViolations(page)).toEqual([]);

  // CSV of the current view: a header and one row per record.
  const csv = await page.evaluate(
    async (q) => (await fetch(`/api/admin/submissions/export.csv?q=${q}`)).text(),
    encodeURIComponent(company),
  );
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(company);

  // Contact messages: opening an unread message marks it read; Mark as Replied.
  await tabs.getByRole('tab', { name: 'Contact Messages' }).click();
  const item = page.locator(`li[data-message="${messageId}"]`);
  await expect(item.locator('[data-tone]')).toHaveAttribute('data-tone', 'red');
  await item.getByRole('button', { name: new RegExp(`^Ada ${stamp}`) }).click();
  await expect(item).toContainText(message.message);
  await expect(item.locator('[data-tone]')).toHaveAttribute('data-tone', 'blue');
  expect(
    (await withDb((db) => db.select().from(contactMessages).where(eq(contactMessages.id, messageId))))[0]!.status,
  ).toBe('read');
  await item.getByRole('button', { name: /Mark as Replied/ }).click();
  await expect(item.locator('[data-tone]')).toHaveAttribute('data-tone', 'green');
  expect(await axeViolations(page)).toEqual([]);

  // Blog posts: create published (slug from the title, published_at set), edit, delete after confirming.
  await tabs.getByRole('tab', { name: 'Blog Posts' }).click();
  await page.getByRole('button', { name: 'New Post' }).click();
  const title = `CRO Marketing in 2027: What Works! ${stamp}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Content' }).fill('## Hello\n\nFirst post.');
  await page.getByRole('textbox', { name: 'Excerpt' }).fill('What works for CROs.');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('published');
  expect(await axeViolations(page)).toEqual([]);
  await saved(page, 'POST', () => page.getByRole('button', { name: 'Create Post' }).click());
  await expect(page.getByText('Blog post created successfully').last()).toBeVisible();
  const slug = `cro-marketing-in-2027-what-works-${stamp}`;
  const [post] = await withDb((db) => db.select().from(blogPosts).where(eq(blogPosts.slug, slug)));
  expect(post).toBeDefined();
  expect(post!.publishedAt).not.toBeNull();
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByRole('textbox', { name: 'Excerpt' }).fill('What really works for CROs.');
  await saved(page, 'PATCH', () => page.getByRole('button', { name: 'Update Post' }).click());
  await expect(page.getByText('Blog post updated successfully').last()).toBeVisible();
  const [edited] = await withDb((db) => db.select().from(blogPosts).where(eq(blogPosts.id, post!.id)));
  expect(edited!.excerpt).toBe('What really works for CROs.');
  expect(edited!.publishedAt).toEqual(post!.publishedAt);
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this blog post?');
    void dialog.accept();
  });
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByText('Blog post deleted successfully').last()).toBeVisible();
  expect(await withDb((db) => db.select().from(blogPosts).where(eq(blogPosts.id, post!.id)))).toHaveLength(0);

  // User roles: grant by email, both refusals, remove after confirming; badges and short ids.
  await tabs.getByRole('tab', { name: 'User Roles' }).click();
  await grantRole(page, colleague, 'editor');
  const form = page.getByRole('form', { name: 'Add a role' });
  await form.getByRole('textbox', { name: 'User email' }).fill(colleague);
  await form.getByRole('combobox', { name: 'Role' }).selectOption('editor');
  await form.getByRole('button', { name: 'Add Role' }).click();
  await expect(page.getByText('User already has this role').last()).toBeVisible();
  await form.getByRole('textbox', { name: 'User email' }).fill(`nobody-${stamp}@bolesta.example`);
  await form.getByRole('button', { name: 'Add Role' }).click();
  await expect(page.getByText('User with this email not found').last()).toBeVisible();
  const granted = page.locator('tr', { hasText: colleague }).filter({ hasText: 'editor' });
  await expect(granted.locator('[data-tone]')).toHaveAttribute('data-tone', 'blue');
  await expect(granted.locator('td.font-mono')).toHaveText(/^[\w-]{8}$/);
  expect(await axeViolations(page)).toEqual([]);
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to remove this role?');
    void dialog.accept();
  });
  await granted.getByRole('button', { name: /^Remove/ }).click();
  await expect(page.getByText('User role removed successfully').last()).toBeVisible();
  await expect(granted).toHaveCount(0);

  // Sign out ends the session and goes home.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully').last()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/admin/me')).status()).toBe(401);
});

test('a viewer sees read-only tabs', async ({ page, request, baseURL }) => {
  const viewer = `viewer-${Date.now()}@bolesta.example`;
  await createStaff(viewer, 'viewer');
  await seedIntake(request, baseURL!, `Viewer Co ${Date.now()}`);
  await request.post('/api/contact', { data: contactPayload(), headers: { origin: baseURL! } });
  await signIn(page, viewer);
  const tabs = page.getByRole('tablist', { name: 'Portal sections' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Leads',
    'Pipeline',
    'Audit Submissions',
    'Contact Messages',
    'Dashboard',
  ]);
  await expect(page.locator('tr[data-lead]').first()).toBeVisible();
  await tabs.getByRole('tab', { name: 'Audit Submissions' }).click();
  await expect(page.locator('tr[data-submission]').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Status of/ })).toHaveCount(0);
  await tabs.getByRole('tab', { name: 'Contact Messages' }).click();
  await expect(page.locator('li[data-message]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Mark as Replied/ })).toHaveCount(0);
  // The server holds the line too, whatever the page shows.
  const change = await page.evaluate(async () => (await fetch('/api/admin/posts')).status);
  expect(change).toBe(403);
});

test('the sign-in screen: required fields, sign-up without access, no-role notice', async ({ page }) => {
  test.setTimeout(60_000); // four screens and a sign-up: 26–33 s on a busy 2-core machine
  await page.goto('/admin');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: /Need an account/ }).click();
  const email = `newcomer-${Date.now()}@bolesta.example`;
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Use 12 to 128 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Check your email for the confirmation link!').last()).toBeVisible();

  // Not confirmed yet: no sign-in.
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(/confirm/i).first()).toBeVisible();

  // The link of the confirmation mail (its token, as the outbox's verification row holds it) chooses the password:
  // the one typed at sign-up no longer signs in, the chosen one does, and the account still has no role.
  const token = await withDb(async (db) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const rows = await db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(and(eq(verifications.value, user!.id), like(verifications.identifier, 'reset-password:%')));
    return rows.at(-1)!.identifier.slice('reset-password:'.length);
  });
  await page.goto(`/admin?confirm=${token}`);
  await expect(page.getByRole('heading', { name: 'Confirm your email: choose your password' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel('Your password', { exact: true }).fill(`${password} again`);
  await page.getByRole('button', { name: 'Confirm and save password' }).click();
  await expect(
    page.getByText('Your email is confirmed and your password saved. Sign in with it.').last(),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(/invalid email or password/i).last()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(`${password} again`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Your account has no access yet. An administrator must grant you a role.')).toBeVisible();
  await signOut(page);

  // A confirmed account whose role was taken away sees the notice of decision 10.
  const roleless = `roleless-${Date.now()}@bolesta.example`;
  await createStaff(roleless, 'viewer');
  await withDb(async (db) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, roleless));
    await db.delete(userRoles).where(eq(userRoles.userId, user!.id));
  });
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'Email' }).fill(roleless);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Your account has no access yet. An administrator must grant you a role.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
