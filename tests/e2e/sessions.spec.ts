// Active sessions under Account security (ASVS 7.5.2): signed in from two browsers, a staff member sees both,
// signs the other out behind the password, and that browser's next portal call finds it signed out.
import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers.ts';
import { createStaff, password, signIn } from './portal.ts';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('a staff member sees their two sessions and signs the other out; its next call is signed out', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `sessions-${Date.now()}@bolesta.example`;
  await createStaff(email, 'editor');

  const desk = await browser.newContext();
  const phone = await browser.newContext({ userAgent: PHONE });
  const here = await desk.newPage();
  const there = await phone.newPage();
  await signIn(there, email);
  await signIn(here, email);

  await here.getByRole('button', { name: 'Account security' }).click();
  const sessions = here.getByRole('table', { name: 'Your active sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3); // the header and two sessions
  const current = sessions.getByRole('row').filter({ hasText: 'This device' });
  await expect(current).toContainText('Chrome');
  const other = sessions.getByRole('row').filter({ hasText: 'iPhone' });
  await expect(other).toContainText('Safari 17');
  await expect(other).toContainText('127.0.0.1');
  expect(await axeViolations(here)).toEqual([]);

  // The password first: a wrong one is said next to the field, and ends nothing.
  await other.getByRole('button', { name: /^Sign out/ }).click();
  await expect(here.getByRole('heading', { name: 'Sign out iPhone, Safari 17' })).toBeFocused();
  expect(await axeViolations(here)).toEqual([]);
  await here.getByLabel('Your password').fill('not my password at all');
  await here.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(here.getByText('That password is not right.')).toBeVisible();
  await here.getByLabel('Your password').fill(password);
  await here.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(here.getByText('iPhone, Safari 17 is signed out.').last()).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(2);

  // The phone's next call to the portal: its session is gone.
  await there.getByRole('tab', { name: 'Contact Messages' }).click();
  await expect(there.getByText('Your session expired. Please sign in again.')).toBeVisible();

  // This browser's own session was kept.
  await here.getByRole('tab', { name: 'Leads' }).click();
  await expect(here.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await desk.close();
  await phone.close();
});
