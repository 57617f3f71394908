/**
 * The leads of issue 22 through their functions: one lead per address across the forms, the Leads list and its
 * filters and CSV, one lead's timeline, the owner, notes, a reply through the outbox and a response made
 * elsewhere, and the overdue count.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as auditsFn from '../../../netlify/functions/audits.mts';
import * as contactFn from '../../../netlify/functions/contact.mts';
import * as leadsFn from '../../../netlify/functions/admin-leads.mts';
import { site } from '../../../src/config/site.ts';
import { auditLog, contactMessages, leadEvents, leads, mailOutbox } from '../../../src/db/schema.ts';
import { contactPayload, shortAuditPayload } from '../../fixtures/forms.ts';
import { parseCsv } from '../csv-parse.ts';
import {
  addMessage,
  addSubmission,
  errorOf,
  request,
  seedStaff,
  signIn,
  staff,
  useAdminDatabase,
} from '../staff-harness.ts';
import { quietConsole } from '../test-db.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = useAdminDatabase();
quietConsole('log');
beforeEach(async () => {
  await handle.db.delete(mailOutbox);
  await handle.db.execute(sql`truncate audit_log`);
  await seedStaff(handle);
  signIn('editor');
});

const get = async (path: string) => {
  const res = await request(leadsFn, 'GET', path);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};
const list = (query = '') => get(`/api/admin/leads${query}`);
const emails = async (query = '') => (await list(query)).items.map((l: { email: string }) => l.email);
const post = (path: string, body: unknown) => request(leadsFn, 'POST', path, body);
const leadRow = async (id: string) => (await handle.db.select().from(leads).where(eq(leads.id, id)))[0]!;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** Makes the lead wait since `hours` ago, due `dueInHours` from now (negative: overdue). */
async function waiting(id: string, hours: number, dueInHours: number) {
  await handle.db
    .update(leads)
    .set({ awaitingSince: hoursAgo(hours), responseDueAt: hoursAgo(-dueInHours) })
    .where(eq(leads.id, id));
}

describe('one lead per person', () => {
  it('links a message and then an audit request from the same address in another case to one lead', async () => {
    const { call } = await import('../function-harness.ts');
    const contact = await call(contactFn.default, '/api/contact', {
      ...contactPayload(),
      name: 'Grace Hopper',
      email: 'grace@acme.example',
      company: 'Acme',
    });
    expect(contact.status).toBe(201);
    const audit = await call(auditsFn.default, '/api/audits', {
      ...shortAuditPayload(),
      fullName: 'Grace B. Hopper',
      workEmail: 'GRACE@Acme.Example',
      companyName: 'Acme Bioanalytical',
    });
    expect(audit.status, await audit.clone().text()).toBe(201);
    const all = await handle.db.select().from(leads);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      emailKey: 'grace@acme.example',
      name: 'Grace B. Hopper',
      company: 'Acme Bioanalytical',
      requestCount: 2,
    });
    expect(all[0]!.responseDueAt).not.toBeNull();
    const { lead, requests, timeline } = await get(`/api/admin/leads/${all[0]!.id}`);
    expect(lead).toMatchObject({ requestCount: 2, forms: ['message', 'contact_page'], state: 'open' });
    expect(requests.map((r: { kind: string }) => r.kind)).toEqual(['audit', 'message']);
    // The confirmations went to the lead and are in its timeline; the staff notifications are not.
    const kinds = timeline.map((e: { kind: string; mailKind?: string }) => e.mailKind ?? e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['message', 'audit', 'contact.confirmation', 'audit.confirmation']));
    expect(kinds).not.toContain('contact.staff');
  });
});

describe('GET /api/admin/leads', () => {
  it('lists newest activity first and filters by search, owner, state, form and spam', async () => {
    const ann = await addMessage(handle, { name: 'Ann', email: 'ann@helix.example', company: 'Helix' }, 30);
    const bob = await addSubmission(
      handle,
      { contactName: 'Bob', contactEmail: 'bob@acme.example', source: 'intake' },
      20,
    );
    const cy = await addSubmission(
      handle,
      { contactName: 'Cy', contactEmail: 'cy@cro.example', companyName: 'CRO' },
      10,
    );
    await addMessage(handle, { name: 'Bot', email: 'bot@spam.example', isSpam: true }, 5);
    await handle.db.update(leads).set({ isSpam: true }).where(eq(leads.emailKey, 'bot@spam.example'));
    await handle.db.update(leads).set({ ownerId: staff.editor.id }).where(eq(leads.id, bob.leadId));
    await waiting(ann.leadId, 30, -6); // overdue
    await waiting(bob.leadId, 20, 4); // open
    await handle.db.update(leads).set({ awaitingSince: null, responseDueAt: null }).where(eq(leads.id, cy.leadId));

    expect(await emails()).toEqual(['cy@cro.example', 'bob@acme.example', 'ann@helix.example']);
    expect(await emails('?q=HELIX')).toEqual(['ann@helix.example']);
    expect(await emails('?q=Bob')).toEqual(['bob@acme.example']);
    expect(await emails('?owner=mine')).toEqual(['bob@acme.example']);
    expect(await emails(`?owner=${staff.editor.id}`)).toEqual(['bob@acme.example']);
    expect(await emails('?owner=unassigned')).toEqual(['cy@cro.example', 'ann@helix.example']);
    expect(await emails('?state=overdue')).toEqual(['ann@helix.example']);
    expect(await emails('?state=open')).toEqual(['bob@acme.example']);
    expect(await emails('?state=answered')).toEqual(['cy@cro.example']);
    expect(await emails('?form=intake')).toEqual(['bob@acme.example']);
    expect(await emails('?form=message')).toEqual(['ann@helix.example']);
    expect(await emails('?spam=1')).toEqual(['bot@spam.example']);
    const first = (await list('?q=bob')).items[0];
    expect(first).toMatchObject({
      id: bob.leadId,
      email: 'bob@acme.example',
      name: 'Bob',
      requestCount: 1,
      ownerId: staff.editor.id,
      owner: { id: staff.editor.id, email: staff.editor.email, name: staff.editor.name },
      state: 'open',
      firstResponseAt: null,
    });
    expect(first.responseDueAt).toEqual(expect.any(String));
  });

  it('refuses a filter that cannot be one with a 422 naming it', async () => {
    const res = await request(leadsFn, 'GET', '/api/admin/leads?state=late&form=fax');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ state: expect.any(String), form: expect.any(String) });
  });

  it('exports the current view as CSV', async () => {
    await addMessage(handle, { name: '=Ann', email: 'ann@helix.example' }, 3);
    await addMessage(handle, { name: 'Bob', email: 'bob@acme.example' }, 2);
    const res = await request(leadsFn, 'GET', '/api/admin/leads/export.csv?q=ann');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-/);
    const rows = parseCsv(
      Buffer.from(await res.arrayBuffer())
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
    expect(rows[0]).toEqual(expect.arrayContaining(['id', 'email', 'name', 'company', 'owner_email', 'state']));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining(['ann@helix.example', "'=Ann"]));
  });
});

describe('working a lead', () => {
  it('assigns an owner (who is mailed a link), records it in the timeline and the audit log', async () => {
    const { leadId } = await addMessage(handle, { email: 'ann@helix.example' });
    signIn('admin');
    const res = await request(leadsFn, 'PUT', `/api/admin/leads/${leadId}/owner`, { ownerId: staff.editor.id });
    expect(res.status).toBe(200);
    expect((await res.json()).lead).toMatchObject({ ownerId: staff.editor.id, owner: { email: staff.editor.email } });
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'lead.assigned'));
    expect(mail).toMatchObject({ to: staff.editor.email, replyTo: 'ann@helix.example', leadId: null });
    expect(mail!.textBody).toContain(`${site.url}/admin?lead=${leadId}`);
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'lead.owner'));
    expect(audit).toMatchObject({ actorId: staff.admin.id, targetType: 'lead', targetId: leadId });
    const { timeline } = await get(`/api/admin/leads/${leadId}`);
    expect(timeline.find((e: { kind: string }) => e.kind === 'owner')).toMatchObject({
      from: null,
      to: { id: staff.editor.id, email: staff.editor.email },
      actorEmail: staff.admin.email,
    });
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
    await post(`/api/admin/leads/${leadId}/replies`, { subject: 'Re: hello', body: 'Thanks!' });
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'lead.reply'));
    expect(mail!.replyTo).toBe(site.staffInbox);
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
    const { call } = await import('../function-harness.ts');
    await call(contactFn.default, '/api/contact', { ...contactPayload(), email: 'ann@helix.example' });
    const lead = await leadRow(first.leadId);
    expect(lead.awaitingSince).not.toBeNull();
    expect(lead.responseDueAt).not.toBeNull();
    expect(lead.firstResponseAt).not.toBeNull();
  });

  it('answers 404 for a lead that does not exist', async () => {
    const res = await request(leadsFn, 'GET', '/api/admin/leads/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('not_found');
  });
});
