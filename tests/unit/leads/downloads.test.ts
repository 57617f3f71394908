// docs/decisions/0041-resource-downloads.md: the download gate (POST /api/downloads) and its mailed link
// (GET /downloads/:token), through the function as deployed, on the files the build step makes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import downloads from '../../../netlify/functions/downloads.mts';
import { buildResourceFiles } from '../../../scripts/lib/resource-files.ts';
import {
  downloadRequests,
  idempotencyKeys,
  leads,
  mailOutbox,
  rateLimits,
  type DownloadRequest,
} from '../../../src/db/schema.ts';
import { getLead } from '../../../src/features/leads/lead-timeline.ts';
import { CONFIRMATION_CAPS } from '../../../src/server/mail/outbox.ts';
import type { FnContext } from '../../../src/server/http.ts';
import { DOWNLOAD_LINK } from '../../../src/lib/forms/download.schema.ts';
import type { ResourceFileManifest } from '../../../src/lib/resource-files.ts';
import * as contact from '../../../netlify/functions/contact.mts';
import { contactPayload, meta } from '../../fixtures/forms.ts';
import { call as callFunction } from '../function-harness.ts';
import { quietConsole, useTestDatabase } from '../test-db.ts';

quietConsole('log'); // the console transport prints each mail: the tests read the link from it
const handle = useTestDatabase({ empty: [mailOutbox, idempotencyKeys, downloadRequests, leads, rateLimits] });

const origin = 'http://localhost:4321';
const files = mkdtempSync(path.join(tmpdir(), 'resource-files-'));
let manifest: ResourceFileManifest;
beforeAll(async () => {
  process.env.RESOURCE_FILES_OUT = files; // read by the function's src/features/leads/resource-files.ts
  ({ manifest } = await buildResourceFiles(path.resolve(import.meta.dirname, '../../../content'), files));
});
afterEach(() => vi.useRealTimers());
afterAll(() => {
  delete process.env.RESOURCE_FILES_OUT;
});

let ipCounter = 0;
let background: Promise<unknown>[] = [];
const call = async (request: Request, params: Record<string, string> = {}, ip = `198.51.100.${++ipCounter % 250}`) => {
  const context: FnContext = {
    ip,
    params,
    requestId: 'test',
    url: new URL(request.url),
    waitUntil: (promise) => void background.push(promise),
  };
  const res = await downloads(request, context);
  await Promise.all(background);
  background = [];
  return res;
};
const payload = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@analytical.example',
  company: 'Analytical Labs',
  consent: true,
  resource: 'cro-marketing-toolkit',
  attribution: { landingPath: '/resources', utmSource: 'linkedin', utmCampaign: 'toolkit-q4' },
  ...meta(),
  ...over,
});
const post = (body: unknown, ip?: string) =>
  call(
    new Request(`${origin}/api/downloads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    }),
    {},
    ip,
  );
const open = (link: string, method = 'GET') => call(new Request(link, { method }), { token: link.split('/').pop()! });
const requests = (): Promise<DownloadRequest[]> => handle.db.select().from(downloadRequests);
/** The links the console transport printed, in order (each mail's text holds its link once sent). */
const mailedLinks = () =>
  vi
    .mocked(console.log)
    .mock.calls.flatMap((args) => [...String(args[0]).matchAll(/http:\/\/localhost:4321\/downloads\/[\w-]+/g)])
    .map((m) => m[0]);

describe('POST /api/downloads and the mailed link', () => {
  it('stores the request in a lead without a response clock, and mails a link that serves the file byte for byte until its limit', async () => {
    const res = await post(payload());
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await requests();
    expect(row).toMatchObject({ id, resource: 'cro-marketing-toolkit', resourceTitle: 'CRO Marketing Toolkit' });
    expect(row!.maxOpens).toBe(DOWNLOAD_LINK.opens);
    const [lead] = await handle.db.select().from(leads).where(eq(leads.id, row!.leadId));
    expect(lead).toMatchObject({ firstForm: 'download', source: 'linkedin', awaitingSince: null, responseDueAt: null });

    const [mail] = await handle.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ kind: 'download.confirmation', to: 'ada@analytical.example', status: 'sent' });
    expect(mail!.textBody).not.toMatch(/\/downloads\/[\w-]{43}/); // the outbox never keeps the link in clear
    const [link] = mailedLinks();
    expect(link).toBeDefined();

    const head = await open(link!, 'HEAD');
    expect(head.status).toBe(200);
    const file = readFileSync(path.join(files, 'cro-marketing-toolkit.pdf'));
    for (let i = 0; i < DOWNLOAD_LINK.opens; i++) {
      const got = await open(link!);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(file)).toBe(true);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('content-disposition')).toContain('cro-marketing-toolkit.pdf');
      expect(got.headers.get('cache-control')).toBe('private, no-store');
      expect(got.headers.get('x-robots-tag')).toBe('noindex');
    }
    const spent = await open(link!);
    expect(spent.status).toBe(404);
    expect(spent.headers.get('cache-control')).toBe('private, no-store');
    const [after] = await requests();
    expect(after!.opens).toBe(DOWNLOAD_LINK.opens); // the HEAD counted nothing
    expect(after!.firstOpenedAt).not.toBeNull();

    const { timeline } = await getLead(handle.db, row!.leadId);
    expect(timeline.filter((e) => e.kind.startsWith('download'))).toMatchObject([
      { kind: 'download', title: 'CRO Marketing Toolkit', campaign: 'toolkit-q4', source: 'linkedin' },
      { kind: 'download-opened', title: 'CRO Marketing Toolkit', opens: DOWNLOAD_LINK.opens },
    ]);
  });

  it('ends the link after its days, and answers an unknown or malformed token the same 404', async () => {
    expect((await post(payload())).status).toBe(201);
    const [link] = mailedLinks();
    const [row] = await requests();
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(DOWNLOAD_LINK.days * 24 * 3600_000, -4);
    // The days of the link pass (the function's clock: the mail was queued on the database's own).
    vi.useFakeTimers({ toFake: ['Date'], now: row!.expiresAt.getTime() - 60_000 });
    expect((await open(link!, 'HEAD')).status).toBe(200); // a minute before, it still answers
    vi.setSystemTime(row!.expiresAt.getTime() + 1000);
    expect((await open(link!)).status).toBe(404);
    expect((await open(`${origin}/downloads/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await open(`${origin}/downloads/nope`)).status).toBe(404);
    expect((await requests())[0]!.opens).toBe(0);
  });

  it('answers 422 naming each field, an unknown resource and an ungated one, and stores nothing', async () => {
    const res = await post(payload({ name: ' ', email: 'nope', consent: false, resource: 'Not A Slug' }));
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('invalid_fields');
    expect(error.fields).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email address',
      consent: 'Please agree to the privacy policy to receive the file',
      resource: 'Choose a resource of this site',
    });
    const unknown = await post(payload({ resource: 'no-such-guide' }));
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { error: { fields: object } }).error.fields).toEqual({
      resource: 'This resource has no file to send',
    });
    expect(manifest['marketing-budget-calculator']!.gated).toBe(false);
    const ungated = await post(payload({ resource: 'marketing-budget-calculator' }));
    expect(ungated.status).toBe(422);
    expect(((await ungated.json()) as { error: { fields: object } }).error.fields).toEqual({
      resource: 'This resource downloads at once: no form needed',
    });
    expect(await requests()).toHaveLength(0);
    expect(await handle.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('is one request per submit key, keeps spam without mail, and limits an address to 10 submits: 429', async () => {
    const once = payload();
    const first = (await (await post(once)).json()) as { id: string };
    expect(await (await post(once)).json()).toEqual(first);
    expect((await post(payload({ website: 'http://bot.example' }))).status).toBe(201);
    expect((await requests()).map((r) => r.isSpam).sort()).toEqual([false, true]);
    expect(await handle.db.select().from(mailOutbox)).toHaveLength(1);

    const ip = '203.0.113.40';
    for (let i = 0; i < 10; i++) expect((await post(payload({ email: `n${i}@x.example` }), ip)).status).toBe(201);
    const over = await post(payload(), ip);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('holds the mail over the per-address cap and over the site-wide cap: stored, answered 201, never sent', async () => {
    const ask = () => post(payload({ email: 'stranger@victim.example' }));
    for (let i = 0; i < CONFIRMATION_CAPS.perRecipientPerDay + 1; i++) expect((await ask()).status).toBe(201);
    const toStranger = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'stranger@victim.example'));
    expect(toStranger.map((m) => m.status).sort()).toEqual(['capped', 'sent', 'sent', 'sent']);
    expect(mailedLinks()).toHaveLength(CONFIRMATION_CAPS.perRecipientPerDay);

    // The downloads' hour full (as after 100 download links to anyone): a new address's mail is held too.
    const hour = new Date(Math.floor(Date.now() / 3600_000) * 3600_000);
    await handle.db
      .insert(rateLimits)
      .values({ key: 'mail-cap:site:downloads', windowStart: hour, count: CONFIRMATION_CAPS.downloadsPerHour })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: CONFIRMATION_CAPS.downloadsPerHour },
      });
    expect((await post(payload({ email: 'other@victim.example' }))).status).toBe(201);
    const [held] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'other@victim.example'));
    expect(held!.status).toBe('capped');
  });

  it('cannot use up the requests’ confirmations: download links count against an hour of their own', async () => {
    // The review's probe: 100 download requests from 100 addresses an hour left no confirmation for a visitor's
    // contact or audit request that hour. The downloads now fill only their own hour.
    const many = Array.from({ length: CONFIRMATION_CAPS.downloadsPerHour }, (_, n) => `reader${n}@many.example`);
    for (const email of many) expect((await post(payload({ email }))).status).toBe(201);
    expect((await post(payload({ email: 'one-more@many.example' }))).status).toBe(201);
    const [over] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'one-more@many.example'));
    expect(over!.status).toBe('capped');
    const contactRes = await callFunction(contact.default, '/api/contact', {
      ...contactPayload(),
      email: 'visitor@cro.example',
    });
    expect(contactRes.status).toBe(201);
    const [confirmation] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'visitor@cro.example'));
    expect(confirmation).toMatchObject({
      kind: 'contact.confirmation',
      status: expect.stringMatching(/^(pending|sent)$/),
    });
  });
});
