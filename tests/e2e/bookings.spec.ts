/**
 * "Book a Strategy Call" comes back (docs/decisions/0046-bookings-from-the-schedulers.md): a visitor from a LinkedIn
 * campaign follows the booking link, which carries the campaign only once followed; Calendly's signed
 * `invitee.created` for that visitor reaches the running server; the portal shows the lead with its booked call,
 * source and campaign, and the staff inbox was told (the lead has no owner). A cancellation puts the lead back as
 * waiting on us.
 */
import { and, eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { calendlyBody, calendlyInviteeUri, signCalendly } from '../../scripts/lib/scheduler-stand-in.ts';
import { site } from '../../src/config/site.ts';
import { leads, mailOutbox } from '../../src/db/schema.ts';
import { e2eCalendlyKey } from '../fixtures/health-token.ts';
import { withDb } from './db.ts';
import { hydrated } from './helpers.ts';
import { createStaff, signIn } from './portal.ts';

test('a booking from a campaign: the link carries it, the lead shows the call, a cancellation reopens it', async ({
  page,
  context,
}) => {
  const stamp = Date.now();
  const email = `booker-${stamp}@example.com`;
  const viewer = `bookings-viewer-${stamp}@example.com`;
  await createStaff(viewer, 'viewer', 'Vic Bookings');
  // The scheduler's page is not fetched from the internet: a stand-in answers it, and records the address opened.
  await context.route(/^https:\/\/(calendly\.com|cal\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Scheduler</title><p>Pick a time</p>' }),
  );

  await page.goto('/?utm_source=linkedin&utm_campaign=cro-q1');
  await hydrated(page);
  const link = page.locator('main a[data-booking="strategyCall"]').first();
  await expect(link).toHaveText(/Book a Strategy Call/);
  // Nothing is added before the visitor follows it.
  await expect(link).toHaveAttribute('href', site.scheduling.strategyCall);
  const [scheduler] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  const opened = new URL(scheduler.url());
  expect(opened.origin + opened.pathname).toBe(site.scheduling.strategyCall);
  expect(Object.fromEntries(opened.searchParams)).toEqual({ utm_source: 'linkedin', utm_campaign: 'cro-q1' });
  await scheduler.close();

  // Calendly hands the link's utm values back in the invitee's tracking.
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const invitee = {
    uri: calendlyInviteeUri(),
    email,
    name: 'Bea Booker',
    startsAt,
    tracking: {
      utm_source: opened.searchParams.get('utm_source'),
      utm_campaign: opened.searchParams.get('utm_campaign'),
    },
    answers: [{ question: 'What should we prepare?', answer: 'Our CRO numbers' }],
  };
  const created = calendlyBody('invitee.created', invitee);
  const forged = await page.request.post('/api/webhooks/calendly', {
    data: created,
    headers: signCalendly('not-the-site-signing-key-at-all', created),
  });
  expect(forged.status()).toBe(401);
  const stored = await page.request.post('/api/webhooks/calendly', {
    data: created,
    headers: signCalendly(e2eCalendlyKey, created),
  });
  expect(await stored.json()).toEqual({ outcome: 'stored' });
  const lead = await withDb(async (db) => (await db.select().from(leads).where(eq(leads.emailKey, email)))[0]!);

  await signIn(page, viewer);
  await page.goto('/admin');
  await hydrated(page);
  await page.getByRole('combobox', { name: 'Call' }).selectOption({ label: 'Call booked' });
  await page.getByRole('searchbox', { name: /Search name, email or company/ }).fill(email);
  const row = page.locator(`[data-lead="${lead.id}"]`);
  await expect(row.locator('[data-next-call]')).toHaveAttribute('data-next-call', startsAt.toISOString());
  await expect(row.locator('[data-lead-source]')).toHaveText('LinkedIn · cro-q1');
  // Made by the booking alone: no request, so no clock and no reply due (the call is not an open request).
  await expect(row.locator('[data-response]')).toHaveAttribute('data-response', 'none');

  // The staff inbox was told (the lead has no owner), with the answer and the link.
  const notices = await withDb((db) =>
    db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'lead.booking-booked'), eq(mailOutbox.to, site.staffInbox))),
  );
  const notice = notices.find((n) => n.text.includes(`/admin?lead=${lead.id}`));
  expect(notice?.subject).toMatch(/^Bea Booker booked a strategy call for /);
  expect(notice?.text).toContain('Our CRO numbers');

  await page.goto(`/admin?lead=${lead.id}`);
  await hydrated(page);
  await expect(page.locator('[data-booking-entry="booked"]')).toContainText(/^Booked a strategy call for /);

  const cancelled = calendlyBody('invitee.canceled', { ...invitee, reason: 'Budget frozen' });
  const answer = await page.request.post('/api/webhooks/calendly', {
    data: cancelled,
    headers: signCalendly(e2eCalendlyKey, cancelled),
  });
  expect(await answer.json()).toEqual({ outcome: 'stored' });
  await page.reload();
  await hydrated(page);
  await expect(page.locator('[data-booking-entry="cancelled"]')).toHaveText('Cancelled (Budget frozen)');
  await expect(page.locator('[data-response="open"]').first()).toContainText(/due /i);

  await page.goto('/admin');
  await hydrated(page);
  await page.getByRole('combobox', { name: 'Call' }).selectOption({ label: 'Cancelled / no-show' });
  await page.getByRole('searchbox', { name: /Search name, email or company/ }).fill(email);
  await expect(page.locator(`[data-lead="${lead.id}"] [data-last-call]`)).toHaveText('Call cancelled');
});

test('a visitor who wrote first finds their name and email on the booking link, and nothing before the click', async ({
  page,
  context,
}) => {
  const email = `prefill-${Date.now()}@example.com`;
  const opened: string[] = [];
  await context.route(/^https:\/\/(calendly\.com|cal\.com)\//, (route) => {
    opened.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Scheduler</title>' });
  });
  await page.goto('/services/digital-marketing?utm_source=newsletter&utm_campaign=dec');
  await page.clock.install(); // the contact page on a controlled clock, so the minimum fill time can pass at once
  await page.goto('/contact');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Pat Prefill');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Company', exact: true }).fill('Prefill Bio');
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Could we talk next week?');
  await form.getByLabel(/I agree that my information/).check();
  await page.clock.fastForward(10_000);
  await form.getByRole('button', { name: 'Submit Inquiry' }).click();
  await expect(page.getByText('Your inquiry has been submitted!')).toBeVisible();

  const link = page.locator('main a[data-booking="strategyCall"]').first();
  await expect(link).toHaveAttribute('href', site.scheduling.strategyCall);
  expect(opened).toEqual([]); // nothing reached the scheduler before the click
  const [scheduler] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  expect(Object.fromEntries(new URL(scheduler.url()).searchParams)).toEqual({
    utm_source: 'newsletter',
    utm_campaign: 'dec',
    name: 'Pat Prefill',
    email,
  });
  expect(await context.cookies()).toEqual([]);
});
