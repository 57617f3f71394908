import { expect, test, type Locator, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { leads, users } from '../../src/db/schema.ts';
import { contactPayload } from '../fixtures/forms.ts';
import { withDb } from './db.ts';
import { axeViolations } from './helpers.ts';
import { createStaff, signIn, signOut } from './portal.ts';

// The Pipeline tab (issue 56): an editor drags a card from Qualified to Proposal sent, then with the keyboard alone
// marks it Won with a value; the lead's timeline and the Audit Log show both, the Dashboard's won value for the
// lead's first-touch source includes it, and axe finds nothing on the board.
const stamp = Date.now();
test.describe.configure({ mode: 'default' });
const editor = `pipe-editor-${stamp}@bolesta.example`;
const admin = `pipe-admin-${stamp}@bolesta.example`;
// A source of this run's own (utm_source), so the Dashboard's row for it holds this run's deal alone.
const source = `pipe${stamp}`;
const name = `Piper ${stamp}`;
let leadId = '';

test.beforeAll(async ({ request, baseURL }) => {
  await createStaff(editor, 'editor', `Eddie ${stamp}`);
  await createStaff(admin, 'admin');
  const email = `pipe+${stamp}@example.com`;
  const sent = await request.post('/api/contact', {
    data: { ...contactPayload(), name, email, attribution: { landingPath: '/services', utmSource: source } },
    headers: { origin: baseURL! },
  });
  expect(sent.status()).toBe(201);
  // The deal starts in Qualified, owned by the editor (so "Mine" shows it alone).
  leadId = await withDb(async (db) => {
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, editor));
    const [row] = await db
      .update(leads)
      .set({ stage: 'qualified', ownerId: owner!.id })
      .where(eq(leads.emailKey, email))
      .returning({ id: leads.id, source: leads.source });
    expect(row!.source).toBe(source);
    return row!.id;
  });
});

const column = (page: Page, stage: string) => page.locator(`li[data-column="${stage}"]`);
const card = (page: Page) => page.locator(`li[data-card="${leadId}"]`);

async function dragTo(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the sensor's 6 px activation distance, then over the column in steps, as a hand would.
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 2 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
  await page.mouse.up();
}

test('an editor drags a deal to Proposal sent, then marks it Won by keyboard; timeline, Audit Log, Dashboard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, editor);
  // The board and its drag-and-drop library are a chunk of their own, loaded when the tab opens.
  const chunks: string[] = [];
  page.on('request', (r) => /\/PipelineBoard\.[^/]+\.js$/.test(r.url()) && chunks.push(r.url()));
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Leads');
  expect(chunks).toEqual([]);
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  expect(chunks).toHaveLength(1);
  await page.getByRole('combobox', { name: 'Owner' }).selectOption('mine');
  await expect(column(page, 'qualified').locator(`li[data-card="${leadId}"]`)).toBeVisible();
  await expect(column(page, 'qualified').locator('[data-column-totals]')).toHaveText('1 deal, $0');
  expect(await axeViolations(page)).toEqual([]);

  // By mouse: Qualified → Proposal sent.
  await dragTo(page, card(page).getByRole('button', { name: `Move ${name}` }), column(page, 'proposal'));
  await expect(page.getByText(`${name} moved to Proposal sent.`)).toBeVisible();
  await expect(column(page, 'proposal').locator(`li[data-card="${leadId}"]`)).toBeVisible();

  // By keyboard, picked up and put back with Escape: announced, nothing changed.
  const handle = card(page).getByRole('button', { name: `Move ${name}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Picked up ${name} in Proposal sent.`)).toBeAttached();
  await expect(page.locator(`ul[data-moving="${leadId}"]`)).toBeAttached();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText(`${name} is over Call booked.`)).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(page.getByText(`Moving ${name} was cancelled.`)).toBeAttached();
  await expect(column(page, 'proposal').locator(`li[data-card="${leadId}"]`)).toBeVisible();

  // With the keyboard alone: the card's menu, Mark won, a value, Enter.
  // Dropping or cancelling gives the focus back to Move; the card's menu is next.
  await page.keyboard.press('Tab');
  await expect(card(page).getByRole('button', { name: `More actions for ${name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(card(page).getByRole('button', { name: 'Mark won' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card(page).getByRole('textbox', { name: 'Value (US dollars)' })).toBeFocused();
  await page.keyboard.type('-5');
  await page.keyboard.press('Enter');
  const value = card(page).getByRole('textbox', { name: 'Value (US dollars)' });
  await expect(value).toHaveAccessibleDescription('The value cannot be negative');
  await expect(value).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('12345');
  await page.keyboard.press('Enter');
  await expect(card(page)).toHaveCount(0);
  const won = page.locator('tr[data-closed="won"]', { hasText: name });
  await expect(won).toContainText('$12,345');

  // The lead's timeline has both changes, by the editor.
  await page.goto(`/admin?lead=${leadId}`);
  const stages = page.locator('[data-stage-change]');
  await expect(stages).toHaveText([
    'Qualified → Proposal sent; value No value',
    'Proposal sent → Won; value No value → $12,345',
  ]);
  await expect(page.locator('[data-lead-deal]')).toHaveText('Won, $12,345');
  // Won reads as a client.
  await expect(page.locator('[data-lead-client]')).toHaveText('Deal won: kept past the retention period');
  await signOut(page);

  // The Audit Log shows both; the Dashboard's won value for the lead's source includes it.
  await signIn(page, admin);
  const tabs = page.getByRole('tablist', { name: 'Portal sections' });
  await tabs.getByRole('tab', { name: 'Audit Log' }).click();
  const log = page.getByRole('table', { name: 'Audit log, newest first' });
  const rows = log.locator(`tr[data-action="lead.stage"]`, { has: page.locator(`[title="${leadId}"]`) });
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByRole('cell').nth(4)).toHaveText('Proposal sent → Won, $12,345');
  await expect(rows.nth(1).getByRole('cell').nth(4)).toHaveText('Qualified → Proposal sent');
  await expect(rows.first().getByRole('cell').nth(1)).toHaveText(editor);
  await tabs.getByRole('tab', { name: 'Dashboard' }).click();
  const bySource = page.locator('figure[data-figure="won-by-source"]');
  await expect(bySource.getByRole('row', { name: new RegExp(source) })).toHaveText(
    new RegExp(`${source}\\s*1\\s*12345`),
  );

  // Reopened on the lead's page with an expected close date: back on the board, no longer a client.
  await page.goto(`/admin?lead=${leadId}`);
  await page.getByRole('button', { name: 'Change the deal' }).click();
  const deal = page.getByRole('form', { name: `The deal of ${name}` });
  await deal.getByRole('combobox', { name: 'Stage' }).selectOption('proposal');
  await deal.getByLabel('Expected close date').fill('2027-03-31');
  await deal.getByRole('button', { name: 'Save the deal' }).click();
  await expect(page.locator('[data-lead-deal]')).toHaveText('Proposal sent, $12,345, expected to close 2027-03-31');
  await expect(page.locator('[data-lead-client]')).toHaveCount(0);
  await expect(page.locator('[data-stage-change]').last()).toHaveText(
    'Won → Proposal sent; value $12,345; expected to close 2027-03-31',
  );
});
