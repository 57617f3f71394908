import { eq, sql } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { site } from '../../src/config/site.ts';
import { leads, mailOutbox } from '../../src/db/schema.ts';
import { withDb } from './db.ts';
import { axeViolations, hydrated, stubGtag } from './helpers.ts';
import { adminCli, password, signIn } from './portal.ts';

/** A visitor on the contact page sends the contact form, then the short audit form, from `email` and `shouted`. */
async function visitorWrites(page: Page, email: string, shouted: string, stamp: number) {
  await stubGtag(page);
  // A controlled clock, so the spam filter's minimum fill time passes at once.
  await page.clock.install();
  await page.goto('/contact');
  await hydrated(page);
  await page.clock.fastForward(10_000);

  const contact = page.getByRole('form', { name: 'Contact form' });
  await contact.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
  await contact.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await contact.getByRole('textbox', { name: 'Company', exact: true }).fill(`Acme ${stamp}`);
  await contact.getByRole('textbox', { name: 'Message', exact: true }).fill('We need help with LinkedIn before CPHI.');
  await contact.getByLabel(/I agree that my information/).check();
  await contact.getByRole('button', { name: 'Submit Inquiry' }).click();
  await expect(page.getByText('Your inquiry has been submitted!')).toBeVisible();

  const audit = page.getByRole('form', { name: `Start your ${site.auditName}` });
  const text = (name: string, value: string) => audit.getByRole('textbox', { name, exact: true }).fill(value);
  await text('Full name', 'Grace Hopper');
  await text('Work email', shouted);
  await text('Phone', '+1 215 555 0134');
  await text('Company name', `Acme ${stamp}`);
  await text('Website URL', 'acme-bio.example');
  await text('Company address', '200 Science Park Road');
  await text('City', 'Philadelphia');
  await text('State', 'PA');
  await text('ZIP code', '19104');
  await audit.getByRole('combobox', { name: 'Service type', exact: true }).selectOption('cro');
  await audit.getByRole('combobox', { name: 'Marketing team size', exact: true }).selectOption('2-5');
  await audit.getByRole('group', { name: 'Marketing channels you use' }).getByLabel('LinkedIn').check();
  await audit.getByRole('group', { name: 'Biggest pain points' }).getByLabel('Messaging').check();
  await text('Your goals', 'Fill our new GMP suite.');
  await audit.getByLabel(/I agree that my information/).check();
  await page.clock.fastForward(10_000);
  await audit.getByRole('button', { name: 'Submit Inquiry' }).click();
  await expect(page.getByText('Your audit intake form has been submitted!')).toBeVisible();
}

/**
 * The kinds of the lead's timeline, in its order: the items of the list named by its heading only (the toasts of
 * the editor's changes are list items too, of another list, and have no kind).
 */
const timelineKinds = (page: Page) =>
  page
    .getByRole('list', { name: 'Timeline, oldest first' })
    .locator(':scope > li')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-kind')));

// One story in three steps, each well under its timeout on a loaded 2-core machine: a visitor's two requests, an
// editor answering the lead, a viewer reading it. A step that fails skips the ones after it.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const email = `grace+${stamp}@example.com`;
const editor = `lead-editor-${stamp}@bolesta.example`;
const viewer = `lead-viewer-${stamp}@bolesta.example`;
let leadId = '';
/** The kinds of the timeline as the editor left it, which the viewer sees too. */
let kinds: (string | null)[] = [];

test('a contact message and a short audit request from one address, in two letter cases, make one lead', async ({
  browser,
}) => {
  test.setTimeout(60_000); // two public forms and two accounts made with the CLI: 20–35 s under load
  // One after the other: the admin CLI joins the server's database over its socket.
  adminCli('create', editor, '--role', 'editor', '--password', password, '--name', `Eddie ${stamp}`);
  adminCli('create', viewer, '--role', 'viewer', '--password', password, '--name', `Vera ${stamp}`);

  const visitor = await browser.newContext();
  await visitorWrites(await visitor.newPage(), email, email.toUpperCase(), stamp);
  await visitor.close();

  // One lead for both, keyed by the address in lower case; made overdue by moving its wait into the past.
  const [lead] = await withDb((db) => db.select().from(leads).where(eq(leads.emailKey, email)));
  expect(lead).toMatchObject({ requestCount: 2 });
  leadId = lead!.id;
  const day = 24 * 3600_000;
  await withDb((db) =>
    db
      .update(leads)
      .set({ awaitingSince: new Date(Date.now() - 3 * day), responseDueAt: new Date(Date.now() - day) })
      .where(eq(leads.id, leadId)),
  );
});

test('an editor finds the overdue lead, claims it, adds a note and replies', async ({ page }) => {
  test.setTimeout(60_000); // a sign-in, three changes and two axe runs: 25–40 s under load
  // The editor: the Leads tab first, the overdue replies in the header, one row for the address.
  await signIn(page, editor);
  const tabs = page.getByRole('tablist', { name: 'Portal sections' });
  await expect(tabs.getByRole('tab', { selected: true })).toHaveText('Leads');
  const overdue = page.locator('[data-overdue-leads]');
  await expect(overdue).toHaveText(/^Overdue replies: \d+/);
  await overdue.click();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('overdue');
  await page.getByRole('searchbox', { name: 'Search name, email or company' }).fill(`grace+${stamp}`);
  const rows = page.locator('tr[data-lead]');
  await expect(rows).toHaveCount(1);
  const row = page.locator(`tr[data-lead="${leadId}"]`);
  await expect(row).toContainText('Contact form, Short audit form');
  await expect(row.getByRole('cell').nth(2)).toContainText('2');
  await expect(row.locator('[data-response="overdue"]')).toContainText('Overdue');
  expect(await axeViolations(page)).toEqual([]);

  // The lead's page: both requests, the timeline; claim, a note, a reply.
  await row.getByRole('button', { name: /^Open/ }).click();
  await expect(page.getByRole('heading', { name: `Grace Hopper · Acme ${stamp}` })).toBeFocused();
  await expect(page.locator('[data-request]')).toHaveCount(2);
  await expect(page.locator('ol > li[data-kind="message"]')).toHaveCount(1);
  await expect(page.locator('ol > li[data-kind="audit"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText('You own this lead now').last()).toBeVisible();
  await expect(page.locator('[data-lead-owner]')).toHaveText(`Eddie ${stamp}`);
  await expect(page.locator('ol > li[data-kind="owner"]')).toHaveCount(1);

  const note = page.getByRole('form', { name: 'Note' });
  await note.getByRole('textbox', { name: 'Note' }).fill('Knows us from CPHI.');
  await note.getByRole('button', { name: 'Add note' }).click();
  await expect(page.locator('ol > li[data-kind="note"]')).toContainText('Knows us from CPHI.');
  await expect(page.locator('ol > li[data-kind="note"]').getByRole('button', { name: /^Delete note/ })).toBeVisible();

  const reply = page.getByRole('form', { name: 'Reply' });
  await expect(reply.getByRole('textbox', { name: 'Subject' })).toHaveValue(/^Re: your .+ request$/);
  await reply.getByRole('textbox', { name: 'Reply' }).fill('Thank you, Grace: we call you tomorrow.');
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(/^Reply queued for/).last()).toBeVisible();
  const replied = page.locator('ol > li[data-kind="reply"]');
  await expect(replied).toContainText('we call you tomorrow');
  await expect(replied.locator('[data-delivery]')).toHaveAttribute('data-delivery', /pending|sent/);
  await expect(page.locator('[data-lead-page] [data-response="answered"]')).toContainText('First response in');
  expect(await axeViolations(page)).toEqual([]);

  // The reply is in the outbox, to the lead, and the lead left the overdue ones.
  const mails = await withDb((db) =>
    db
      .select({ kind: mailOutbox.kind, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${email} and ${mailOutbox.kind} = 'lead.reply'`),
  );
  expect(mails).toHaveLength(1);
  const overdueLeads = await page.request.get(`/api/admin/leads?state=overdue&q=${encodeURIComponent(email)}`);
  expect((await overdueLeads.json()).total).toBe(0);
  kinds = await timelineKinds(page);
  expect(kinds).toEqual(expect.arrayContaining(['message', 'audit', 'owner', 'note', 'reply']));

  // Back on the list, still of the overdue ones: answered, the lead has left it.
  await page.getByRole('button', { name: '← Back to the leads' }).click();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('overdue');
  await expect(rows).toHaveCount(0);
});

test('a viewer opens the lead from its link, reads the timeline and is refused every change', async ({ page }) => {
  test.setTimeout(45_000); // a sign-in and a page: 7–15 s under load
  // A viewer, from the link of the owner-assignment mail: the same lead and timeline, nothing to change.
  await signIn(page, viewer);
  await page.goto(`/admin?lead=${leadId}`);
  await expect(page.getByRole('heading', { name: `Grace Hopper · Acme ${stamp}` })).toBeVisible();
  await expect.poll(() => timelineKinds(page)).toEqual(expect.arrayContaining(kinds));
  await expect(page.locator('ol > li[data-kind="reply"]')).toContainText('we call you tomorrow');
  await expect(page.locator('[data-lead-page] form, [data-lead-page] textarea')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Claim' })).toHaveCount(0);
  const refused = await page.evaluate(async (id) => {
    const send = (method: string, path: string, body: unknown) =>
      fetch(`/api/admin/leads/${id}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status);
    return [
      await send('PUT', '/owner', { ownerId: null }),
      await send('POST', '/notes', { body: 'A viewer’s note' }),
      await send('POST', '/replies', { subject: 'Hi', body: 'Hello' }),
      await send('POST', '/answered-elsewhere', { note: 'Called' }),
    ];
  }, leadId);
  expect(refused).toEqual([403, 403, 403, 403]);
});
