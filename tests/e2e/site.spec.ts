import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { builtPages, distDir, pagePath } from '../../scripts/lib/built-site.ts';
import { indexableRoutes, publicRoutes } from '../../src/config/routes.ts';
import { site } from '../../src/config/site.ts';
import { specRoutes } from '../fixtures/spec-routes.ts';
import { e2eHealthToken } from '../fixtures/health-token.ts';
import { collectErrors, gtagCalls, hydrated, stubGtag } from './helpers.ts';

test('GET /api/health reports every dependency as working through the running server', async ({ request }) => {
  // Anyone: whether all is well, and nothing more.
  const open = await request.get('/api/health');
  expect(open.status()).toBe(200);
  expect(await open.json()).toEqual({ ok: true });
  expect(open.headers()['netlify-cdn-cache-control']).toBe('public, s-maxage=30');
  // The holder of HEALTH_TOKEN: what each check found.
  const res = await request.get('/api/health', { headers: { authorization: `Bearer ${e2eHealthToken}` } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({
    ok: true,
    site: 'local',
    checks: {
      database: { ok: true, detail: 'reachable and migrated' },
      authSecret: { ok: true, detail: expect.stringContaining('local use only') },
      settings: {
        ok: true,
        detail: expect.stringMatching(/^SITE_URL is not set .*; STAFF_INBOX is not set .*\(local use only\)$/),
      },
      // Other tests leave mail behind (the mail tab's test refuses one on purpose): the transport still works.
      mail: { ok: true, detail: expect.stringMatching(/^console, \d+ pending(, \d+ failed)?$/) },
      blobs: { ok: true, detail: 'reachable' },
      // Replies are set up on the e2e server; mail-replies.spec.ts may have posted an event before this test.
      webhooks: { ok: true, detail: expect.stringMatching(/^(no event received yet|last event received \S+)$/) },
      // The schedulers are set up too; bookings.spec.ts may have delivered events before this test.
      bookings: {
        ok: true,
        detail: expect.stringMatching(
          /^Calendly: (no event received yet|last event received \S+); Cal\.com: (no event received yet|last event received \S+)$/,
        ),
      },
    },
  });
  expect(res.headers()['x-frame-options']).toBe('DENY');
  const post = await request.post('/api/health');
  expect(post.status()).toBe(405);
  expect((await post.json()).error.code).toBe('method_not_allowed');
});

test('an unknown path shows the not-found page with a 404 status', async ({ page }) => {
  const res = await page.goto('/no-such-page/anywhere');
  expect(res!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('every built page has one title, a description, an absolute canonical and Open Graph tags', async () => {
  // The blog's and the report's frames are templates: their specs check the pages the functions fill from them.
  // The editor's page is for content editors at /cms (tests/e2e/cms.spec.ts), not for search engines.
  const frames = ['blog-shell.html', 'report-shell.html', 'cms-shell.html'];
  const pages = builtPages().filter((file) => !frames.includes(file));
  expect(pages.length).toBeGreaterThanOrEqual(publicRoutes.length + 1);
  for (const file of pages) {
    const html = readFileSync(path.join(distDir, file), 'utf8');
    const meta = (attr: string, name: string) =>
      html.match(new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`))?.[1];
    expect(html.match(/<title>[^<]+<\/title>/g), file).toHaveLength(1);
    expect(meta('name', 'description')?.length, file).toBeGreaterThan(20);
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(canonical, file).toMatch(/^https?:\/\/[^/]+\//);
    if (file !== '404.html') expect(new URL(canonical!).pathname, file).toBe(pagePath(file));
    expect(meta('property', 'og:title'), file).toBeTruthy();
    expect(meta('property', 'og:description'), file).toBe(meta('name', 'description'));
    expect(meta('property', 'og:url'), file).toBe(canonical);
    expect(meta('name', 'twitter:card'), file).toBe('summary_large_image');
    const image = meta('property', 'og:image');
    expect(image, file).toMatch(/^https?:\/\//);
    expect(existsSync(path.join(distDir, new URL(image!).pathname)), `${file}: ${image}`).toBe(true);
  }
});

test('every page of the route table loads without console errors or CSP violations, and hydrates', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  for (const route of specRoutes) {
    const res = await page.goto(route);
    expect(res!.status(), route).toBe(200);
    const registered = publicRoutes.find((r) => r.path === route);
    if (registered) expect(await page.title(), route).toContain(registered.title);
    await hydrated(page);
  }
  expect(errors).toEqual([]);
});

test('every link in the header and footer resolves', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = await page
    .locator('header a, footer a, [data-mobile-cta] a')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
  expect(hrefs.length).toBeGreaterThan(20);
  for (const href of hrefs) {
    if (href.startsWith('mailto:')) expect(href).toBe(`mailto:${site.email}`);
    else if (href.startsWith('tel:')) expect(href).toMatch(/^tel:\+?\d{10,}$/);
    else if (/^https?:/.test(href)) expect(Object.values(site.social)).toContain(href);
    else expect((await request.get(href)).status(), href).toBe(200);
  }
});

test('a stubbed gtag receives page_view with the path, query and title', async ({ page }) => {
  await stubGtag(page);
  await page.goto('/sitemap?ref=newsletter');
  await expect
    .poll(() => gtagCalls(page))
    .toContainEqual([
      'event',
      'page_view',
      expect.objectContaining({ page_path: '/sitemap?ref=newsletter', page_title: await page.title() }),
    ]);
});

test('a password-reset link leaves the address at once and never reaches analytics', async ({ page }) => {
  const token = 'e2eResetTokenQ7w9Zx3Lk5';
  await stubGtag(page);
  await page.goto(`/admin?reset=${token}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  // The portal's own frame loads no analytics at all (docs/decisions/0048-portal-shell.md): no page view of staff.
  expect(await gtagCalls(page)).toEqual([]);
});

test('a scheduling link opens in a new tab and fires booking_click', async ({ page, context }) => {
  await stubGtag(page);
  await page.goto('/');
  await context.route('https://calendly.com/**', (route) => route.fulfill({ body: 'scheduler' }));
  const link = page.getByRole('main').getByRole('link', { name: /Book a Strategy Call/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener');
  await expect(link).toHaveAttribute('href', site.scheduling.strategyCall);
  const popup = page.waitForEvent('popup');
  await link.click();
  await (await popup).close();
  await expect
    .poll(() => gtagCalls(page))
    .toContainEqual([
      'event',
      'booking_click',
      expect.objectContaining({ link_url: site.scheduling.strategyCall, booking: 'strategyCall' }),
    ]);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/sitemap');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('/sitemap lists every indexable route, and sitemap.xml and robots.txt are generated', async ({
  page,
  request,
}) => {
  await page.goto('/sitemap');
  const main = page.getByRole('main');
  // The site's own pages and every page made from a content file (services, resources, case studies).
  const contentPages = builtPages()
    .map(pagePath)
    .filter((p) => /^\/(services|resources|case-studies)\/./.test(p));
  expect(contentPages.length).toBeGreaterThanOrEqual(20);
  for (const href of [...indexableRoutes.map((r) => r.path), ...contentPages]) {
    await expect(main.locator(`a[href="${href}"]`), href).toHaveCount(1);
  }
  await expect(main.locator('a[href="/audit-thank-you"]')).toHaveCount(0);

  // sitemap.xml lists exactly the built pages that are not kept out of the index.
  const hidden = new Set([
    '/404',
    '/admin',
    '/blog-shell',
    '/report-shell',
    '/cms-shell',
    ...publicRoutes.filter((r) => r.noindex).map((r) => r.path),
  ]);
  const expected = builtPages()
    .map(pagePath)
    .filter((p) => !hidden.has(p));
  const xml = await (await request.get('/sitemap.xml')).text();
  const index = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(index.length).toBeGreaterThan(0);
  const locs = (await Promise.all(index.map(async (u) => (await request.get(new URL(u).pathname)).text()))).flatMap(
    (x) => [...x.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname.replace(/(.)\/$/, '$1')),
  );
  // Blog posts come and go without a build (other tests publish some meanwhile): their own sitemap lists them.
  const isBlog = (p: string) => p === '/blog' || p.startsWith('/blog/');
  expect(locs.filter((p) => !isBlog(p)).sort()).toEqual(expected.sort());
  expect(locs).toContain('/blog');

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  expect(robots).toContain('Disallow: /admin');
});
