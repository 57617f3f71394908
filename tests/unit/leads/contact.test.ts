import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import contact from '../../../netlify/functions/contact.mts';
import { useDatabase } from '../../../src/db/client.ts';
import { databaseDown, quietConsole, useTestDatabase } from '../test-db.ts';
import { contactMessages, idempotencyKeys, mailOutbox, rateLimits } from '../../../src/db/schema.ts';
import { consent } from '../../../src/lib/forms/consent.ts';
import { site } from '../../../src/config/site.ts';
import type { FnContext } from '../../../src/server/http.ts';
import { contactPayload } from '../../fixtures/forms.ts';

quietConsole('log'); // the console transport prints each mail
const handle = useTestDatabase({ empty: [mailOutbox, idempotencyKeys, contactMessages, rateLimits] });

const origin = 'http://localhost:4321';
let ipCounter = 0;
/** Work the function hands to waitUntil (the mail drain), awaited before the assertions. */
let background: Promise<unknown>[] = [];
const context = (ip = `198.51.100.${++ipCounter % 250}`): FnContext => ({
  ip,
  params: {},
  requestId: 'test',
  url: new URL(`${origin}/api/contact`),
  waitUntil: (promise) => void background.push(promise),
});
/** A valid contact submit with a fresh idempotency key (the one payload the e2e tests and benches send too). */
const valid = contactPayload;
const post = async (body: unknown, init: { origin?: string | null; ip?: string; raw?: string; type?: string } = {}) => {
  const headers = new Headers({ 'content-type': init.type ?? 'application/json' });
  if (init.origin !== null) headers.set('origin', init.origin ?? origin);
  const res = await contact(
    new Request(`${origin}/api/contact`, { method: 'POST', headers, body: init.raw ?? JSON.stringify(body) }),
    context(init.ip),
  );
  await Promise.all(background);
  background = [];
  return res;
};
const rows = () => handle.db.select().from(contactMessages);
const mails = () => handle.db.select().from(mailOutbox);

describe('POST /api/contact', () => {
  it('stores every field with the consent version and sends the staff and confirmation mails', async () => {
    const input = valid();
    const res = await post(input);
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [row] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      name: input.name,
      email: input.email,
      company: input.company,
      message: input.message,
      subscribe: true,
      status: 'unread',
      isSpam: false,
      consentVersion: consent.contact.version,
    });
    const queued = await mails();
    expect(queued.map((m) => [m.kind, m.to, m.status])).toEqual(
      expect.arrayContaining([
        ['contact.staff', site.staffInbox, 'sent'],
        ['contact.confirmation', input.email, 'sent'],
      ]),
    );
    const staff = queued.find((m) => m.kind === 'contact.staff')!;
    expect(staff.replyTo).toBe(input.email);
    for (const answer of [input.name, input.email, input.company, input.message])
      expect(staff.textBody).toContain(answer);
  });

  it('treats a repeated idempotency key as the same submit: one row, two mails, the same id', async () => {
    const input = valid();
    const first = await (await post(input)).json();
    const second = await post(input);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(first);
    expect(await rows()).toHaveLength(1);
    expect(await mails()).toHaveLength(2);
  });

  it('answers missing or wrong fields with 422 naming each field, and stores nothing', async () => {
    const res = await post({ ...valid(), name: ' ', email: 'not-an-email', company: '', message: '', consent: false });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe('invalid_fields');
    expect(error.fields).toMatchObject({
      name: 'Name is required',
      email: 'Enter a valid email address',
      company: 'Company is required',
      message: 'Message is required',
      consent: 'Please agree to the privacy policy to send your message',
    });
    expect(await rows()).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });

  it('refuses a foreign or missing Origin with 403, other methods with 405', async () => {
    expect((await post(valid(), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(valid(), { origin: null })).status).toBe(403);
    const get = await contact(new Request(`${origin}/api/contact`), context());
    expect(get.status).toBe(405);
    expect(await rows()).toHaveLength(0);
  });

  it('refuses bad bodies with clear 4xx answers', async () => {
    expect((await post(null, { raw: '{"name":' })).status).toBe(400);
    expect((await post(null, { raw: 'name=x', type: 'application/x-www-form-urlencoded' })).status).toBe(415);
    const huge = await post({ ...valid(), message: 'x'.repeat(70 * 1024) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe('payload_too_large');
  });

  it('keeps spam, flagged, without mailing anyone: a filled honeypot or a too-fast submit', async () => {
    const bot = await post({ ...valid(), website: 'http://spam.example' });
    expect(bot.status).toBe(201);
    const fast = await post({ ...valid(), fillMs: 500 });
    expect(fast.status).toBe(201);
    const stored = await rows();
    expect(stored.map((r) => [r.isSpam, r.spamReason]).sort()).toEqual([
      [true, 'honeypot'],
      [true, 'too_fast'],
    ]);
    expect(await mails()).toHaveLength(0);
  });

  it('limits one address to 10 submits in 10 minutes: the 11th gets 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i++) expect((await post(valid(), { ip: '203.0.113.7' })).status).toBe(201);
    const res = await post(valid(), { ip: '203.0.113.7' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(valid(), { ip: '203.0.113.8' })).status).toBe(201);
  });

  it('counts a refused body as a submit, and a submit over the limit writes nothing at all', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 8; i++) expect((await post(valid(), { ip })).status).toBe(201);
    expect((await post(null, { ip, raw: '{"name":' })).status).toBe(400);
    expect((await post({ ...valid(), email: 'nope' }, { ip })).status).toBe(422);
    const before = { rows: (await rows()).length, mails: (await mails()).length };
    const over = await post(valid(), { ip });
    expect(over.status).toBe(429);
    expect((await over.json()).error.code).toBe('rate_limited');
    // Over the limit, an invalid body is answered 429 too: the limit is checked before the answers.
    expect((await post(null, { ip, raw: '{"name":' })).status).toBe(429);
    expect({ rows: (await rows()).length, mails: (await mails()).length }).toEqual(before);
    expect(await handle.db.select().from(idempotencyKeys)).toHaveLength(8);
  });

  it('answers 503 with a clear message and no stack when the database is down', async () => {
    databaseDown();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await post(valid());
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      const text = await res.text();
      expect(JSON.parse(text).error.message).toMatch(/try again/);
      expect(text).not.toMatch(/ECONNREFUSED|at .+\.(ts|js):\d+/);
    } finally {
      useDatabase(handle);
    }
  });
});
