/** Working a lead (issue 22): the owner and its mail, notes, a reply through the outbox, an answer made elsewhere. */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as contactFn from '../../../netlify/functions/contact.mts';
import { site } from '../../../src/config/site.ts';
import { auditLog, contactMessages, leadEvents, leads, mailOutbox } from '../../../src/db/schema.ts';
import { contactPayload } from '../../fixtures/forms.ts';
import { call, origin } from '../function-harness.ts';
import { addMessage, errorOf, request, signIn, staff } from '../staff-harness.ts';
import { leadsFn, useLeadsDatabase } from './leads-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, get, post, leadRow, waiting } = useLeadsDatabase();

describe('working a lead', () => {
  it('assigns an owner (who is mailed a link), records it in the timeline and the audit log', async () => {
    const { leadId } = await addMessage(handle, { email: 'ann@helix.example' });
    signIn('admin');
    const res = await request(leadsFn, 'PUT', `/api/admin/leads/${leadId}/owner`, { ownerId: staff.editor.id });
    expect(res.status).toBe(200);
    expect((await res.json()).lead).toMatchObject({ ownerId: staff.editor.id, owner: { email: staff.editor.email } });
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'lead.assigned'));
    expect(mail).toMatchObject({ to: staff.editor.email, replyTo: 'ann@helix.example', leadId: null });
    // The link is on the address the admin used (the request's origin), not the placeholder SITE_URL.
    expect(mail!.textBody).toContain(`${origin}/admin?lead=${leadId}`);
    expect(origin).not.toBe(site.url);
    expect(mail!.textBody).not.toContain(site.url);
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'lead.owner'));
    expect(audit).toMatchObject({ actorId: staff.admin.id, targetType: 'lead', targetId: leadId });
    const { timeline } = await get(`/api/admin/leads/${leadId}`);
    expect(timeline.find((e: { kind: string }) => e.kind === 'owner')).toMatchObject({
      from: null,
      to: { id: staff.editor.id, email: staff.editor.email },
      actorEmail: staff.admin.email,
    });
  });

  it('corrects a lead’s name, company and phone: on the timeline and in the action log; bad input named, a viewer refused', async () => {
    const { leadId } = await addMessage(handle, { email: 'cara@helix.example', name: 'Cara', company: 'Helix' });
    signIn('editor');
    const url = `/api/admin/leads/${leadId}/details`;
    const bad = await request(leadsFn, 'PUT', url, { name: '', company: 'Helix Labs', phone: 'call me maybe' });
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).fields).toEqual({
      name: 'Enter the person’s name.',
      phone: 'Enter a phone number: digits, spaces and + ( ) . - only.',
    });
    const res = await request(leadsFn, 'PUT', url, {
      name: 'Cara Diaz',
      company: 'Helix Labs',
      phone: '+1 215 555 0188',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).lead).toMatchObject({
      name: 'Cara Diaz',
      company: 'Helix Labs',
      phone: '+1 215 555 0188',
    });
    const { timeline } = await get(`/api/admin/leads/${leadId}`);
    expect(timeline.find((e: { kind: string }) => e.kind === 'details')).toEqual({
      kind: 'details',
      at: expect.any(String),
      id: expect.any(String),
      actorEmail: staff.editor.email,
      changes: [
        { field: 'name', from: 'Cara', to: 'Cara Diaz' },
        { field: 'company', from: '', to: 'Helix Labs' },
        { field: 'phone', from: '', to: '+1 215 555 0188' },
      ],
    });
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'lead.details'));
    expect(audit).toMatchObject({
      actorId: staff.editor.id,
      targetId: leadId,
      detail: { fields: ['name', 'company', 'phone'] },
    });
    // The same values again change nothing and record nothing.
    await request(leadsFn, 'PUT', url, { name: 'Cara Diaz', company: 'Helix Labs', phone: '+1 215 555 0188' });
    expect(await handle.db.$count(leadEvents, eq(leadEvents.kind, 'details'))).toBe(1);
    signIn('viewer');
    expect((await request(leadsFn, 'PUT', url, { name: 'X', company: '', phone: '' })).status).toBe(403);
    expect((await leadRow(leadId)).name).toBe('Cara Diaz');
  });

  it('lets an editor claim a lead without mailing themselves, and refuses an owner without a role', async () => {
    const { leadId } = await addMessage(handle);
    const claim = await request(leadsFn, 'PUT', `/api/admin/leads/${leadId}/owner`, { ownerId: staff.editor.id });
    expect(claim.status).toBe(200);
    expect(await handle.db.$count(mailOutbox, eq(mailOutbox.kind, 'lead.assigned'))).toBe(0);
    const refused = await request(leadsFn, 'PUT', `/api/admin/leads/${leadId}/owner`, { ownerId: staff.noRole.id });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).fields).toEqual({ ownerId: expect.any(String) });
    expect((await leadRow(leadId)).ownerId).toBe(staff.editor.id);
    const none = await request(leadsFn, 'PUT', `/api/admin/leads/${leadId}/owner`, { ownerId: null });
    expect((await none.json()).lead.ownerId).toBeNull();
  });

  it('adds notes up to 5,000 characters; only the author deletes one, within 15 minutes', async () => {
    const { leadId } = await addMessage(handle);
    const tooLong = await post(`/api/admin/leads/${leadId}/notes`, { body: 'x'.repeat(5001) });
    expect(tooLong.status).toBe(422);
    expect((await errorOf(tooLong)).fields).toEqual({ body: expect.stringContaining('5,000') });
    const blank = await post(`/api/admin/leads/${leadId}/notes`, { body: '   ' });
    expect((await errorOf(blank)).fields).toEqual({ body: 'Write the note' });
    const res = await post(`/api/admin/leads/${leadId}/notes`, { body: 'Called, sending deck Tuesday.' });
    expect(res.status).toBe(201);
    const { note } = await res.json();
    expect(note).toMatchObject({ kind: 'note', body: 'Called, sending deck Tuesday.', authorId: staff.editor.id });

    signIn('admin');
    const other = await request(leadsFn, 'DELETE', `/api/admin/leads/${leadId}/notes/${note.id}`);
    expect(other.status).toBe(403);
    expect((await errorOf(other)).code).toBe('not_author');

    signIn('editor');
    await handle.db
      .update(leadEvents)
      .set({ at: new Date(Date.now() - 16 * 60_000) })
      .where(eq(leadEvents.id, note.id));
    const late = await request(leadsFn, 'DELETE', `/api/admin/leads/${leadId}/notes/${note.id}`);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe('too_late');

    await handle.db.update(leadEvents).set({ at: new Date() }).where(eq(leadEvents.id, note.id));
    expect((await request(leadsFn, 'DELETE', `/api/admin/leads/${leadId}/notes/${note.id}`)).status).toBe(204);
    expect(await handle.db.$count(leadEvents, eq(leadEvents.id, note.id))).toBe(0);
    const actions = (await handle.db.select().from(auditLog)).map((r) => r.action).sort();
    expect(actions).toEqual(['lead.note', 'lead.note-delete']);
  });

  it('replies through the outbox, Reply-To the owner; the lead is answered and leaves the overdue count', async () => {
    const message = await addMessage(handle, { email: 'Ann@Helix.example', name: 'Ann' });
    await waiting(message.leadId, 30, -6);
    await handle.db.update(leads).set({ ownerId: staff.admin.id }).where(eq(leads.id, message.leadId));
    expect(await get('/api/admin/leads/overdue')).toEqual({ response: 1 });

    const tooLong = await post(`/api/admin/leads/${message.leadId}/replies`, {
      subject: 'Re',
      body: 'x'.repeat(10_001),
    });
    expect((await errorOf(tooLong)).fields).toEqual({ body: expect.stringContaining('10,000') });
    expect(await handle.db.$count(mailOutbox, eq(mailOutbox.kind, 'lead.reply'))).toBe(0);

    const res = await post(`/api/admin/leads/${message.leadId}/replies`, {
      subject: 'Re: your message',
      body: 'Dear Ann,\n\nHappy to talk on Tuesday.',
    });
    expect(res.status).toBe(201);
    const { reply, lead } = await res.json();
    expect(reply).toMatchObject({ kind: 'reply', subject: 'Re: your message', replyTo: staff.admin.email });
    expect(lead).toMatchObject({ state: 'answered', responseDueAt: null, firstResponseAt: expect.any(String) });

    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'lead.reply'));
    expect(mail).toMatchObject({
      to: 'Ann@Helix.example',
      replyTo: staff.admin.email,
      subject: 'Re: your message',
      leadId: message.leadId,
    });
    expect(mail!.textBody).toContain('Happy to talk on Tuesday.');
    expect(mail!.textBody).toContain(staff.editor.name);
    expect((await handle.db.select().from(contactMessages).where(eq(contactMessages.id, message.id)))[0]!.status).toBe(
      'replied',
    );
    expect(await get('/api/admin/leads/overdue')).toEqual({ response: 0 });
    const stored = await leadRow(message.leadId);
    expect(stored.firstResponseAt).not.toBeNull();
    expect(stored.awaitingSince).toBeNull();

    const { timeline } = await get(`/api/admin/leads/${message.leadId}`);
    const entry = timeline.find((e: { kind: string }) => e.kind === 'reply');
    expect(entry.mail).toMatchObject({ mailKind: 'lead.reply', status: expect.stringMatching(/pending|sent/) });
    // The reply's mail is the reply's entry, not a second one; the status change it made is there.
    expect(timeline.filter((e: { kind: string }) => e.kind === 'reply')).toHaveLength(1);
    expect(timeline.filter((e: { kind: string; mailKind?: string }) => e.mailKind === 'lead.reply')).toHaveLength(0);
    expect(timeline.find((e: { kind: string }) => e.kind === 'status')).toMatchObject({ to: 'replied', via: 'reply' });
  });

  it('replies Reply-To the staff inbox when nobody owns the lead', async () => {
    const { leadId } = await addMessage(handle);
    // The lead's page names that address before the reply, as the reply form's hint says it.
    expect((await get(`/api/admin/leads/${leadId}`)).replyTo).toEqual({ address: site.staffInbox, toTimeline: false });
    await post(`/api/admin/leads/${leadId}/replies`, { subject: 'Re: hello', body: 'Thanks!' });
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'lead.reply'));
    expect(mail!.replyTo).toBe(site.staffInbox);
  });

  it('names the lead’s own reply+ address on its page where replies are set up, the one its reply carries', async () => {
    vi.stubEnv('MAIL_REPLY_DOMAIN', 'replies.agency.test');
    try {
      const { leadId } = await addMessage(handle);
      const { replyToken } = await leadRow(leadId);
      const address = `reply+${replyToken}@replies.agency.test`;
      expect((await get(`/api/admin/leads/${leadId}`)).replyTo).toEqual({ address, toTimeline: true });
      await post(`/api/admin/leads/${leadId}/replies`, { subject: 'Re: hello', body: 'Thanks!' });
      const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'lead.reply'));
      expect(mail!.replyTo).toBe(address);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('leaves no mail, event or stamp when the reply’s transaction rolls back', async () => {
    const { leadId } = await addMessage(handle);
    // The reply's audit row is written last but one: refusing it rolls back everything written before it.
    await handle.db.execute(sql`
      create or replace function refuse_lead_reply() returns trigger language plpgsql as $$
      begin if new.action = 'lead.reply' then raise exception 'refused for the test'; end if; return new; end $$`);
    await handle.db.execute(
      sql`create trigger refuse_lead_reply before insert on audit_log for each row execute function refuse_lead_reply()`,
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await post(`/api/admin/leads/${leadId}/replies`, { subject: 'Re', body: 'Hello' });
      expect(res.status).toBe(503);
    } finally {
      await handle.db.execute(sql`drop trigger refuse_lead_reply on audit_log`);
      logged.mockRestore();
    }
    expect(await handle.db.$count(mailOutbox, eq(mailOutbox.kind, 'lead.reply'))).toBe(0);
    expect(await handle.db.$count(leadEvents, and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, 'reply')))).toBe(
      0,
    );
    expect((await leadRow(leadId)).firstResponseAt).toBeNull();
  });

  it('records an answer made elsewhere, which needs a note and stops the clock', async () => {
    const { leadId } = await addMessage(handle);
    await waiting(leadId, 30, -6);
    const blank = await post(`/api/admin/leads/${leadId}/answered-elsewhere`, { note: '' });
    expect(blank.status).toBe(422);
    expect((await errorOf(blank)).fields).toEqual({ note: expect.any(String) });
    const res = await post(`/api/admin/leads/${leadId}/answered-elsewhere`, { note: 'Phoned, 20 minutes.' });
    expect(res.status).toBe(201);
    expect((await res.json()).lead).toMatchObject({ state: 'answered' });
    expect(await handle.db.$count(mailOutbox, eq(mailOutbox.kind, 'lead.reply'))).toBe(0);
    const { timeline } = await get(`/api/admin/leads/${leadId}`);
    expect(timeline.find((e: { kind: string }) => e.kind === 'elsewhere')).toMatchObject({
      body: 'Phoned, 20 minutes.',
      actorEmail: staff.editor.email,
    });
  });

  it('starts a new wait when an answered lead writes again', async () => {
    const first = await addMessage(handle, { email: 'ann@helix.example' });
    await post(`/api/admin/leads/${first.leadId}/answered-elsewhere`, { note: 'Phoned.' });
    await call(contactFn.default, '/api/contact', { ...contactPayload(), email: 'ann@helix.example' });
    const lead = await leadRow(first.leadId);
    expect(lead.awaitingSince).not.toBeNull();
    expect(lead.responseDueAt).not.toBeNull();
    expect(lead.firstResponseAt).not.toBeNull();
  });

  it('takes its requests, events and mails with it when a lead is deleted (what erasing a person builds on)', async () => {
    const message = await addMessage(handle, { email: 'ann@helix.example' });
    const audit = await call(contactFn.default, '/api/contact', { ...contactPayload(), email: 'ANN@helix.example' });
    expect(audit.status).toBe(201);
    await post(`/api/admin/leads/${message.leadId}/notes`, { body: 'Called.' });
    await post(`/api/admin/leads/${message.leadId}/replies`, { subject: 'Re', body: 'Thanks!' });
    const linked = eq(mailOutbox.leadId, message.leadId);
    expect(await handle.db.$count(mailOutbox, linked)).toBeGreaterThan(0);
    await handle.db.delete(leads).where(eq(leads.id, message.leadId));
    expect(await handle.db.$count(contactMessages, eq(contactMessages.leadId, message.leadId))).toBe(0);
    expect(await handle.db.$count(leadEvents, eq(leadEvents.leadId, message.leadId))).toBe(0);
    expect(await handle.db.$count(mailOutbox, linked)).toBe(0);
  });
});
