/** The Leads list of issue 22: one lead per address across the forms, the list's filters, its CSV, one lead. */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as auditsFn from '../../../netlify/functions/audits.mts';
import * as contactFn from '../../../netlify/functions/contact.mts';
import { randomUUID } from 'node:crypto';
import { downloadRequests, leads } from '../../../src/db/schema.ts';
import { contactPayload, shortAuditPayload } from '../../fixtures/forms.ts';
import { parseCsv } from '../csv-parse.ts';
import { call } from '../function-harness.ts';
import { addMessage, addSubmission, errorOf, request, staff } from '../staff-harness.ts';
import { leadsFn, useLeadsDatabase } from './leads-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, get, waiting } = useLeadsDatabase();
const list = (query = '') => get(`/api/admin/leads${query}`);
const emails = async (query = '') => (await list(query)).items.map((l: { email: string }) => l.email);

describe('one lead per person', () => {
  it('links a message and then an audit request from the same address in another case to one lead', async () => {
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
    await handle.db
      .update(leads)
      .set({ awaitingSince: null, responseDueAt: null, firstResponseAt: new Date() })
      .where(eq(leads.id, cy.leadId)); // answered

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

  // docs/decisions/0041-resource-downloads.md
  it('filters the leads that asked for a file, and the leads that only did', async () => {
    const ann = await addMessage(handle, { name: 'Ann', email: 'ann@helix.example' }, 30);
    const now = new Date();
    const person = {
      email: 'dee@lab.example',
      firstRequestAt: now,
      lastActivityAt: now,
      firstForm: 'download' as const,
    };
    const [dee] = await handle.db
      .insert(leads)
      .values({ ...person, emailKey: person.email })
      .returning();
    const asked = (leadId: string) => ({
      leadId,
      resource: 'cro-marketing-toolkit',
      resourceTitle: 'CRO Marketing Toolkit',
      name: 'N',
      email: 'n@x.example',
      consentVersion: 'download-2026-11',
      consentedAt: now,
      tokenHash: randomUUID(),
      expiresAt: now,
      maxOpens: 5,
    });
    await handle.db.insert(downloadRequests).values([asked(ann.leadId), asked(dee!.id)]);
    expect(await emails('?form=download')).toEqual(['dee@lab.example', 'ann@helix.example']);
    expect(await emails('?form=download_only')).toEqual(['dee@lab.example']);
    // Nobody answered a lead that only downloaded, and nothing waits: "No reply due", never "Answered".
    expect((await list('?form=download_only')).items[0]).toMatchObject({ forms: ['download'], state: 'none' });
    expect(await emails('?state=none')).toEqual(['dee@lab.example']);
    expect(await emails('?state=answered')).not.toContain('dee@lab.example');
    expect((await list('?q=ann')).items[0].forms).toEqual(['message', 'download']);
  });

  it('refuses a filter that cannot be one with a 422 naming it', async () => {
    const res = await request(leadsFn, 'GET', '/api/admin/leads?state=late&form=fax&stage=closed');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({
      state: expect.any(String),
      form: expect.any(String),
      stage: 'Use new, qualified, call, proposal, won, lost',
    });
  });

  // docs/decisions/0047-pipeline.md: `?stage=won` lists the clients.
  it('filters by the deal’s stage', async () => {
    const ann = await addMessage(handle, { name: 'Ann', email: 'ann@helix.example' }, 30);
    await addMessage(handle, { name: 'Bea', email: 'bea@lab.example' }, 20);
    await handle.db.update(leads).set({ stage: 'won' }).where(eq(leads.id, ann.leadId));
    expect(await emails('?stage=won')).toEqual(['ann@helix.example']);
    expect(await emails('?stage=new')).toEqual(['bea@lab.example']);
    expect(await emails('?stage=lost')).toEqual([]);
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
  it('answers 404 for a lead that does not exist', async () => {
    const res = await request(leadsFn, 'GET', '/api/admin/leads/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('not_found');
  });
});
