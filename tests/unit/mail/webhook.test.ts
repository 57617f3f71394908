/**
 * Resend's webhook (docs/decisions/0040-mail-replies-and-delivery.md) through its function, with the real SDK's
 * verification and its Receiving API served by a local stand-in (RESEND_BASE_URL): forged and stale events,
 * one event delivered five times, a reply onto its lead's timeline (its attachments through the intake's checks),
 * an unknown token kept aside, another sender, a hard bounce, a complaint, and the person's export and erasure.
 */
import { getStore } from '@netlify/blobs';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import * as adminDocuments from '../../../netlify/functions/admin-documents.mts';
import * as adminMail from '../../../netlify/functions/admin-mail.mts';
import * as contact from '../../../netlify/functions/contact.mts';
import { blobDeletions, leadDocuments, leads, mailOutbox } from '../../../src/db/schema.ts';
import { getLead } from '../../../src/features/leads/lead-timeline.ts';
import { leadItem, leadsQuery, listLeads } from '../../../src/features/leads/leads.ts';
import { replyToLead } from '../../../src/features/leads/lead-work.ts';
import { eraseLead } from '../../../src/features/privacy/erase.ts';
import { exportPerson } from '../../../src/features/privacy/export.ts';
import { purgeUnattachedMailEvents } from '../../../src/features/privacy/retention.ts';
import { healthReport } from '../../../src/features/system/health.ts';
import { DOCUMENTS_STORE, PARTS_STORE, readDocumentBytes } from '../../../src/features/uploads/stores.ts';
import { receivedEvent, signEvent, type StandInMail } from '../../../scripts/lib/resend-stand-in.ts';
import { makeCfb } from '../../fixtures/cfb.ts';
import { contactPayload } from '../../fixtures/forms.ts';
import { call } from '../function-harness.ts';
import { errorOf, request, seedStaff, signIn, staff } from '../staff-harness.ts';
import { DOMAIN, editor, SECRET, useWebhook } from './webhook-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, post, answeredLead, receive, stored, resend: standIn } = useWebhook();

describe('POST /api/webhooks/resend', () => {
  it('answers 401 and stores nothing for a forged or a stale signature, or none at all', async () => {
    const lead = await answeredLead('forged@example.com');
    const mail = { from: lead.email, to: [`reply+${lead.replyToken}@${DOMAIN}`], subject: 'Hi', text: 'Hello' };
    const body = receivedEvent(standIn().add(mail), mail);
    const forged = signEvent(`whsec_${Buffer.from('another-key-entirely-here').toString('base64')}`, body);
    const stale = signEvent(SECRET, body, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    for (const headers of [forged, stale, {}]) {
      const res = await post(body, headers);
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe('invalid_signature');
    }
    expect(await stored()).toEqual({ events: [], inbound: [] });
  });

  it('puts a reply on its lead’s timeline once however often it comes: new text, a new wait, the owner told', async () => {
    const lead = await answeredLead('ada@example.com');
    // Every mail to the lead went out with its reply address: the confirmation and the portal's reply.
    const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.leadId, lead.id));
    expect(mails.map((m) => m.replyTo)).toEqual(mails.map(() => `reply+${lead.replyToken}@${DOMAIN}`));
    expect(lead.replyToken).toMatch(/^[0-9a-f]{32}$/);
    expect(lead.awaitingSince).toBeNull();

    const macros = makeCfb([
      { name: 'WordDocument', type: 'stream', data: new Uint8Array(5000) },
      { name: 'Macros', type: 'storage' },
      { name: 'VBA', type: 'storage' },
      { name: 'dir', type: 'stream', data: new Uint8Array(200) },
    ]);
    const mail: StandInMail = {
      from: 'Ada <ADA@example.com>',
      to: [`reply+${lead.replyToken}@${DOMAIN}`],
      subject: 'Re: your message',
      text: 'Thanks! What would the audit cost?\n\nOn Mon, Jun 2, 2025 at 9:00 AM Eddie <x@y.z> wrote:\n> Happy to help.\n',
      attachments: [
        { filename: 'brief.doc', contentType: 'application/msword', bytes: macros },
        { filename: 'setup.exe', contentType: 'application/octet-stream', bytes: new Uint8Array([77, 90, 1]) },
      ],
    };
    const body = receivedEvent(standIn().add(mail), mail);
    const headers = signEvent(SECRET, body);
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await (await post(body, headers)).json()).outcome);
    expect(outcomes).toEqual(['stored', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const { events, inbound } = await stored();
    expect(events).toHaveLength(1);
    expect(inbound).toMatchObject([{ leadId: lead.id, status: 'attached' }]);

    const { timeline, lead: shown } = await getLead(handle.db, lead.id);
    const entry = timeline.find((e) => e.kind === 'inbound');
    expect(entry).toMatchObject({ newText: 'Thanks! What would the audit cost?', subject: 'Re: your message' });
    expect(entry && 'fullText' in entry && entry.fullText).toContain('> Happy to help.');
    expect(entry && 'attachments' in entry && entry.attachments).toMatchObject([
      { name: 'brief.doc', hasMacros: true, problem: null },
      { name: 'setup.exe', documentId: null, problem: expect.stringContaining('not accepted') },
    ]);
    const documents = await handle.db.select().from(leadDocuments).where(eq(leadDocuments.leadId, lead.id));
    expect(documents).toMatchObject([{ fileName: 'brief.doc', hasMacros: true }]);
    expect(await readDocumentBytes(documents[0]!.filePath)).toEqual(macros);
    signIn('viewer');
    const downloaded = await request(adminDocuments, 'GET', `/api/admin/documents/${documents[0]!.id}`);
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(macros);

    expect(shown).toMatchObject({ state: 'open', repliedWaiting: true });
    expect(shown.responseDueAt!.getTime()).toBeGreaterThan(shown.awaitingSince!.getTime());
    const replied = await listLeads(handle.db, leadsQuery(new URL('http://x/?replied=true'), 'me'));
    expect(replied.items.map((x) => x.id)).toEqual([lead.id]);
    const notices = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'lead.inbound'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain('Thanks! What would the audit cost?');
    expect(notices[0]!.textBody).toContain(`/admin?lead=${lead.id}`);
  });

  it('keeps a mail to an unknown token aside for an admin, on no lead, for 30 days; health says when it came', async () => {
    const lead = await answeredLead('grace@example.com');
    const res = await receive({
      from: lead.email,
      to: [`reply+${'0'.repeat(32)}@${DOMAIN}`],
      subject: 'Guess',
      text: 'Who am I?',
    });
    expect(await res.json()).toEqual({ outcome: 'stored' });
    expect((await stored()).inbound).toMatchObject([{ leadId: null, status: 'unmatched' }]);
    expect(await leadItem(handle.db, lead.id)).toMatchObject({ state: 'answered', repliedWaiting: false });
    signIn('admin');
    const list = await (await request(adminMail, 'GET', '/api/admin/mail/unmatched')).json();
    expect(list.items).toMatchObject([{ subject: 'Guess', newText: 'Who am I?' }]);
    signIn('editor');
    expect((await request(adminMail, 'GET', '/api/admin/mail/unmatched')).status).toBe(403);

    const { checks } = await healthReport(async () => undefined);
    const [event] = (await stored()).events;
    expect(checks.webhooks).toEqual({ ok: true, detail: `last event received ${event!.receivedAt.toISOString()}` });
    const DAY = 86_400_000;
    expect(await purgeUnattachedMailEvents(handle.db, new Date(event!.receivedAt.getTime() + 29 * DAY))).toBe(0);
    expect(await purgeUnattachedMailEvents(handle.db, new Date(event!.receivedAt.getTime() + 31 * DAY))).toBe(2);
    expect(await stored()).toEqual({ events: [], inbound: [] });
  });

  it('attaches a mail from another address, marked, and changes nothing of the lead', async () => {
    const lead = await answeredLead('hopper@example.com');
    await receive({
      from: 'someone@else.example',
      to: [`reply+${lead.replyToken}@${DOMAIN}`],
      subject: 'FYI',
      text: 'x',
    });
    expect((await stored()).inbound).toMatchObject([{ leadId: lead.id, status: 'other_sender' }]);
    const after = (await handle.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!;
    expect(after).toEqual(lead);
    const { timeline } = await getLead(handle.db, lead.id);
    expect(timeline.find((e) => e.kind === 'inbound')).toMatchObject({ status: 'other_sender' });
  });

  /** Marks the lead's mails sent under provider ids and posts `type` about the first (its confirmation). */
  async function deliveryEvent(leadId: string, type: string, data: Record<string, unknown> = {}) {
    const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.leadId, leadId));
    for (const m of mails)
      await handle.db
        .update(mailOutbox)
        .set({ status: 'sent', providerId: `em_${m.id}` })
        .where(eq(mailOutbox.id, m.id));
    const body = JSON.stringify({ type, data: { email_id: `em_${mails[0]!.id}`, ...data } });
    expect((await post(body)).status).toBe(200);
    return mails[0]!.id;
  }

  it('marks a lead undeliverable on a hard bounce; the reply asks for confirmation; the owner is told', async () => {
    const lead = await answeredLead('bounce@example.com');
    const mailId = await deliveryEvent(lead.id, 'email.bounced', {
      bounce: { type: 'Permanent', subType: 'General', message: 'No such mailbox' },
    });
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    expect(mail).toMatchObject({ delivery: 'bounced', deliveryDetail: 'Permanent: General: No such mailbox' });
    expect(await leadItem(handle.db, lead.id)).toMatchObject({
      undeliverableReason: 'Permanent: General: No such mailbox',
    });
    await expect(replyToLead(handle.db, editor, lead.id, { subject: 'Hi', body: 'Again' })).rejects.toMatchObject({
      status: 409,
      code: 'confirm_needed',
    });
    await replyToLead(handle.db, editor, lead.id, { subject: 'Hi', body: 'Again', confirm: true });
    expect(await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'lead.bounced'))).toHaveLength(1);
    const { timeline } = await getLead(handle.db, lead.id);
    expect(timeline.find((e) => e.kind === 'mail' && e.id === mailId)).toMatchObject({ delivery: 'bounced' });
  });

  it('stops the next confirmation to an address that complained', async () => {
    const lead = await answeredLead('complain@example.com');
    await deliveryEvent(lead.id, 'email.complained');
    expect(await leadItem(handle.db, lead.id)).toMatchObject({ complained: true });
    await call(contact.default, '/api/contact', { ...contactPayload(), email: lead.email });
    const confirmations = await handle.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'contact.confirmation'));
    expect(confirmations.map((c) => c.status).sort()).toEqual(['sent', 'suppressed']);
  });

  it('shows bounced staff mail in the Mail tab, and records an event about no known mail once', async () => {
    await seedStaff(handle);
    const [mail] = await handle.db
      .insert(mailOutbox)
      .values({
        idempotencyKey: 'staff:1:lead.new',
        kind: 'lead.new',
        to: 'gone@bolesta.test',
        subject: 'New lead',
        textBody: 'x',
        htmlBody: 'x',
        status: 'sent',
        providerId: 'em_staff',
      })
      .returning();
    const bounced = JSON.stringify({
      type: 'email.bounced',
      data: { email_id: 'em_staff', bounce: { type: 'Permanent', subType: 'General', message: 'Unknown user' } },
    });
    expect(await (await post(bounced)).json()).toEqual({ outcome: 'stored' });
    const unknown = JSON.stringify({ type: 'email.delivered', data: { email_id: 'em_nobody' } });
    expect(await (await post(unknown)).json()).toEqual({ outcome: 'ignored' });
    signIn('admin');
    const list = await (await request(adminMail, 'GET', '/api/admin/mail?status=bounced')).json();
    expect(list.items).toMatchObject([
      { id: mail!.id, delivery: 'bounced', deliveryDetail: expect.stringContaining('Unknown user') },
    ]);
    expect((await stored()).events.map((e) => [e.type, e.mailId])).toEqual(
      expect.arrayContaining([
        ['email.bounced', mail!.id],
        ['email.delivered', null],
      ]),
    );
  });

  it('puts the reply and its attachment in the person’s export; the erasure removes both and the blob', async () => {
    const lead = await answeredLead('export@example.com');
    const pdf = new TextEncoder().encode('%PDF-1.7\n% the lead’s brief\n');
    await receive({
      from: lead.email,
      to: [`reply+${lead.replyToken}@${DOMAIN}`],
      subject: 'Our brief',
      text: 'Attached.',
      attachments: [{ filename: 'brief.pdf', contentType: 'application/pdf', bytes: pdf }],
    });
    const exported = await exportPerson(handle.db, staff.admin, lead.id, readDocumentBytes);
    const files = unzipSync(new Uint8Array(await new Response(exported.body).arrayBuffer()));
    const person = JSON.parse(strFromU8(files['person.json']!));
    expect(person.mailsReceived).toMatchObject([{ subject: 'Our brief', newText: 'Attached.' }]);
    const path = person.mailedDocuments[0].fileInThisZip;
    expect(files[path]).toEqual(pdf);

    const [doc] = await handle.db.select().from(leadDocuments).where(eq(leadDocuments.leadId, lead.id));
    const store = { documents: getStore(DOCUMENTS_STORE), parts: getStore(PARTS_STORE) };
    const result = await eraseLead(handle.db, store, staff.admin, lead.id, { confirm: lead.email });
    expect(result.counts).toMatchObject({ inboundMails: 1, mailedDocuments: 1 });
    expect(result.blobsPending).toBe(0);
    expect((await stored()).inbound).toEqual([]);
    expect(await handle.db.select().from(leadDocuments)).toEqual([]);
    expect(await handle.db.select().from(blobDeletions)).toEqual([]);
    expect(await readDocumentBytes(doc!.filePath)).toBeNull();
  });
});
