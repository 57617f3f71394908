import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import audits from '../../../netlify/functions/audits.mts';
import { site } from '../../../src/config/site.ts';
import { useDatabase } from '../../../src/db/client.ts';
import { quietConsole, useTestDatabase } from '../test-db.ts';
import {
  auditSubmissions,
  idempotencyKeys,
  mailOutbox,
  rateLimits,
  uploadTokens,
  type AuditSubmission,
} from '../../../src/db/schema.ts';
import { consent } from '../../../src/lib/forms/consent.ts';
import { intakeColumns } from '../../../src/features/leads/audit-answers.ts';
import { submitAudit } from '../../../src/features/leads/audit-requests.ts';
import { auditRequestSchema } from '../../../src/features/leads/contract.ts';
import { issueUploadToken, submissionForToken, UPLOAD_TOKEN_TTL_MS } from '../../../src/features/uploads/tokens.ts';
import { intakePayload, shortAuditPayload } from '../../fixtures/forms.ts';
import { call } from '../function-harness.ts';

quietConsole('log'); // the console transport prints each mail
const handle = useTestDatabase({ empty: [mailOutbox, idempotencyKeys, uploadTokens, auditSubmissions, rateLimits] });

const post = (body: unknown, init: Parameters<typeof call>[3] = {}) => call(audits, '/api/audits', body, init);
const stored = async (id: string): Promise<AuditSubmission> =>
  (await handle.db.select().from(auditSubmissions).where(eq(auditSubmissions.id, id)))[0]!;
const mails = () => handle.db.select().from(mailOutbox);

describe('POST /api/audits: the 5-step intake', () => {
  it('stores every answer in its column, with the lead, consent and source, and returns an upload token', async () => {
    const input = intakePayload();
    const res = await post(input);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await stored(body.id);
    for (const [field, column] of Object.entries(intakeColumns)) {
      expect(row[column as keyof AuditSubmission], field).toEqual(input[field as keyof typeof input]);
    }
    expect(row).toMatchObject({
      source: 'intake',
      status: 'pending',
      isSpam: false,
      consentVersion: consent.audit.version,
      contactName: 'Katalin Karikó',
      contactEmail: 'kk@mrna-labs.example',
    });
    expect(await submissionForToken(handle.db, body.uploadToken)).toBe(body.id);
    const expires = Date.parse(body.uploadTokenExpiresAt) - Date.now();
    expect(expires).toBeGreaterThan(UPLOAD_TOKEN_TTL_MS - 60_000);
    expect(expires).toBeLessThanOrEqual(UPLOAD_TOKEN_TTL_MS);
  });

  it('stores a hidden conditional answer empty: it only counts while its condition holds', async () => {
    const input = { ...intakePayload(), serviceType: 'cro' as const, hasWebsite: false, regions: ['europe' as const] };
    const { id } = await (await post(input)).json();
    const row = await stored(id);
    expect(row).toMatchObject({
      serviceType: 'cro',
      otherServiceType: '',
      hasWebsite: false,
      currentWebsiteUrl: '',
      lastWebsiteUpdate: '',
      regions: ['europe'],
      otherRegion: '',
    });
    expect(row.crmSpecify).toBe('HubSpot'); // its condition still holds
  });

  it('queues the staff notification with every answer under its step, and the confirmation with the promises', async () => {
    const input = intakePayload();
    const { id } = await (await post(input)).json();
    const queued = await mails();
    expect(queued.map((m) => [m.kind, m.to, m.status]).sort()).toEqual([
      ['audit.confirmation', input.workEmail, 'sent'],
      ['audit.staff', site.staffInbox, 'sent'],
    ]);
    const staff = queued.find((m) => m.kind === 'audit.staff')!;
    expect(staff.replyTo).toBe(input.workEmail);
    expect(staff.subject).toContain('mRNA Labs');
    for (const heading of [
      'COMPANY PROFILE',
      'MARKETING PRESENCE',
      'BUSINESS DEVELOPMENT SETUP',
      'GOALS & PAIN POINTS',
    ])
      expect(staff.textBody).toContain(heading);
    for (const line of [
      'Service type: Other',
      'Other service type: RNA process development',
      'Regions you serve: North America, Europe, Other',
      'Business development setup: Small BD team (2–5 people)',
      'Which CRM: HubSpot',
      'Do you have a website?: Yes',
      `Reference: ${id}`,
    ])
      expect(staff.textBody).toContain(line.replace('Reference: ', ''));
    expect(staff.htmlBody).toContain('<h2');
    const confirmation = queued.find((m) => m.kind === 'audit.confirmation')!;
    expect(confirmation.textBody).toMatch(/within 24 hours/);
    expect(confirmation.textBody).toMatch(/72 hours/);
  });

  it('answers with the form’s messages, per field, and stores nothing', async () => {
    const res = await post({
      ...intakePayload(),
      companyName: '',
      zipCode: ' ',
      serviceType: 'other',
      otherServiceType: '',
      stageOfGrowth: '',
      hasWebsite: true,
      currentWebsiteUrl: '',
      hiringMarketing: 'yes',
      hiringMarketingCount: '',
      lastWebsiteUpdate: '1989-12-31',
      workEmail: 'not-an-email',
      consent: false,
    });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.fields).toEqual({
      companyName: 'Company name is required',
      zipCode: 'ZIP code is required',
      otherServiceType: 'Please specify your service type',
      stageOfGrowth: 'Please select your company stage',
      currentWebsiteUrl: 'Please enter your website URL',
      hiringMarketingCount: "Please specify how many marketing personnel you're considering hiring",
      lastWebsiteUpdate: 'Please choose a date between Jan 01, 1990 and today',
      workEmail: 'Please enter a valid work email address',
      consent: 'Please agree to the privacy policy to submit your audit request',
    });
    expect(await handle.db.select().from(auditSubmissions)).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });

  it('refuses a last website update after today', async () => {
    const future = new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10);
    const res = await post({ ...intakePayload(), lastWebsiteUpdate: future });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields.lastWebsiteUpdate).toBe(
      'Please choose a date between Jan 01, 1990 and today',
    );
  });

  it('treats a repeated key as the same submit: one row, two mails, the same id and a fresh upload token', async () => {
    const input = intakePayload();
    const first = await (await post(input)).json();
    const again = await post(input);
    expect(again.status).toBe(201);
    const second = await again.json();
    expect(second.id).toBe(first.id);
    expect(second.uploadToken).not.toBe(first.uploadToken);
    expect(await submissionForToken(handle.db, second.uploadToken)).toBe(first.id);
    expect(await handle.db.select().from(auditSubmissions)).toHaveLength(1);
    expect(await mails()).toHaveLength(2);
  });

  it('gives a repeat an upload token only within the two hours after the first submit, never after', async () => {
    const input = intakePayload();
    const first = await (await post(input)).json();
    const { createdAt } = await stored(first.id);
    // What the function hands the service: the request as its schema reads it.
    const request = auditRequestSchema.parse(input);
    const replayAt = (ms: number) =>
      submitAudit(handle.db, request, issueUploadToken, new Date(createdAt.getTime() + ms));
    // Within the window: a fresh token, which lives no longer than the first one (two hours from the submit).
    const within = await replayAt(UPLOAD_TOKEN_TTL_MS - 60_000);
    expect(within.id).toBe(first.id);
    expect(within.uploadTokenExpiresAt).toBe(new Date(createdAt.getTime() + UPLOAD_TOKEN_TTL_MS).toISOString());
    expect(await submissionForToken(handle.db, within.uploadToken!, new Date(createdAt.getTime()))).toBe(first.id);
    // The key is honoured for 30 days, but two hours and a minute later it reopens nothing.
    const tokensBefore = (await handle.db.select().from(uploadTokens)).length;
    for (const late of [UPLOAD_TOKEN_TTL_MS + 60_000, 29 * 86400_000]) {
      expect(await replayAt(late)).toEqual({ id: first.id });
    }
    expect(await handle.db.select().from(uploadTokens)).toHaveLength(tokensBefore);
  });

  it('answers a repeat from what was stored: a spam-flagged intake gets no token when retried', async () => {
    const input = { ...intakePayload(), fillMs: 500 };
    const first = await (await post(input)).json();
    const again = await (await post({ ...input, fillMs: 60_000 })).json();
    expect(again).toEqual({ id: first.id });
  });

  it('refuses text it cannot store as typed, and days that do not exist', async () => {
    const res = await post({
      ...intakePayload(),
      companyName: 'mRNA\u0000Labs',
      city: 'Phila\ud800delphia',
      lastWebsiteUpdate: '2023-02-31',
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual({
      companyName: 'This answer contains a character we cannot store. Please retype it.',
      city: 'This answer contains a character we cannot store. Please retype it.',
      lastWebsiteUpdate: 'Please choose a date between Jan 01, 1990 and today',
    });
  });

  it('keeps spam flagged, mails nobody and hands out no upload token', async () => {
    const res = await post({ ...intakePayload(), website: 'https://spam.example' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.uploadToken).toBeUndefined();
    expect(await stored(body.id)).toMatchObject({ isSpam: true, spamReason: 'honeypot' });
    expect(await mails()).toHaveLength(0);
  });
});

describe('POST /api/audits: the contact page short form', () => {
  it('stores the short form in its own columns with the website as a URL, and queues both mails', async () => {
    const input = shortAuditPayload();
    const res = await post(input);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.uploadToken).toBeUndefined();
    expect(await stored(body.id)).toMatchObject({
      source: 'contact_page',
      status: 'pending',
      contactName: input.fullName,
      contactEmail: input.workEmail,
      contactPhone: input.phone,
      jobTitle: input.jobTitle,
      companyName: input.companyName,
      websiteUrl: 'https://helix-cdmo.example',
      address: input.address,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
      serviceType: 'other',
      otherServiceType: 'Bioanalytical testing',
      marketingChannels: ['linkedin', 'webinars', 'other'],
      otherMarketingChannel: 'Trade journals',
      teamSize: '2-5',
      painPoints: ['lead_generation', 'us_market_entry'],
      goals: input.goals,
      consentVersion: consent.audit.version,
    });
    const staff = (await mails()).find((m) => m.kind === 'audit.staff')!;
    expect(staff.textBody).toContain('Marketing channels you use: LinkedIn, Webinars, Other');
    expect(staff.textBody).toContain('Marketing team size: 2-5');
  });

  it('requires the form’s fields and the lead, with a message each', async () => {
    const res = await post({
      ...shortAuditPayload(),
      companyName: '',
      websiteUrl: 'not a url',
      city: '',
      fullName: '',
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual({
      fullName: 'Full name is required',
      companyName: 'Company name is required',
      websiteUrl: 'Please enter a valid website URL',
      city: 'City is required',
    });
  });

  it('refuses an unknown source, a foreign origin and a GET', async () => {
    expect((await post({ ...shortAuditPayload(), source: 'other' })).status).toBe(422);
    expect((await post(shortAuditPayload(), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await call(audits, '/api/audits', undefined, { method: 'GET' })).status).toBe(405);
  });

  it('answers 503 without internals when the database is down', async () => {
    useDatabase(Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await post(shortAuditPayload());
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text).error.message).toMatch(/try again/);
      expect(text).not.toMatch(/ECONNREFUSED/);
    } finally {
      useDatabase(handle);
    }
  });
});
