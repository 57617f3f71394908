/**
 * The site opened at http://127.0.0.1:PORT instead of http://localhost:PORT (the config's baseURL). The
 * request URL a function sees comes from the Host header, so the Origin check passes on either address.
 */
import { execFileSync } from 'node:child_process';
import { desc, eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { contactMessages } from '../../src/db/schema.ts';
import { withDb } from './db.ts';
import { hydrated, stubGtag } from './helpers.ts';

const loopback = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4321)}`;
const password = 'correct horse battery staple';

test.use({ baseURL: loopback });

test('the contact form submits from 127.0.0.1 and the message is stored', async ({ page }) => {
  await stubGtag(page);
  await page.clock.install();
  await page.goto('/contact');
  expect(page.url()).toBe(`${loopback}/contact`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Contact form' });
  const email = `loopback+${Date.now()}@example.com`;
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Rosalind Franklin');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Company', exact: true }).fill('Cavendish Crystallography');
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Writing from the loopback address.');
  await form.getByLabel(/I agree that my information/).check();
  // A person takes longer than the spam filter's minimum fill time.
  await page.clock.fastForward(10_000);
  const answered = page.waitForResponse((r) => r.url() === `${loopback}/api/contact`);
  await form.getByRole('button', { name: 'Submit Inquiry' }).click();
  const response = await answered;
  // Before the request URL followed the Host header, this was 403 "This request did not come from this website."
  expect(response.status(), await response.text()).toBe(201);

  await expect(page.getByText('Your inquiry has been submitted!')).toBeVisible();
  const [row] = await withDb((db) =>
    db.select().from(contactMessages).where(eq(contactMessages.email, email)).orderBy(desc(contactMessages.createdAt)),
  );
  expect(row).toMatchObject({ name: 'Rosalind Franklin', message: 'Writing from the loopback address.' });
});

test('a staff member signs in at 127.0.0.1/admin and sees the portal', async ({ page }) => {
  const email = `loopback-${Date.now()}@bolesta.example`;
  // `npm run admin -- create …` against the running server's database (the CLI joins it over its socket).
  execFileSync(process.execPath, ['scripts/admin.ts', 'create', email, '--role', 'viewer', '--password', password], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });

  await page.goto('/admin');
  expect(page.url()).toBe(`${loopback}/admin`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse((r) => r.url().startsWith(`${loopback}/api/auth/sign-in`));
  await page.getByRole('button', { name: 'Sign In' }).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  await expect(page.getByText('Signed in successfully!').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Portal sections' }).getByRole('tab').first()).toBeVisible();
});
