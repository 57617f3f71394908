/**
 * A resource's file end to end (docs/decisions/0041-resource-downloads.md): a visitor from a campaign asks for a
 * whitepaper on its page, is told a mail is on its way, and the mailed link serves the very file the build made
 * until its limit; staff see the request and the opening on the lead's timeline with the campaign. An ungated
 * file downloads at once. One story in order: the second test reads what the first made.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { leads } from '../../src/db/schema.ts';
import { DOWNLOAD_LINK } from '../../src/lib/forms/download.schema.ts';
import { RESOURCE_FILES_DIR } from '../../src/lib/resource-files.ts';
import { withDb } from './db.ts';
import { collectErrors, hydrated } from './helpers.ts';
import { createStaff, signIn } from './portal.ts';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const email = `reader+${stamp}@cro-labs.example`;
const viewer = `viewer-downloads-${stamp}@bolesta.example`;
const built = (name: string) => readFileSync(path.join(RESOURCE_FILES_DIR, name));
let leadId = '';

/**
 * The link of the mail sent to `to`: the local server keeps each mail it sends in DATA_DIR/mail/. The submit's own
 * drain sends it after the answer (in the background), so the file may come a moment after the page says so.
 */
async function mailedLink(to: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const find = () =>
    (existsSync(folder) ? readdirSync(folder) : [])
      .map((f) => readFileSync(path.join(folder, f), 'utf8'))
      .find((m) => m.includes(`To: ${to}`) && m.includes('(download.confirmation)'));
  await expect.poll(find, { message: `a download mail to ${to}`, timeout: 10_000 }).toBeDefined();
  return /https?:\/\/\S+\/downloads\/[\w-]{43}/.exec(find()!)![0];
}

test('a visitor from a campaign asks for a whitepaper; the mailed link serves it byte for byte until its limit', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000); // a page, a submit and six downloads: 10–20 s under load
  const errors = collectErrors(page);
  await page.clock.install(); // so the spam filter's minimum fill time can pass at once
  await page.goto('/resources?utm_source=linkedin&utm_campaign=rfp-week');
  await hydrated(page);
  await page.getByRole('tab', { name: 'Whitepapers' }).click();
  await page.getByRole('link', { name: 'Download Resource: RFP Readiness Checklist' }).click();
  await expect(page).toHaveURL(/\/resources\/rfp-readiness-checklist#download$/);
  await hydrated(page);
  const section = page.locator('#download');
  await expect(section).toContainText(`works for ${DOWNLOAD_LINK.days} days and opens it ${DOWNLOAD_LINK.opens} times`);
  const form = page.getByRole('form', { name: 'Get RFP Readiness Checklist' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Riley Reader');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Company', exact: true }).fill(`CRO Labs ${stamp}`);
  await form.getByLabel(/I agree that my information/).check();
  await page.clock.fastForward(10_000);
  await form.getByRole('button', { name: 'Email Me the File' }).click();
  await expect(page.getByRole('status').filter({ hasText: `A mail is on its way to ${email}.` })).toBeVisible();
  expect(errors).toEqual([]);

  const link = await mailedLink(email);
  const file = built('rfp-readiness-checklist.pdf');
  for (let i = 0; i < DOWNLOAD_LINK.opens; i++) {
    const got = await request.get(link);
    expect(got.status()).toBe(200);
    expect(got.headers()['content-type']).toBe('application/pdf');
    expect(got.headers()['x-robots-tag']).toBe('noindex');
    expect(got.headers()['cache-control']).toBe('private, no-store');
    expect(Buffer.from(await got.body()).equals(file)).toBe(true);
  }
  expect((await request.get(link)).status()).toBe(404);

  const [lead] = await withDb((db) => db.select().from(leads).where(eq(leads.emailKey, email)));
  expect(lead).toMatchObject({ firstForm: 'download', source: 'linkedin', awaitingSince: null });
  leadId = lead!.id;
});

test('the lead’s timeline shows the request with its campaign, then the opening', async ({ page }) => {
  test.setTimeout(45_000); // an account made with the CLI and a sign-in: 7–15 s under load
  await createStaff(viewer, 'viewer');
  await signIn(page, viewer);
  await page.goto(`/admin?lead=${leadId}`);
  const asked = page.locator('ol > li[data-kind="download"]');
  await expect(asked).toContainText('Asked for RFP Readiness Checklist');
  await expect(asked).toContainText('from the campaign rfp-week');
  await expect(page.locator('ol > li[data-kind="download-opened"]')).toContainText(
    `Opened RFP Readiness Checklist from the mailed link (${DOWNLOAD_LINK.opens} downloads so far)`,
  );
  // The request comes before its opening.
  const kinds = await page
    .locator('ol > li[data-kind^="download"]')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-kind')));
  expect(kinds).toEqual(['download', 'download-opened']);
});

test('an ungated resource downloads at once, nothing asked', async ({ page }) => {
  await page.goto('/resources/marketing-budget-calculator');
  await expect(page.getByRole('form', { name: /^Get / })).toHaveCount(0);
  const saved = page.waitForEvent('download');
  await page.locator('#download').getByRole('link', { name: 'Download Resource' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('marketing-budget-calculator.pdf');
  const bytes = readFileSync((await download.path())!);
  expect(bytes.equals(built('marketing-budget-calculator.pdf'))).toBe(true);
});
