// New work appears without a reload (issue 55; src/islands/admin/shell/live-leads.ts): an open lead's page polls the leads'
// revision, an idle poll is answered 304, and a colleague's note from a second browser appears in it at the next
// poll, while the reply being typed stays. The page's clock is Playwright's: the 20-second poll is fast-forwarded,
// not waited for.
import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { leads } from '../../src/db/schema.ts';
import { LIVE_INTERVAL_MS } from '../../src/islands/admin/shell/live-leads.ts';
import { contactPayload } from '../fixtures/forms.ts';
import { withDb } from './db.ts';
import { createStaff, signIn } from './portal.ts';

const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const ada = `live-ada-${stamp}@bolesta.example`;
const bo = `live-bo-${stamp}@bolesta.example`;
const person = `live-lead-${stamp}@client.example`;

const revision = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/admin/leads/revision'));

test('a colleague’s note appears on an open lead’s page at the next poll, the reply being typed kept', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await createStaff(ada, 'editor', 'Ada');
  await createStaff(bo, 'editor', 'Bo');
  const sent = await request.post('/api/contact', {
    data: { ...contactPayload(), email: person, name: 'Rosalind Franklin' },
    headers: { origin: baseURL! },
  });
  expect(sent.status()).toBe(201);
  const [row] = await withDb((db) => db.select({ id: leads.id }).from(leads).where(eq(leads.emailKey, person)));
  const leadId = row!.id;

  await page.clock.install();
  await signIn(page, ada);
  await page.goto(`/admin?lead=${leadId}`);
  const draft = 'Dear Rosalind, thank you for';
  await page.getByRole('form', { name: 'Reply' }).getByRole('textbox', { name: 'Reply', exact: true }).fill(draft);
  // The tab's title counts the leads waiting on us (this one among them).
  await expect(page).toHaveTitle(/^\(\d+\) Staff Portal/);

  // Nothing changed: the poll is answered 304, without a body.
  const idle = revision(page);
  await page.clock.fastForward(LIVE_INTERVAL_MS);
  expect((await idle).status()).toBe(304);

  // A colleague, in a browser of their own, adds a note to the lead.
  const other = await browser.newContext();
  const colleague = await other.newPage();
  await signIn(colleague, bo);
  const note = `Called them, they prefer Tuesday (${stamp}).`;
  const added = await colleague.request.post(`/api/admin/leads/${leadId}/notes`, {
    data: { body: note },
    headers: { origin: baseURL! },
  });
  expect(added.status()).toBe(201);
  await other.close();

  const changed = revision(page);
  await page.clock.fastForward(LIVE_INTERVAL_MS);
  expect((await changed).status()).toBe(200);
  await expect(page.getByRole('list', { name: 'Timeline, oldest first' })).toContainText(note);
  await expect(
    page.getByRole('form', { name: 'Reply' }).getByRole('textbox', { name: 'Reply', exact: true }),
  ).toHaveValue(draft);
});
