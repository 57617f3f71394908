import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './helpers.ts';
import { adminCli, appCode, password, signOut } from './portal.ts';

/** A code the app does not show now (nor in the neighbouring 30 seconds the server also accepts). */
const notTheCode = async (key: string) => String((Number(await appCode(key)) + 500_000) % 1_000_000).padStart(6, '0');

async function passwordStep(page: Page, email: string) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an admin turns on two-factor sign-in, then signs in with a code and with a recovery code', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `two-factor-${Date.now()}@bolesta.example`;
  adminCli('create', email, '--role', 'admin', '--password', password);

  await passwordStep(page, email);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await page.getByRole('button', { name: 'Account security' }).click();
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Turn on two-factor sign-in' })).toBeFocused();
  // A wrong password is said next to the field.
  await page.getByLabel('Your password').fill('not my password at all');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That password is not right.' })).toBeVisible();
  await expect(page.getByLabel('Your password')).toBeFocused();
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();

  // The setup: the key as text, the otpauth link, the recovery codes to keep.
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused();
  const key = (await page.locator('#two-factor-key').textContent())!;
  expect(key.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32,}$/);
  await page.getByText('Setup link (otpauth)').click();
  await expect(page.getByText(/^otpauth:\/\/totp\/Bolesta:/)).toBeVisible();
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .txt' }).click();
  const saved = readFileSync((await (await download).path())!, 'utf8');
  for (const code of codes) expect(saved).toContain(code);
  expect(await axeViolations(page)).toEqual([]);

  const confirm = page.getByLabel('Code from your authenticator app');
  await confirm.fill(await notTheCode(key));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right.' })).toBeVisible();
  await expect(confirm).toBeFocused();
  await confirm.fill(await appCode(key));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is on.').last()).toBeVisible();
  await expect(page.getByText(/Two-factor sign-in is on: signing in takes/)).toBeVisible();
  await signOut(page);

  // The password alone no longer signs in: the code step follows.
  await passwordStep(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor code' })).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Code from your authenticator app' });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(await axeViolations(page)).toEqual([]);
  await code.fill(await notTheCode(key));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right.' })).toBeVisible();
  await expect(code).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await code.fill(await appCode(key, 1)); // the setup used this step's code
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('Signed in successfully!').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await signOut(page);

  // A recovery code instead of the app; Cancel goes back to the password first.
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const recovery = page.getByRole('textbox', { name: 'Recovery code' });
  await expect(recovery).toBeFocused();
  await recovery.fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('Signed in successfully!').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
});
