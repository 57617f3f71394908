/**
 * Where a lead came from, end to end (issue 24, docs/decisions/0032-attribution-and-dashboard.md): a visitor lands
 * from a LinkedIn campaign, browses two more pages and sends the contact form; no cookie is set at any point; the
 * lead shows LinkedIn and the campaign, and the dashboard counts it, beside the visit the site counted once (with its
 * first touch, no identifier). The intake counts a step once per visit.
 */
import { eq, and, sql } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { intakeFunnelDays, leads, visitDays } from '../../src/db/schema.ts';
import { withDb } from './db.ts';
import { hydrated } from './helpers.ts';
import { createStaff, signIn } from './portal.ts';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const email = `campaign+${stamp}@example.com`;
const viewer = `attribution-viewer-${stamp}@bolesta.example`;
let leadId = '';

/** Today in the agency's time zone, `YYYY-MM-DD`: the dashboard's days are New York's. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

test('a visitor from a LinkedIn campaign browses and writes, and no cookie is ever set', async ({ page, context }) => {
  test.setTimeout(60_000); // three pages and a submit: 10–25 s under load
  // The visit is counted once, from its first page, with its first touch and nothing else (decision 46).
  const landing = '/services/digital-marketing';
  const visitsCounted = () =>
    withDb(async (db) => {
      const [row] = await db
        .select({ count: visitDays.count })
        .from(visitDays)
        .where(
          and(
            eq(visitDays.day, sql`${today()}::date`),
            eq(visitDays.source, 'linkedin'),
            eq(visitDays.campaign, 'q4'),
            eq(visitDays.landingPath, landing),
          ),
        );
      return row?.count ?? 0;
    });
  const before = await visitsCounted();
  const beacons: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/visits')) beacons.push(r.postDataJSON());
  });
  const counted = page.waitForResponse((r) => r.url().endsWith('/api/visits'));
  await page.goto(`${landing}?utm_source=linkedin&utm_campaign=q4&token=never-kept`);
  expect((await counted).status()).toBe(204);
  expect(await visitsCounted()).toBe(before + 1);
  await hydrated(page);
  await page.goto('/about');
  expect(await context.cookies()).toEqual([]);
  await page.clock.install(); // the contact page on a controlled clock, so the minimum fill time can pass at once
  await page.goto('/contact');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Casey Campaign');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Company', exact: true }).fill(`Campaign Bio ${stamp}`);
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('We saw your post about CPHI.');
  await form.getByLabel(/I agree that my information/).check();
  await page.clock.fastForward(10_000); // longer than the spam filter's minimum fill time
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
  await form.getByRole('button', { name: 'Submit Inquiry' }).click();
  const request = (await sent).request().postDataJSON() as { attribution: unknown };
  expect(request.attribution).toEqual({
    landingPath: '/services/digital-marketing',
    utmSource: 'linkedin',
    utmCampaign: 'q4',
  });
  await expect(page.getByText('Your inquiry has been submitted!')).toBeVisible();
  // Three pages, one visit: one count, which carried the first touch and nothing else.
  expect(beacons).toEqual([{ landingPath: landing, utmSource: 'linkedin', utmCampaign: 'q4' }]);
  expect(await visitsCounted()).toBe(before + 1);

  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).toBe('');
  const [lead] = await withDb((db) => db.select().from(leads).where(eq(leads.emailKey, email)));
  expect(lead).toMatchObject({ source: 'linkedin', firstForm: 'message' });
  expect(JSON.stringify(lead!.attribution)).not.toContain('never-kept');
  leadId = lead!.id;
});

test('the lead shows LinkedIn and the campaign, and the dashboard counts it', async ({ page }) => {
  test.setTimeout(60_000); // an account made with the CLI and a sign-in: 10–25 s under load
  await createStaff(viewer, 'viewer', `Viewer ${stamp}`);
  await signIn(page, viewer);
  await page.goto(`/admin?lead=${leadId}`);
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Casey Campaign · Campaign Bio ${stamp}`) }),
  ).toBeVisible();
  await expect(page.locator('[data-lead-page] [data-lead-source]')).toHaveText('LinkedIn · q4');
  await expect(page.locator('[data-lead-page]').getByText('/services/digital-marketing')).toBeVisible();

  await page.getByRole('button', { name: '← Back to the leads' }).click();
  await page.getByRole('textbox', { name: 'Campaign' }).fill('q4');
  await expect(page.locator(`tr[data-lead="${leadId}"] [data-lead-source]`)).toHaveText('LinkedIn · q4');

  const day = today();
  const res = await page.request.get(`/api/admin/dashboard?from=${day}&to=${day}`);
  expect(res.status(), await res.text()).toBe(200);
  const figures = (await res.json()) as {
    leadsBySource: { source: string | null; count: number }[];
    topCampaigns: { campaign: string; count: number }[];
    topLandingPages: { path: string; count: number }[];
    visitFunnel: { byCampaign: { key: string; visits: number; leads: number }[] };
  };
  expect(figures.leadsBySource.find((s) => s.source === 'linkedin')?.count).toBeGreaterThanOrEqual(1);
  expect(figures.topCampaigns.find((c) => c.campaign === 'q4')?.count).toBeGreaterThanOrEqual(1);
  // From visit to lead: the campaign's visit, counted without a visitor, beside its lead (decision 46).
  const q4 = figures.visitFunnel.byCampaign.find((c) => c.key === 'q4');
  expect(q4?.visits).toBeGreaterThanOrEqual(1);
  expect(q4?.leads).toBeGreaterThanOrEqual(1);
  expect(figures.topLandingPages.find((p) => p.path === '/services/digital-marketing')?.count).toBeGreaterThanOrEqual(
    1,
  );
});

test('the intake counts the first step once per visit, and keeps nothing but the count', async ({ page, context }) => {
  const step1 = () =>
    withDb(async (db) => {
      const [row] = await db
        .select({ count: intakeFunnelDays.count })
        .from(intakeFunnelDays)
        .where(and(eq(intakeFunnelDays.step, 'company'), eq(intakeFunnelDays.day, sql`${today()}::date`)));
      return row?.count ?? 0;
    });
  const before = await step1();
  const counted = page.waitForResponse((r) => r.url().endsWith('/api/intake-funnel'));
  await page.goto('/audit-intake');
  await hydrated(page);
  expect((await counted).status()).toBe(204);
  await expect.poll(step1).toBe(before + 1);
  await page.reload();
  await hydrated(page);
  await page.waitForTimeout(500); // a second count, if one were sent, would have been answered by now
  expect(await step1()).toBe(before + 1);
  expect(await context.cookies()).toEqual([]);
});
