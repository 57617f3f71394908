import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { inArray } from 'drizzle-orm';
import { leads } from '../../src/db/schema.ts';
import { contactPayload } from '../fixtures/forms.ts';
import { withDb } from './db.ts';
import { axeViolations } from './helpers.ts';
import { createStaff, signIn } from './portal.ts';

// The Dashboard tab for a viewer (issue 24): the figures of the last 4 weeks over leads sent through the public
// API, 12 weeks, a table and its CSV, a refused range, axe; and the link the weekly summary mail sends.
const stamp = Date.now();
// One worker, in order: under fullyParallel each test is a group of its own, and a worker that ran both re-ran
// beforeAll with the module's stamp, making the same viewer twice ("already exists").
test.describe.configure({ mode: 'default' });
const viewer = `dash-viewer-${stamp}@bolesta.example`;
const campaign = `dash-${stamp}`;

test.beforeAll(async ({ request, baseURL }) => {
  await createStaff(viewer, 'viewer', `Dana ${stamp}`);
  // Two leads this week through the public form, from a LinkedIn campaign, so the charts have this run's to draw.
  const emails = [1, 2].map((n) => `dash+${stamp}-${n}@example.com`);
  const attribution = { landingPath: '/services/bd-support', utmSource: 'LinkedIn', utmCampaign: campaign };
  for (const email of emails) {
    const sent = await request.post('/api/contact', {
      data: { ...contactPayload(), email, attribution },
      headers: { origin: baseURL! },
    });
    expect(sent.status()).toBe(201);
  }
  // The stored leads took their source from the attribution sent (src/lib/lead-source.ts).
  const stored = await withDb((db) =>
    db.select({ source: leads.source }).from(leads).where(inArray(leads.emailKey, emails)),
  );
  expect(stored).toEqual([{ source: 'linkedin' }, { source: 'linkedin' }]);
});

const figure = (page: Page, slug: string) => page.locator(`figure[data-figure="${slug}"]`);

test('a viewer reads the dashboard: cards, charts, 12 weeks, a table and its CSV, a refused range', async ({
  page,
}) => {
  // A sign-in, four loads of the dashboard and two axe runs: about 30 s alone, twice that beside the other tests.
  test.setTimeout(120_000);
  await signIn(page, viewer);
  // The charts are their own chunk: nothing of them loads before the tab opens.
  const chunks: string[] = [];
  page.on('request', (r) => /\/DashboardTab\.[^/]+\.js$/.test(r.url()) && chunks.push(r.url()));
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Leads');
  expect(chunks).toEqual([]);

  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(page.getByRole('radio', { name: 'Last 4 weeks' })).toBeChecked();
  await expect(page.getByText(/^Figures for .*, 4 week\(s\)\.$/)).toBeVisible();
  expect(chunks).toHaveLength(1);

  // The headline cards: at least this run's two leads, and each figure a chart with its table.
  const cards = page.getByRole('list', { name: 'Headline figures' }).getByRole('listitem');
  await expect(cards).toHaveCount(7);
  expect(Number(await page.locator('[data-card="Leads"] p').nth(1).textContent())).toBeGreaterThanOrEqual(2);
  await expect(page.locator('figure[data-figure]')).toHaveCount(22);
  for (const slug of ['leads-per-week', 'leads-by-form', 'first-response', 'audit-delivery', 'report-opens']) {
    await expect(figure(page, slug).locator('svg')).toBeVisible();
  }
  await expect(figure(page, 'first-response')).toContainText('24 h promise');
  const bySource = figure(page, 'leads-per-week');
  await expect(bySource.getByRole('table', { name: 'Leads per week by source' })).toHaveCount(1);
  await expect(bySource.locator('tbody tr')).toHaveCount(4);
  await expect(figure(page, 'top-campaigns').getByRole('row', { name: new RegExp(campaign) })).toContainText(
    'LinkedIn',
  );
  await expect(figure(page, 'top-landing-pages')).toContainText('/services/bd-support');
  // The files asked for (docs/decisions/0041-resource-downloads.md): a table, or its sentence when none was.
  for (const slug of ['downloads-by-resource', 'downloads-by-source']) {
    await expect(
      figure(page, slug)
        .getByRole('table')
        .or(figure(page, slug).getByText(/^No file was asked for/)),
    ).toHaveCount(1);
  }
  // The calls booked at the scheduler (docs/decisions/0046-bookings-from-the-schedulers.md): a table, or its sentence.
  // From visit to call held (decision 46): drawn and tabled, whole; per source a table or its sentence.
  await expect(figure(page, 'visits-to-calls').getByRole('table')).toHaveCount(1);
  await expect(figure(page, 'visits-to-calls').locator('svg').first()).toBeVisible();
  await expect(
    figure(page, 'visits-to-calls-source')
      .getByRole('table')
      .or(figure(page, 'visits-to-calls-source').getByText(/^No visit, lead or call/)),
  ).toHaveCount(1);
  await expect(
    figure(page, 'calls-by-source')
      .getByRole('table')
      .or(figure(page, 'calls-by-source').getByText(/^No call was booked/)),
  ).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  // Twelve weeks: a row a week; the table opened, then its CSV is that table.
  await page.getByRole('radio', { name: 'Last 12 weeks' }).check();
  await expect(page.getByText(/^Figures for .*, 12 week\(s\)\.$/)).toBeVisible();
  await expect(bySource.locator('tbody tr')).toHaveCount(12);
  const table = bySource.getByRole('table');
  // Closed, the table is there for screen readers only (visually hidden).
  await expect(table.locator('..')).toHaveClass(/\bsr-only\b/);
  await bySource.getByRole('button', { name: 'Show table of Leads per week by source' }).click();
  await expect(bySource.getByRole('button', { name: /^Hide table/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(table.locator('..')).not.toHaveClass(/\bsr-only\b/);
  await expect(table).toBeVisible();
  const header = (await table.locator('thead th').allTextContents()).join(',');
  expect(header).toMatch(/^Week starting,.*LinkedIn.*,Total$/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    bySource.getByRole('button', { name: 'Download CSV of Leads per week by source' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^dashboard-leads-per-week-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(header);
  expect(lines.filter(Boolean)).toHaveLength(13);

  // Dates the wrong way round: the API's message, next to the field it names.
  await page.getByRole('radio', { name: 'Dates' }).check();
  const dates = page.getByRole('form', { name: 'Dates of the period' });
  await dates.getByLabel('From').fill('2026-03-10');
  await dates.getByLabel('To').fill('2026-03-01');
  const refused = page.waitForResponse((r) => r.url().includes('/api/admin/dashboard?from=2026-03-10'));
  await dates.getByRole('button', { name: 'Show' }).click();
  expect((await refused).status()).toBe(422);
  const invalid = dates.locator('input[aria-invalid="true"]');
  await expect(invalid).toHaveCount(1);
  await expect(invalid).toHaveAccessibleDescription(/\S/);
  await expect(dates.getByRole('alert')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('a link to /admin?tab=dashboard opens the dashboard', async ({ page }) => {
  await signIn(page, viewer);
  await page.goto('/admin?tab=dashboard');
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/^Figures for .*, 4 week\(s\)\.$/)).toBeVisible();
  // The tab's own address stays (docs/decisions/0048-portal-shell.md): a reload opens the dashboard again.
  expect(new URL(page.url()).search).toBe('?tab=dashboard');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
});
