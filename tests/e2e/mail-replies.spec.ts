/**
 * A lead's mail reply comes back onto its timeline (docs/decisions/0040-mail-replies-and-delivery.md): an editor
 * replies from the portal; a signed `email.received` for its Reply-To reaches the running server, which fetches
 * the mail from a stand-in of Resend's Receiving API (RESEND_BASE_URL, playwright.config.ts) with the real SDK.
 */
import { and, eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { leads, mailOutbox, users } from '../../src/db/schema.ts';
import { receivedEvent, signEvent, startResendStandIn, type ResendStandIn } from '../../scripts/lib/resend-stand-in.ts';
import { makeCfb } from '../fixtures/cfb.ts';
import { contactPayload } from '../fixtures/forms.ts';
import { e2eReplyDomain, e2eResendPort, e2eWebhookSecret } from '../fixtures/health-token.ts';
import { withDb } from './db.ts';
import { hydrated } from './helpers.ts';
import { createStaff, signIn } from './portal.ts';

// One stand-in on the server's RESEND_BASE_URL port: the tests of this file run one after another.
test.describe.configure({ mode: 'serial' });

let resend: ResendStandIn;
test.beforeAll(async () => {
  resend = await startResendStandIn(e2eResendPort(Number(process.env.E2E_PORT ?? 4321)));
});
test.afterAll(() => resend.close());

test('a reply from the portal, answered by mail: the new text on the timeline, a new wait, the owner told', async ({
  page,
  request,
  baseURL,
}) => {
  const stamp = Date.now();
  const email = `lin-${stamp}@example.com`;
  const editor = `replies-editor-${stamp}@example.com`;
  await createStaff(editor, 'editor', 'Rita Replies');
  const sent = await request.post('/api/contact', {
    data: { ...contactPayload(), email, name: 'Lin Reply' },
    headers: { origin: baseURL! },
  });
  expect(sent.status()).toBe(201);
  const lead = await withDb(async (db) => (await db.select().from(leads).where(eq(leads.emailKey, email)))[0]!);

  await signIn(page, editor);
  await page.goto(`/admin?lead=${lead.id}`);
  await hydrated(page);
  const reply = page.getByRole('form', { name: 'Reply' });
  await reply.getByRole('textbox', { name: 'Reply' }).fill('Happy to help, Lin: what is your timeline?');
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(/^Reply queued for/).last()).toBeVisible();
  const address = `reply+${lead.replyToken}@${e2eReplyDomain}`;
  const [replyMail] = await withDb((db) =>
    db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.leadId, lead.id), eq(mailOutbox.kind, 'lead.reply'))),
  );
  expect(replyMail!.replyTo).toBe(address);

  // The lead answers that Reply-To, quoting the reply, with a Word file carrying macros and a program.
  const macros = makeCfb([
    { name: 'WordDocument', type: 'stream', data: new Uint8Array(5000) },
    { name: 'Macros', type: 'storage' },
    { name: 'VBA', type: 'storage' },
    { name: 'dir', type: 'stream', data: new Uint8Array(200) },
  ]);
  const mail = {
    from: `Lin Reply <${email}>`,
    to: [address],
    subject: 'Re: your message',
    text: `Within three months. Our brief is attached.\n\nOn Tue, Rita Replies wrote:\n> Happy to help, Lin: what is your timeline?\n`,
    attachments: [
      { filename: 'brief.doc', contentType: 'application/msword', bytes: macros },
      { filename: 'tool.exe', contentType: 'application/octet-stream', bytes: new Uint8Array([77, 90, 0, 1]) },
    ],
  };
  const body = receivedEvent(resend.add(mail), mail);
  const answer = await request.post('/api/webhooks/resend', { data: body, headers: signEvent(e2eWebhookSecret, body) });
  expect(await answer.json()).toEqual({ outcome: 'stored' });

  await page.reload();
  await hydrated(page);
  const inbound = page.locator('ol > li[data-kind="inbound"]');
  await expect(inbound.locator('[data-new-text]')).toHaveText('Within three months. Our brief is attached.');
  await expect(inbound.getByText('> Happy to help, Lin')).toBeHidden();
  await inbound.getByText('Show the whole mail (quoted text)').click();
  await expect(inbound.getByText('> Happy to help, Lin')).toBeVisible();
  await expect(inbound.locator('[data-attachment="stored"]')).toContainText('brief.docContains macros');
  await expect(inbound.locator('[data-attachment="refused"]')).toContainText('tool.exe');
  await expect(inbound.locator('[data-attachment="refused"]')).toContainText('not stored');
  const response = page.locator('[data-response="open"]').first();
  await expect(response).toContainText('Replied, waiting on us');
  await expect(response).toContainText(/Reply due /);

  const stored = await withDb(async (db) => ({
    notice: await db
      .select({ to: mailOutbox.to, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'lead.inbound')),
    lead: (await db.select().from(leads).where(eq(leads.id, lead.id)))[0]!,
  }));
  expect(stored.notice.filter((n) => n.text.includes(`/admin?lead=${lead.id}`))).toHaveLength(1);
  expect(stored.lead.awaitingSince).not.toBeNull();
});

test('a removed colleague’s former lead writes back: nobody at their address is told, the lead shows unowned with the handover', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const email = `kai-${stamp}@example.com`;
  const leaver = `leaver-replies-${stamp}@example.com`;
  const admin = `replies-admin-${stamp}@example.com`;
  await createStaff(leaver, 'editor', 'Lee Leaver');
  await createStaff(admin, 'admin', 'Ada Admin');
  const sent = await request.post('/api/contact', {
    data: { ...contactPayload(), email, name: 'Kai Former' },
    headers: { origin: baseURL! },
  });
  expect(sent.status()).toBe(201);
  const lead = await withDb(async (db) => {
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, leaver));
    const [row] = await db.update(leads).set({ ownerId: owner!.id }).where(eq(leads.emailKey, email)).returning();
    return row!;
  });

  await signIn(page, admin);
  await page.getByRole('tab', { name: 'User Roles' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Remove from staff ${leaver}` }).click();
  const removed = page.getByRole('status').filter({ hasText: `${leaver} is no longer staff` });
  await expect(removed.getByRole('link', { name: /Kai Former/ })).toBeVisible();

  const mail = {
    from: `Kai Former <${email}>`,
    to: [`reply+${lead.replyToken}@${e2eReplyDomain}`],
    subject: 'Re: your message',
    text: 'Call me on +1 555 0100 tomorrow.',
  };
  const body = receivedEvent(resend.add(mail), mail);
  const answer = await request.post('/api/webhooks/resend', { data: body, headers: signEvent(e2eWebhookSecret, body) });
  expect(await answer.json()).toEqual({ outcome: 'stored' });
  const notices = await withDb((db) =>
    db
      .select({ to: mailOutbox.to, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'lead.inbound')),
  );
  const mine = notices.filter((n) => n.text.includes(`/admin?lead=${lead.id}`));
  expect(mine).toHaveLength(1);
  expect(mine[0]!.to).not.toBe(leaver);
  expect(notices.map((n) => n.to)).not.toContain(leaver);

  await page.goto(`/admin?lead=${lead.id}`);
  await hydrated(page);
  await expect(page.getByRole('form', { name: 'Owner' }).getByLabel('Owner')).toHaveValue('');
  await expect(page.locator('ol > li[data-kind="owner"] [data-handover]')).toContainText(
    'Lee Leaver was removed from staff',
  );
});
