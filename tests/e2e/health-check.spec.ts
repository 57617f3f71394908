import { expect, test } from '@playwright/test';
import { e2eHealthToken } from '../fixtures/health-token.ts';
import { axeViolations, hydrated } from './helpers.ts';

// The portal's "Check the site's set-up" screen (docs/deploy-checklist.md, steps 6 and 7): the holder of HEALTH_TOKEN
// reads what /api/health found in a browser, with no account and no terminal; the token goes in a header only.
test('the health token pasted on the sign-in screen shows what each check found; a wrong one is refused', async ({
  page,
}) => {
  const asked: { url: string; authorization: string | undefined }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/health')
      asked.push({ url: request.url(), authorization: request.headers()['authorization'] });
  });
  await page.goto('/admin');
  await hydrated(page);
  await page.getByRole('button', { name: 'Check the site’s set-up (health token)' }).click();
  await expect(page.getByRole('heading', { name: 'Check the site’s set-up' })).toBeVisible();
  const field = page.getByLabel('Health token');
  await expect(field).toHaveAttribute('type', 'password');

  // Nothing pasted: the field says so, and nothing is asked.
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Paste the health token (HEALTH_TOKEN) here.');
  expect(asked).toEqual([]);

  // A wrong token: a visible refusal under the field, no detail.
  await field.fill('not-the-token-of-this-site-0123456789abcdef');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('That is not this site’s health token.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Database:')).toHaveCount(0);

  // The right one: each part of the site, in words, and the token gone from the field.
  await field.fill(e2eHealthToken);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const found = page.getByRole('region', { name: 'What the site found' });
  await expect(found.getByRole('status')).toHaveText('Everything works on a local copy.');
  await expect(found.getByRole('heading', { level: 3 })).toHaveText([
    'Database: fine',
    'Sign-in secret (BETTER_AUTH_SECRET): fine',
    'Settings: fine',
    'Mail: fine',
    'Document storage: fine',
    'Replies and delivery reports from Resend: fine',
  ]);
  await expect(found).toContainText('reachable and migrated');
  await expect(field).toHaveValue('');
  expect(await axeViolations(page)).toEqual([]);

  // The token travelled in the Authorization header only: never in an address, never kept by the page.
  expect(asked.map((a) => a.authorization)).toEqual([
    'Bearer not-the-token-of-this-site-0123456789abcdef',
    `Bearer ${e2eHealthToken}`,
  ]);
  expect(asked.every((a) => !a.url.includes('token') && new URL(a.url).search === '')).toBe(true);
  expect(page.url()).not.toContain(e2eHealthToken);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(e2eHealthToken);

  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
});
