/** The portal's end-to-end helpers: staff made with `npm run admin`, signing in, an intake with a document. */
import { execFileSync } from 'node:child_process';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Role } from '../../src/lib/statuses.ts';
import { runAdmin } from '../../scripts/admin.ts';
import { intakePayload } from '../fixtures/forms.ts';
import { withDb } from './db.ts';

export const password = 'correct horse battery staple';

/**
 * Clicks and waits for the post's save to be answered: a toast alone may be the previous save's, since
 * one of the same words can still be showing.
 */
export async function saved(page: Page, method: string, click: () => Promise<void>) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/posts') && r.request().method() === method);
  await click();
  expect((await answered).ok()).toBe(true);
}

/** `npm run admin -- …` against the running server's database (the CLI joins it over its socket). */
export function adminCli(...args: string[]): string {
  return execFileSync(process.execPath, ['scripts/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

/**
 * A staff account with `role` and the tests' password, made by `npm run admin -- create`'s own code (runAdmin) in
 * this worker, on the server's database: the command's process would load the same modules again for each account
 * (about 1.5 CPU s and up to 4 s of the worker's time apiece, 26 accounts a run). admin.spec.ts runs the command
 * itself.
 */
export async function createStaff(email: string, role: Role, name?: string): Promise<void> {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const args = ['create', email, '--role', role, '--password', password, ...(name ? ['--name', name] : [])];
  const code = await withDb((db) => runAdmin(args, db, io));
  if (code !== 0) throw new Error(`npm run admin -- create ${email} failed (${code}): ${lines.join('\n')}`);
}

export async function signIn(page: Page, email: string) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Signed in successfully!').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
}

/** The authenticator app's code for the setup key read from the screen: this 30-second step's, or a later one's. */
export const appCode = (key: string, ahead = 0) =>
  createOTP(base32.decode(key.replace(/\s+/g, ''))).hotp(Math.floor(Date.now() / 30_000) + ahead);

/**
 * Turns on two-factor sign-in under Account security, as a staff member does with their authenticator app; returns
 * the setup key (this 30-second step's code is then used: the next one is `appCode(key, 1)`).
 */
export async function turnOnTwoFactor(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Account security' }).click();
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const key = (await page.locator('#two-factor-key').textContent())!;
  await page.getByLabel('Code from your authenticator app').fill(await appCode(key));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is on.').last()).toBeVisible();
  return key;
}

/**
 * Signs out from the portal and waits for the home page it then opens (800 ms after the toast): a `goto` made
 * before that navigation would be interrupted by it.
 */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully').last()).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
}

/** An intake with one small PDF, sent through the public API as the wizard sends it. */
export async function seedIntake(
  request: APIRequestContext,
  baseURL: string,
  company: string,
  answers: Partial<ReturnType<typeof intakePayload>> = {},
) {
  const headers = { origin: baseURL };
  const created = await request.post('/api/audits', {
    data: { ...intakePayload(), companyName: company, ...answers },
    headers,
  });
  const { id, uploadToken } = await created.json();
  const auth = { ...headers, authorization: `Bearer ${uploadToken}` };
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('a capability statement '.repeat(400))]);
  const start = await request.post('/api/uploads', {
    data: { fileName: 'capabilities.pdf', fileSize: pdf.length },
    headers: auth,
  });
  const { uploadId } = await start.json();
  await request.put(`/api/uploads/${uploadId}/parts/0`, {
    data: pdf,
    headers: { ...auth, 'content-type': 'application/octet-stream' },
  });
  expect((await request.post(`/api/uploads/${uploadId}/complete`, { headers: auth })).status()).toBe(201);
  return { id, pdf };
}

/** Grants `role` to `email` in the User Roles tab's form, and waits for the toast. */
export async function grantRole(page: Page, email: string, role: Role) {
  const form = page.getByRole('form', { name: 'Add a role' });
  await form.getByRole('textbox', { name: 'User email' }).fill(email);
  await form.getByRole('combobox', { name: 'Role' }).selectOption(role);
  await form.getByRole('button', { name: 'Add Role' }).click();
  await expect(page.getByText('User role added successfully').last()).toBeVisible();
}
