/**
 * Where leads come from (docs/decisions/0032-attribution-and-dashboard.md): each public form stores the first touch
 * it sends with its request; a new lead takes it and its source; the list filters by source and campaign, and the
 * CSV carries them.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as auditsFn from '../../../netlify/functions/audits.mts';
import * as contactFn from '../../../netlify/functions/contact.mts';
import { auditSubmissions, contactMessages, leads } from '../../../src/db/schema.ts';
import { contactPayload, intakePayload, shortAuditPayload } from '../../fixtures/forms.ts';
import { parseCsv } from '../csv-parse.ts';
import { call } from '../function-harness.ts';
import { errorOf, request } from '../staff-harness.ts';
import { leadsFn, useLeadsDatabase } from './leads-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, get } = useLeadsDatabase();

const linkedin = { landingPath: '/services/digital-marketing', utmSource: 'linkedin', utmCampaign: 'q4' };
const contact = (email: string, attribution?: unknown, extra: Record<string, unknown> = {}) =>
  call(contactFn.default, '/api/contact', { ...contactPayload(), email, attribution, ...extra });
const leadOf = async (email: string) => (await handle.db.select().from(leads).where(eq(leads.emailKey, email)))[0]!;

describe('attribution on the public forms', () => {
  it('stores the first touch with a contact message, and the new lead takes it with its source', async () => {
    const res = await contact('ann@helix.example', { ...linkedin, referrer: 'https://www.linkedin.com' });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = await res.json();
    const [message] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(message!.attribution).toEqual({ ...linkedin, referrer: 'https://www.linkedin.com' });
    expect(await leadOf('ann@helix.example')).toMatchObject({
      source: 'linkedin',
      firstForm: 'message',
      attribution: { ...linkedin, referrer: 'https://www.linkedin.com' },
    });
  });

  it('stores it with both audit forms, and derives the source from a referrer when there is no campaign', async () => {
    const short = await call(auditsFn.default, '/api/audits', {
      ...shortAuditPayload(),
      workEmail: 'bo@cro.example',
      attribution: { landingPath: '/bolesta-audit', referrer: 'https://www.google.com' },
    });
    expect(short.status, await short.clone().text()).toBe(201);
    const intake = await call(auditsFn.default, '/api/audits', {
      ...intakePayload(),
      workEmail: 'cy@lab.example',
      attribution: { landingPath: '/audit-intake', referrer: 'https://biotech-news.example' },
    });
    expect(intake.status, await intake.clone().text()).toBe(201);
    const rows = await handle.db.select().from(auditSubmissions);
    expect(rows.map((r) => r.attribution?.referrer).sort()).toEqual([
      'https://biotech-news.example',
      'https://www.google.com',
    ]);
    expect(await leadOf('bo@cro.example')).toMatchObject({ source: 'google', firstForm: 'contact_page' });
    expect(await leadOf('cy@lab.example')).toMatchObject({ source: 'referral', firstForm: 'intake' });
  });

  it('makes a lead with no first touch `direct`', async () => {
    expect((await contact('dee@direct.example')).status).toBe(201);
    expect(await leadOf('dee@direct.example')).toMatchObject({ source: 'direct', attribution: {} });
    const [message] = await handle.db.select().from(contactMessages);
    expect(message!.attribution).toBeNull();
  });

  it('keeps the first touch of a lead’s first request, unless all it had was spam', async () => {
    expect((await contact('ann@helix.example', linkedin)).status).toBe(201);
    expect((await contact('ANN@helix.example', { utmSource: 'newsletter' })).status).toBe(201);
    expect(await leadOf('ann@helix.example')).toMatchObject({ source: 'linkedin', attribution: linkedin });

    // A bot's visit is no lead's origin: the first genuine request's first touch replaces it.
    expect((await contact('eve@cro.example', { utmSource: 'spam-farm' }, { website: 'http://bot' })).status).toBe(201);
    expect(await leadOf('eve@cro.example')).toMatchObject({ source: 'spam-farm', isSpam: true });
    expect((await contact('eve@cro.example', { utmSource: 'google' })).status).toBe(201);
    expect(await leadOf('eve@cro.example')).toMatchObject({ source: 'google', isSpam: false, firstForm: 'message' });
  });

  it('refuses a bad value with a 422 naming the field, and stores nothing', async () => {
    const res = await contact('ann@helix.example', { utmCampaign: 'x'.repeat(101), landingPath: '/a?token=1' });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({
      'attribution.utmCampaign': expect.stringMatching(/100 characters/),
      'attribution.landingPath': expect.any(String),
    });
    expect(await handle.db.select().from(contactMessages)).toEqual([]);
  });
});

describe('source in the leads list', () => {
  const emails = async (query: string) =>
    (await get(`/api/admin/leads${query}`)).items.map((l: { email: string }) => l.email);

  it('shows the source and first touch, filters by them, and exports them', async () => {
    await contact('ann@helix.example', linkedin);
    await contact('bo@cro.example', { utmSource: 'google', utmCampaign: 'brand' });
    await contact('cy@lab.example');
    // A lead from before attribution: no source recorded.
    await contact('old@lab.example');
    await handle.db.update(leads).set({ source: null, attribution: null }).where(eq(leads.emailKey, 'old@lab.example'));

    const [ann] = (await get('/api/admin/leads?q=ann')).items;
    expect(ann).toMatchObject({ source: 'linkedin', attribution: linkedin });
    const [old] = (await get('/api/admin/leads?q=old')).items;
    expect(old).toMatchObject({ source: null, attribution: null });

    expect(await emails('?source=linkedin')).toEqual(['ann@helix.example']);
    expect(await emails('?source=LinkedIn')).toEqual(['ann@helix.example']);
    expect(await emails('?source=direct')).toEqual(['cy@lab.example']);
    expect(await emails('?source=unrecorded')).toEqual(['old@lab.example']);
    expect(await emails('?campaign=brand')).toEqual(['bo@cro.example']);
    expect(await emails('?source=google&campaign=q4')).toEqual([]);

    const res = await request(leadsFn, 'GET', '/api/admin/leads/export.csv?source=linkedin');
    const rows = parseCsv(
      Buffer.from(await res.arrayBuffer())
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
    const header = rows[0]!;
    const column = (name: string) => rows[1]![header.indexOf(name)];
    expect(rows).toHaveLength(2);
    expect(column('source')).toBe('linkedin');
    expect(column('landing_path')).toBe('/services/digital-marketing');
    expect(column('utm_campaign')).toBe('q4');
    expect(header).toEqual(expect.arrayContaining(['referrer', 'utm_source', 'utm_medium', 'utm_term', 'utm_content']));
  });

  it('refuses a source or campaign filter over its cap with a 422 naming it', async () => {
    const res = await request(leadsFn, 'GET', `/api/admin/leads?source=${'x'.repeat(101)}&campaign=${'y'.repeat(101)}`);
    expect(res.status).toBe(422);
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(['source', 'campaign']);
  });
});
