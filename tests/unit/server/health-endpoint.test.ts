// GET /api/health tells anyone only whether all is well, cached by the CDN; what each check found (settings,
// the mail provider's refusals, the outbox) only to the holder of HEALTH_TOKEN, never cached.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import health from '../../../netlify/functions/health.mts';
import { healthAccess } from '../../../src/features/system/health-access.ts';
import { call } from '../function-harness.ts';
import { quietConsole, useTestDatabase } from '../test-db.ts';

const handle = useTestDatabase();
quietConsole('error', 'warn');
afterEach(() => vi.unstubAllEnvs());

const TOKEN = 'Zq3'.repeat(15); // 45 characters
const get = (headers: Record<string, string> = {}, method = 'GET') =>
  call(health, '/api/health', undefined, { method, headers });

describe('GET /api/health without credentials', () => {
  it('answers { ok } and nothing else, cached by the CDN for 30 s and never for a token holder', async () => {
    vi.stubEnv('HEALTH_TOKEN', TOKEN);
    for (const headers of [{}, { authorization: 'Basic dXNlcjpwYXNz' }] as Record<string, string>[]) {
      const res = await get(headers);
      const body = await res.json();
      expect(Object.keys(body)).toEqual(['ok']);
      expect(typeof body.ok).toBe('boolean');
      expect(res.status).toBe(body.ok ? 200 : 503);
      expect(res.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=30');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(res.headers.get('vary')).toBe('Authorization');
    }
  });

  it('answers HEAD with the same status and headers', async () => {
    const res = await get({}, 'HEAD');
    expect([200, 503]).toContain(res.status);
    expect(res.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=30');
  });
});

describe('GET /api/health with Authorization: Bearer', () => {
  it('gives the right token every check’s detail, never cached', async () => {
    vi.stubEnv('HEALTH_TOKEN', TOKEN);
    const res = await get({ authorization: `Bearer ${TOKEN}` });
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['checks', 'ok', 'site']);
    expect(Object.keys(body.checks).sort()).toEqual([
      'authSecret',
      'blobs',
      'bookings',
      'database',
      'mail',
      'settings',
      'webhooks',
    ]);
    expect(body.checks.database).toEqual({ ok: true, detail: 'reachable and migrated' });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('netlify-cdn-cache-control')).toBeNull();
  });

  it('refuses a wrong token with 401, never cached, and tells nothing of the checks', async () => {
    vi.stubEnv('HEALTH_TOKEN', TOKEN);
    for (const wrong of [`${TOKEN}x`, TOKEN.slice(1), 'short', TOKEN.toLowerCase()]) {
      const res = await get({ authorization: `Bearer ${wrong}` });
      expect(res.status, wrong).toBe(401);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      const text = await res.text();
      expect(text).not.toMatch(/checks|database|RESEND|STAFF_INBOX/);
    }
  });

  it('has no detail to give while HEALTH_TOKEN is unset or too short, while the public answer still works', async () => {
    for (const unset of [undefined, '', 'x'.repeat(31)]) {
      vi.stubEnv('HEALTH_TOKEN', unset);
      expect((await get({ authorization: `Bearer ${unset || 'anything'}` })).status).toBe(401);
      expect(Object.keys(await (await get()).json())).toEqual(['ok']);
    }
  });
});

describe('a database that is not migrated', () => {
  // It changes the schema, and under `npm run test:pg` every file shares one PostgreSQL database: the column is put
  // back whatever happens, or a later file's health check finds the table "not migrated".
  it('fails the public answer in one schema check, and the detail names the table', async () => {
    vi.stubEnv('HEALTH_TOKEN', TOKEN);
    await handle.db.execute(sql`alter table blob_deletions drop column attempts`);
    try {
      const open = await get();
      expect(open.status).toBe(503);
      expect(await open.json()).toEqual({ ok: false });
      const detail = await (await get({ authorization: `Bearer ${TOKEN}` })).json();
      expect(detail.checks.database).toEqual({ ok: false, detail: 'reachable, but not migrated (blob_deletions)' });
    } finally {
      await handle.db.execute(sql`alter table blob_deletions add column attempts integer not null default 0`);
    }
    const restored = await (await get({ authorization: `Bearer ${TOKEN}` })).json();
    expect(restored.checks.database).toEqual({ ok: true, detail: 'reachable and migrated' });
  });
});

describe('healthAccess', () => {
  const request = (authorization?: string) =>
    new Request('http://localhost/api/health', { headers: authorization ? { authorization } : {} });

  it('is public without a Bearer value, detail with the token (any case of "Bearer"), refused otherwise', () => {
    expect(healthAccess(request(), TOKEN)).toBe('public');
    expect(healthAccess(request('Basic abc'), TOKEN)).toBe('public');
    expect(healthAccess(request(`Bearer ${TOKEN}`), TOKEN)).toBe('detail');
    expect(healthAccess(request(`bearer ${TOKEN}`), ` ${TOKEN}\n`)).toBe('detail');
    expect(healthAccess(request(`Bearer ${TOKEN}`), undefined)).toBe('refused');
    expect(healthAccess(request(`Bearer ${TOKEN.slice(0, 31)}`), TOKEN.slice(0, 31))).toBe('refused');
    expect(healthAccess(request('Bearer nope'), TOKEN)).toBe('refused');
  });
});
