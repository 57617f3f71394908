/**
 * The production deploy, end to end over HTTP, in the order a day on the site goes: leads submit the forms
 * and upload a document, staff sign in, publish a post and export the submissions. In order: later flows
 * read what earlier ones stored.
 */
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deployedSettings, deployedSettingsCheck } from '../fixtures/deployed-settings.ts';
import { contactMessages, mailOutbox, uploadedDocuments } from '../../src/db/schema.ts';
import { contactPayload, intakePayload, shortAuditPayload } from '../fixtures/forms.ts';
import { database, MB, parity, pdf, sha256, site, siteDocuments, uploadDocument } from './helpers.ts';

describe('leads (production)', () => {
  it('a contact message is stored with its two mails pending, none sent (no RESEND_API_KEY)', async () => {
    const payload = { ...contactPayload(), email: 'lead@acme-bio.example', company: 'Acme Parity Labs' };
    const res = await site('production', '/api/contact', { json: payload });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };

    const { db } = await database();
    const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(message).toMatchObject({ company: 'Acme Parity Labs', email: 'lead@acme-bio.example' });
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.idempotencyKey, `contact:${id}:%`));
    expect(mails.map((m) => m.to).sort()).toEqual(['lead@acme-bio.example', deployedSettings.STAFF_INBOX].sort());
    expect(mails.every((m) => m.status === 'pending' && m.sentAt === null)).toBe(true);
  });

  it('a short audit is stored', async () => {
    const res = await site('production', '/api/audits', { json: shortAuditPayload() });
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it('the intake, then a 9 MB PDF in 4 MB parts, lands byte for byte in the site-wide Blobs store', async () => {
    const res = await site('production', '/api/audits', { json: intakePayload() });
    expect(res.status, await res.clone().text()).toBe(201);
    const { uploadToken } = (await res.json()) as { uploadToken: string };
    expect(uploadToken).toEqual(expect.any(String));

    const file = pdf(9 * MB);
    const { document, partSize, partCount } = await uploadDocument('production', uploadToken, 'deck.pdf', file);
    expect([partSize, partCount]).toEqual([4 * MB, 3]);
    expect(document.fileSize).toBe(file.length);

    const { db } = await database();
    const [row] = await db.select().from(uploadedDocuments).where(eq(uploadedDocuments.id, document.id));
    const stored = await siteDocuments().get(row!.filePath, { type: 'arrayBuffer' });
    expect(stored, `${row!.filePath} in the site-wide store`).not.toBeNull();
    expect(sha256(new Uint8Array(stored!))).toBe(sha256(file));
  });
});

describe('the platform in front of the functions', () => {
  it('refuses a body over 6 MB with its own 413 before any function runs', async () => {
    const res = await site('production', '/api/contact', { json: { message: 'x'.repeat(7 * MB) } });
    expect(res.status).toBe(413);
    // The platform's plain text, not the API's JSON error: no function answered.
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/^Payload Too Large/);
  });

  it('counts a binary body base64-encoded: 5 MB of octets is over the payload limit', async () => {
    const res = await site('production', '/api/uploads/x/parts/0', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', Authorization: 'Bearer x' },
      body: new Uint8Array(5 * MB),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  });
});

describe('staff (production)', () => {
  let cookie = '';

  it('an admin made with the CLI signs in and gets a Secure session cookie', async () => {
    const res = await site('production', '/api/auth/sign-in/email', {
      json: { email: 'admin@agency.example', password: parity.admin.password },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.startsWith('__Secure-better-auth.session_token='));
    expect(session, res.headers.getSetCookie().join('\n')).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
    cookie = session!.split(';')[0]!;

    const me = await site('production', '/api/admin/me', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { email: 'admin@agency.example', twoFactorEnabled: false, twoFactorRequired: true },
      roles: ['admin'],
      site: 'production',
    });
  });

  it('gets none of the portal until it turns on two-factor sign-in, required of all staff where deployed', async () => {
    const refused = await site('production', '/api/admin/submissions/export.csv', { cookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'two_factor_required' } });

    // What the portal's setup does: the password, then the first code of the authenticator app.
    const setup = await site('production', '/api/auth/two-factor/enable', {
      cookie,
      json: { password: parity.admin.password },
    });
    expect(setup.status, await setup.clone().text()).toBe(200);
    const { totpURI } = (await setup.json()) as { totpURI: string };
    const app = createOTP(base32.decode(new URL(totpURI).searchParams.get('secret')!));
    const verified = await site('production', '/api/auth/two-factor/verify-totp', {
      cookie,
      json: { code: await app.totp() },
    });
    expect(verified.status, await verified.clone().text()).toBe(200);
    const renewed = verified.headers.getSetCookie().find((c) => c.startsWith('__Secure-better-auth.session_token='));
    if (renewed) cookie = renewed.split(';')[0]!;
    const me = await site('production', '/api/admin/me', { cookie });
    expect(await me.json()).toMatchObject({ user: { twoFactorEnabled: true, twoFactorRequired: true } });
  });

  it('a post published in the portal is on /blog and /blog/<slug>, in the frame the bundle carries', async () => {
    const title = 'Parity: what a deploy really runs';
    const created = await site('production', '/api/admin/posts', {
      cookie,
      json: { title, content: 'Bundled, unzipped, **served**.', excerpt: 'A post from the parity run.' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { post } = (await created.json()) as { post: { id: string; slug: string; status: string } };
    expect(post.status).toBe('draft');
    const published = await site('production', `/api/admin/posts/${post.id}`, {
      method: 'PATCH',
      cookie,
      json: { status: 'published' },
    });
    expect(published.status, await published.clone().text()).toBe(200);

    const list = await site('production', '/blog');
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(title);
    const page = await site('production', `/blog/${post.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(title);
    expect(html).toContain('<html'); // the built frame, not a bare fragment
    for (const header of ['content-security-policy', 'x-frame-options', 'strict-transport-security'])
      expect(page.headers.get(header), header).toBeTruthy();

    // An unknown slug gets the built 404 page, the other file the bundle carries.
    const missing = await site('production', '/blog/no-such-post');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<html');
  });

  it('the CSV export holds the submitted companies', async () => {
    const res = await site('production', '/api/admin/submissions/export.csv', { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = await res.text();
    expect(csv).toContain(shortAuditPayload().companyName);
    expect(csv).toContain(intakePayload().companyName);
  });
});

describe('health (production)', () => {
  it('tells anyone only { ok }, cached by the CDN for 30 s', async () => {
    const res = await site('production', '/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false });
    expect(res.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=30');
  });

  it('reports every dependency ok but mail, which has no key, to the holder of HEALTH_TOKEN: 503', async () => {
    const res = await site('production', '/api/health', { headers: { authorization: `Bearer ${parity.healthToken}` } });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      ok: false,
      site: 'production',
      checks: {
        database: { ok: true, detail: 'reachable and migrated' },
        authSecret: { ok: true, detail: 'set' },
        // The functions carry the repository's Site settings: its invented ones are named, an agency's pass.
        settings: await deployedSettingsCheck(),
        mail: { ok: false, detail: expect.stringMatching(/^RESEND_API_KEY is not set: mail waits in the outbox/) },
        blobs: { ok: true, detail: 'reachable' },
        webhooks: { ok: true, detail: expect.stringMatching(/^(no event received yet|last event received \S+)$/) },
        // The schedulers' webhooks (docs/decisions/0046): bookings.test.ts may have delivered events already.
        bookings: {
          ok: true,
          detail: expect.stringMatching(
            /^Calendly: (no event received yet|last event received [^;]+); Cal\.com: (no event received yet|last event received \S+)$/,
          ),
        },
      },
    });
  });
});
