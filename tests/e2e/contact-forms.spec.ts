import { desc, eq, like } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { site } from '../../src/config/site.ts';
import { auditSubmissions, contactMessages, mailOutbox } from '../../src/db/schema.ts';
import { withDb } from './db.ts';
import { gtagCalls, hydrated, stubGtag } from './helpers.ts';

const contactForm = (page: Page) => page.getByRole('form', { name: 'Contact form' });
const auditForm = (page: Page) => page.getByRole('form', { name: `Start your ${site.auditName}` });

/** Opens the contact page on a controlled clock, so the 3-second minimum fill time can pass at once. */
async function open(page: Page, query = '') {
  await stubGtag(page);
  await page.clock.install();
  await page.goto(`/contact${query}`);
  await hydrated(page);
}

/** A person takes longer than the spam filter's minimum fill time. */
const takeYourTime = (page: Page) => page.clock.fastForward(10_000);

/** The outbox mails queued for one record (their idempotency keys start with its kind and id). */
const mailsFor = (prefix: string) =>
  withDb((db) =>
    db
      .select({ kind: mailOutbox.kind, to: mailOutbox.to })
      .from(mailOutbox)
      .where(like(mailOutbox.idempotencyKey, `${prefix}:%`)),
  );

test.describe('contact form', () => {
  test('stores every field, queues two mails, toasts, empties the form and reports the conversion', async ({
    page,
  }) => {
    await open(page);
    const form = contactForm(page);
    const email = `grace+${Date.now()}@example.com`;
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Company', exact: true }).fill('Acme Bioanalytical');
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('We need help with LinkedIn before CPHI.');
    await form.getByLabel(/marketing insights/).check();
    await form.getByLabel(/I agree that my information/).check();
    await takeYourTime(page);
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();

    await expect(page.getByText('Your inquiry has been submitted!')).toBeVisible();
    await expect(page.getByText("We'll be in touch within 1 business day.")).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');
    await expect(form.getByLabel(/marketing insights/)).not.toBeChecked();

    const [row] = await withDb((db) =>
      db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, email))
        .orderBy(desc(contactMessages.createdAt)),
    );
    expect(row).toMatchObject({
      name: 'Grace Hopper',
      company: 'Acme Bioanalytical',
      message: 'We need help with LinkedIn before CPHI.',
      subscribe: true,
      status: 'unread',
      isSpam: false,
    });
    expect((await mailsFor(`contact:${row!.id}`)).map((m) => m.kind).sort()).toEqual([
      'contact.confirmation',
      'contact.staff',
    ]);
    expect(await gtagCalls(page)).toContainEqual([
      'event',
      'contact_submitted',
      expect.objectContaining({ form: 'contact' }),
    ]);
  });

  test('required fields block the submit with a visible message each, and nothing is sent', async ({ page }) => {
    await open(page);
    let posted = false;
    page.on('request', (r) => r.url().includes('/api/contact') && (posted = true));
    const form = contactForm(page);
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    for (const message of [
      'Name is required',
      'Email is required',
      'Company is required',
      'Message is required',
      'Please agree to the privacy policy to send your message',
    ])
      await expect(form.getByText(message)).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
    // Fixing a field clears its message (the form re-validates on change after a submit).
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace');
    await expect(form.getByText('Name is required')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await expect(form.getByText('Enter a valid email address')).toBeVisible();
    expect(posted).toBe(false);
  });

  test('says Submitting... while sending; a server failure toasts the error and keeps every answer', async ({
    page,
  }) => {
    await open(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('/api/contact', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Please try again in a minute.' } }),
      });
    });
    const form = contactForm(page);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('grace@example.com');
    await form.getByRole('textbox', { name: 'Company', exact: true }).fill('Acme');
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello');
    await form.getByLabel(/I agree that my information/).check();
    await takeYourTime(page);
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    const busy = form.getByRole('button', { name: 'Submitting...' });
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByText('Error submitting form. Please try again.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Submit Inquiry' })).toBeEnabled();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Grace Hopper');
    await expect(form.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('Hello');
    await expect(form.getByLabel(/I agree that my information/)).toBeChecked();
  });

  test('a package button names its package in the message', async ({ page }) => {
    await open(page, '?package=linkedin-content-kit');
    await expect(contactForm(page).getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(
      /I'm interested in the LinkedIn Content Kit package/,
    );
  });
});

test.describe('short audit form', () => {
  test('shows each "other" field only while other is chosen', async ({ page }) => {
    await open(page);
    const form = auditForm(page);
    const other = form.getByRole('textbox', { name: 'Other service type', exact: true });
    await expect(other).toHaveCount(0);
    await form.getByRole('combobox', { name: 'Service type', exact: true }).selectOption('other');
    await expect(other).toBeVisible();
    await form.getByRole('combobox', { name: 'Service type', exact: true }).selectOption('cro');
    await expect(other).toHaveCount(0);

    const channels = form.getByRole('group', { name: 'Marketing channels you use' });
    await expect(channels).toContainText('Select all that apply');
    await channels.getByLabel('Other').check();
    await expect(form.getByRole('textbox', { name: 'Other marketing channel', exact: true })).toBeVisible();
    await channels.getByLabel('Other').uncheck();
    await expect(form.getByRole('textbox', { name: 'Other marketing channel', exact: true })).toHaveCount(0);

    await form.getByRole('group', { name: 'Biggest pain points' }).getByLabel('Other').check();
    await expect(form.getByRole('textbox', { name: 'Other pain point', exact: true })).toBeVisible();
  });

  test('requires the company, website and address fields with their messages', async ({ page }) => {
    await open(page);
    const form = auditForm(page);
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    for (const message of [
      'Full name is required',
      'Work email is required',
      'Company name is required',
      'Website URL is required',
      'Company address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
    ])
      await expect(form.getByText(message)).toBeVisible();
  });

  test('stores the answers, queues two mails, toasts and goes to the thank-you page', async ({ page }) => {
    await open(page);
    const form = auditForm(page);
    const email = `rosalind+${Date.now()}@helix.example`;
    await form.getByRole('textbox', { name: 'Full name', exact: true }).fill('Rosalind Franklin');
    await form.getByRole('textbox', { name: 'Work email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 215 555 0134');
    await form.getByRole('textbox', { name: 'Job title', exact: true }).fill('VP Business Development');
    await form.getByRole('textbox', { name: 'Company name', exact: true }).fill('Helix CDMO');
    await form.getByRole('textbox', { name: 'Website URL', exact: true }).fill('helix-cdmo.example');
    await form.getByRole('textbox', { name: 'Company address', exact: true }).fill('200 Science Park Road');
    await form.getByRole('textbox', { name: 'City', exact: true }).fill('Philadelphia');
    await form.getByRole('textbox', { name: 'State', exact: true }).fill('PA');
    await form.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('19104');
    await form.getByRole('combobox', { name: 'Service type', exact: true }).selectOption('other');
    await form.getByRole('textbox', { name: 'Other service type', exact: true }).fill('Bioanalytical testing');
    await form.getByRole('combobox', { name: 'Marketing team size', exact: true }).selectOption('2-5');
    const channels = form.getByRole('group', { name: 'Marketing channels you use' });
    await channels.getByLabel('LinkedIn').check();
    await channels.getByLabel('Webinars').check();
    await form.getByRole('group', { name: 'Biggest pain points' }).getByLabel('Messaging').check();
    await form.getByRole('textbox', { name: 'Your goals', exact: true }).fill('Fill our new GMP suite.');
    await form.getByLabel(/I agree that my information/).check();
    await takeYourTime(page);
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();

    await expect(page.getByText('Your audit intake form has been submitted!')).toBeVisible();
    await page.clock.runFor(2000);
    await expect(page).toHaveURL(/\/audit-thank-you$/);

    const [row] = await withDb((db) =>
      db.select().from(auditSubmissions).where(eq(auditSubmissions.contactEmail, email)),
    );
    expect(row).toMatchObject({
      source: 'contact_page',
      status: 'pending',
      contactName: 'Rosalind Franklin',
      contactPhone: '+1 215 555 0134',
      jobTitle: 'VP Business Development',
      companyName: 'Helix CDMO',
      websiteUrl: 'https://helix-cdmo.example',
      address: '200 Science Park Road',
      city: 'Philadelphia',
      state: 'PA',
      zipCode: '19104',
      serviceType: 'other',
      otherServiceType: 'Bioanalytical testing',
      teamSize: '2-5',
      marketingChannels: ['linkedin', 'webinars'],
      painPoints: ['messaging'],
      goals: 'Fill our new GMP suite.',
      isSpam: false,
    });
    expect((await mailsFor(`audit:${row!.id}`)).map((m) => [m.kind, m.to]).sort()).toEqual([
      ['audit.confirmation', email],
      ['audit.staff', site.staffInbox],
    ]);
  });

  test('a failed submit names the error, stays on the page and keeps the answers', async ({ page }) => {
    await open(page);
    await page.route('/api/audits', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Please try again in a minute.' } }),
      }),
    );
    const form = auditForm(page);
    for (const [label, value] of [
      ['Full name', 'Rosalind Franklin'],
      ['Work email', 'rosalind@helix.example'],
      ['Company name', 'Helix CDMO'],
      ['Website URL', 'https://helix.example'],
      ['Company address', '200 Science Park Road'],
      ['City', 'Philadelphia'],
      ['State', 'PA'],
      ['ZIP code', '19104'],
    ])
      await form.getByRole('textbox', { name: label!, exact: true }).fill(value!);
    await form.getByLabel(/I agree that my information/).check();
    await takeYourTime(page);
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(page.getByText('Error submitting form: Please try again in a minute.')).toBeVisible();
    await page.clock.runFor(3000);
    await expect(page).toHaveURL(/\/contact$/);
    await expect(form.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue('Helix CDMO');
  });
});
