import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readEntryData } from '../../scripts/lib/content-check.ts';
import { LOCAL_PROXY_PATH, LOCAL_TOKEN_HEADER } from '../../src/lib/cms-config.ts';

// The browser editor in local mode (`npm run cms`): playwright.config.ts starts a second server whose editor writes
// to a scratch copy of content/ (E2E_CMS_DIR), never to the repository's own files.
const run = promisify(execFile);
const cmsURL = `http://localhost:${Number(process.env.E2E_PORT ?? 4321) + 1}`;
const scratch = process.env.E2E_CMS_DIR!;
const resources = path.join(scratch, 'content', 'resources');
const cover = path.resolve('content/resources/images/cro-linkedin-strategies.webp');

// Serial: the second test writes the file the first one must not. Each loads the editor's 960 KB script (about
// 15 s a test alone, up to twice that beside the rest of the suite on two cores).
test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** Signs in to the local editor (no account: the proxy needs none) and opens a new resource. */
async function newResource(page: Page) {
  await page.goto(`${cmsURL}/cms`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${cmsURL}/cms#/collections/resources/new`);
  await expect(page.getByText('Writing in Resources collection')).toBeVisible();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true }).first();

test("a description of 300 characters, a missing cover and a title that makes no address are shown on the field in the check's words, and nothing is written", async ({
  page,
}) => {
  const before = readdirSync(resources);
  await newResource(page);
  await field(page, 'Title').fill('snake_case_resource_title');
  await field(page, 'Description').fill('A'.repeat(300));
  await field(page, 'Image alt').click(); // leaving a field checks it
  await expect(page.getByText('Description must be 50–170 characters.')).toBeVisible();
  await expect(page.getByText(/^Title must be 10–65 characters; .*page address/)).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  // The editor refuses to save: each field says why, and for a few seconds no file appears.
  await expect(page.getByText('Image is missing.')).toBeVisible();
  await expect(page.getByText('Description must be 50–170 characters.')).toBeVisible();
  await expect(page.getByText('Unsaved Changes')).toBeVisible();
  await page.waitForTimeout(3000);
  expect(readdirSync(resources)).toEqual(before);
});

test('an editor creates a resource: the file has valid front matter, the content check passes and the copy builds with its page', async ({
  page,
}) => {
  // The build of the copy takes most of it (about 15 s on an idle machine, more beside the other tests).
  test.setTimeout(240_000);
  await newResource(page);
  await field(page, 'Title').fill('How Labs Win Vendor Audits');
  await field(page, 'Description').fill(
    'What a sponsor checks in a vendor audit of a lab, and the five documents that answer most of it.',
  );
  await page.getByRole('button', { name: /Add tags/ }).click();
  await page.getByLabel('Tags', { exact: true }).last().fill('Audits');
  // The cover, uploaded through the editor's media library into content/resources/images/.
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type="file"]').setInputFiles(cover);
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await field(page, 'Image alt').fill('A lab bench with a checklist');
  await page.getByRole('button', { name: 'Now' }).click();
  await page.getByLabel('Tab', { exact: true }).first().click();
  await page.getByRole('option', { name: 'blog' }).click();
  // A blog article offers no file unless one is added (docs/decisions/0041-resource-downloads.md): the file field
  // and the gated switch are there, and left alone write nothing.
  await expect(page.getByText(/^File to download/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose a file' })).toBeVisible();
  await expect(page.getByText('Gated (mailed behind a form)')).toBeVisible();
  const cta = page.getByLabel('object field').filter({ hasText: 'Call to action' });
  await cta.getByLabel('Title', { exact: true }).fill('Get ready for your next audit');
  await cta
    .getByLabel('Text', { exact: true })
    .fill('We help labs show their quality system the way sponsors read it.');
  await cta.getByLabel('Label', { exact: true }).fill('Talk to us');
  await cta.getByLabel('Link', { exact: true }).fill('/contact');
  await page.locator('[data-slate-editor="true"]').click();
  await page.keyboard.type('Sponsors audit the quality system first.');

  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  const file = path.join(resources, 'how-labs-win-vendor-audits.mdx');
  await expect.poll(() => existsSync(file), { timeout: 15_000 }).toBe(true);

  const data = readEntryData(file) as Record<string, unknown>;
  expect(data).toMatchObject({
    title: 'How Labs Win Vendor Audits',
    tags: ['Audits'],
    tab: 'blog',
    cta: { label: 'Talk to us', href: '/contact' },
  });
  expect(data).not.toHaveProperty('gated');
  expect(data).not.toHaveProperty('file');
  expect(existsSync(path.resolve(resources, String(data.image)))).toBe(true);
  expect(readFileSync(file, 'utf8')).toContain('Sponsors audit the quality system first.');

  // The agency's details are content too: Site settings, edited here, shown by the build of the copy.
  // The file is written before the editor has finished publishing: it then moves itself to the new entry's address,
  // and a click on the way back made before that move is undone by it (the editor stays on the entry). Leave once the
  // editor has arrived.
  await expect(page).toHaveURL(/#\/collections\/resources\/entries\/how-labs-win-vendor-audits$/);
  await expect(page.getByText('Changes saved')).toBeVisible();
  await page.getByRole('link', { name: /Writing in Resources collection/ }).click();
  await page.getByRole('link', { name: 'Site settings', exact: true }).click();
  await page.getByRole('link', { name: /^Site settings: contact details/ }).click();
  await field(page, 'Phone').fill('+1 215 867 2210');
  await field(page, 'Street').fill('1500 Walnut Street, Floor 7');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  const settingsFile = path.join(scratch, 'content', 'site', 'settings.json');
  await expect.poll(() => readFileSync(settingsFile, 'utf8'), { timeout: 15_000 }).toContain('+1 215 867 2210');
  expect(JSON.parse(readFileSync(settingsFile, 'utf8'))).toMatchObject({
    phone: '+1 215 867 2210',
    address: { street: '1500 Walnut Street, Floor 7', city: 'Philadelphia' },
  });

  const env = { ...process.env, CONTENT_DIR: path.join(scratch, 'content') };
  const check = await run(process.execPath, ['scripts/check-content.ts'], { env });
  expect(check.stdout).toContain('is fine');

  const dist = path.join(scratch, 'dist');
  await run(process.execPath, ['tests/e2e/support/build-copy.ts', path.join(scratch, 'content'), dist], { env });
  const built = readFileSync(path.join(dist, 'resources', 'how-labs-win-vendor-audits.html'), 'utf8');
  expect(built).toContain('How Labs Win Vendor Audits');
  expect(built).toContain('Sponsors audit the quality system first.');
  // The footer and the contact page print the edited details, and the JSON-LD carries them.
  const contact = readFileSync(path.join(dist, 'contact.html'), 'utf8');
  expect(contact).toContain('+1 215 867 2210');
  expect(contact).toContain('1500 Walnut Street, Floor 7, Philadelphia');
  const home = readFileSync(path.join(dist, 'index.html'), 'utf8');
  expect(home).toContain('href="tel:+12158672210"');
  const jsonLd = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1]!),
  ) as { '@type': string; telephone?: string; address?: { streetAddress: string } }[];
  expect(jsonLd.find((block) => block['@type'] === 'Organization')).toMatchObject({
    telephone: '+12158672210',
    address: { streetAddress: '1500 Walnut Street, Floor 7' },
  });
  expect(home).not.toContain('010-0199');
});

test("/cms is its own page: noindex, the editor's own policy, and its frame passes axe", async ({ page }) => {
  const response = await page.goto(`${cmsURL}/cms`);
  expect(response!.headers()['x-robots-tag']).toContain('noindex');
  expect(response!.headers()['content-security-policy']).toContain("'unsafe-eval'");
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  // The page's own frame (its language, title and notices); Decap's screen is the editor's own (#nc-root).
  const results = await new AxeBuilder({ page }).exclude('#nc-root').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("the local proxy answers only with the secret of this run's editor page, and only under content/", async ({
  request,
}) => {
  const proxy = `${cmsURL}${LOCAL_PROXY_PATH}`;
  const read = (file: string) => ({ action: 'getEntry', params: { branch: 'main', path: file } });
  const own = 'content/resources/cro-linkedin-strategies.mdx';
  // A program on this computer (or a page elsewhere) that sets the Origin itself holds no secret.
  const tokenless = await request.post(proxy, { headers: { Origin: cmsURL }, data: read(own) });
  expect(tokenless.status()).toBe(401);
  expect(await tokenless.json()).toMatchObject({ reason: 'no_token' });
  // The editor page carries it (the editor adds it to each of its requests); with it, content/ answers, .env not.
  const page = await (await request.get(`${cmsURL}/cms`)).text();
  const token = /data-local-token="([^"]+)"/.exec(page)?.[1];
  expect(token).toBeTruthy();
  const headers = { Origin: cmsURL, [LOCAL_TOKEN_HEADER]: token! };
  expect((await request.post(proxy, { headers, data: read(own) })).status()).toBe(200);
  const env = await request.post(proxy, { headers, data: read('.env') });
  expect(env.status()).toBe(403);
  expect(await env.json()).toMatchObject({ reason: 'outside_content' });
});

test('the built frame /cms-shell is never served on its own with the public policy: it goes to /cms, noindex', async ({
  page,
  request,
}) => {
  for (const shell of ['/cms-shell', '/cms-shell/', '/cms-shell.html']) {
    const response = await request.get(shell, { maxRedirects: 0 });
    expect(response.status(), shell).toBe(308);
    expect(response.headers()['location']).toMatch(/^http:\/\/localhost:\d+\/cms$/);
    expect(response.headers()['x-robots-tag']).toContain('noindex');
  }
  const response = await page.goto(`${cmsURL}/cms-shell`);
  expect(new URL(page.url()).pathname).toBe('/cms');
  expect(response!.headers()['content-security-policy']).toContain("'unsafe-eval'");
  expect(response!.headers()['x-robots-tag']).toContain('noindex');
});
