/**
 * A deploy preview (or branch deploy) is the agency's test bench, not a second production: its documents
 * stay in stores of its own deploy, a lead's mail goes to the staff inbox only, it never purges
 * production's cache, and every answer tells search engines not to index it. Production is unchanged.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDeployStore, getStore } from '@netlify/blobs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import contact from '../../../netlify/functions/contact.mts';
import { startLocalBlobs } from '../../../scripts/lib/blobs.ts';
import { previewHeaders } from '../../../scripts/preview-noindex.ts';
import { site } from '../../../src/config/site.ts';
import { useDatabase, type DbHandle } from '../../../src/db/client.ts';
import { contactMessages, mailOutbox } from '../../../src/db/schema.ts';
import { blogCacheHeaders, purgeBlogCache } from '../../../src/features/blog/cache.ts';
import type { Handler } from '../../../src/server/http.ts';
import { inDeployContext, siteContext } from '../../../src/config/platform.ts';
import { DOCUMENTS_STORE, documentsStore } from '../../../src/features/uploads/stores.ts';
import { contactPayload } from '../../fixtures/forms.ts';
import { call, nextIp } from '../function-harness.ts';
import { openTestDatabase } from '../test-db.ts';
import { deployedSettings } from '../../fixtures/deployed-settings.ts';

const purges = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('@netlify/functions', async (original) => ({ ...(await original<object>()), purgeCache: purges }));

let handle: DbHandle;
let blobsDir: string;
let stopBlobs: () => Promise<void>;
beforeAll(async () => {
  handle = await openTestDatabase();
  blobsDir = await mkdtemp(path.join(tmpdir(), 'preview-test-'));
  stopBlobs = await startLocalBlobs(blobsDir, { deployID: 'deploy123' });
}, 60_000);
afterAll(async () => {
  await handle.close();
  await stopBlobs();
  await rm(blobsDir, { recursive: true, force: true });
});
beforeEach(async () => {
  useDatabase(handle);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  for (const [key, value] of Object.entries({
    SITE_ID: 'a1b2c3',
    ...deployedSettings,
    BETTER_AUTH_SECRET: 'x'.repeat(44),
    DATABASE_URL: 'postgres://unused',
  }))
    vi.stubEnv(key, value);
  await handle.db.delete(mailOutbox);
  purges.mockClear();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Calls `handler` as Netlify would in a deploy of `context`. */
function callIn(context: string, handler: Handler, pathname: string, body: unknown) {
  const wrapped: Handler = (request, ctx) => handler(request, { ...ctx, deploy: { context, id: 'deploy123' } });
  return call(wrapped, pathname, body, { ip: nextIp() });
}

describe('the site an invocation serves', () => {
  it('is production only in the production context of a deployed site', () => {
    expect(inDeployContext('production', siteContext)).toBe('production');
    for (const context of ['deploy-preview', 'branch-deploy', 'dev'])
      expect(inDeployContext(context, siteContext)).toBe('preview');
    vi.unstubAllEnvs();
    expect(inDeployContext('deploy-preview', siteContext)).toBe('local');
  });
});

describe('a contact submit', () => {
  it('in a preview: stored, the lead’s confirmation goes to the staff inbox instead, and the answer says noindex', async () => {
    const payload = { ...contactPayload(), email: 'lead@prospect.example', company: 'Preview Lead Inc' };
    const res = await callIn('deploy-preview', contact, '/api/contact', payload);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const [row] = await handle.db.select().from(contactMessages).where(eq(contactMessages.company, 'Preview Lead Inc'));
    expect(row).toBeDefined();
    const mails = await handle.db.select().from(mailOutbox);
    expect(mails.map((m) => m.to)).toEqual([site.staffInbox, site.staffInbox]);
    expect(mails.some((m) => m.subject.startsWith('[Preview, meant for lead@prospect.example] '))).toBe(true);
  });

  it('in production: the lead gets their confirmation and the answer has no noindex', async () => {
    const payload = { ...contactPayload(), email: 'lead@prospect.example', company: 'Production Lead Inc' };
    const res = await callIn('production', contact, '/api/contact', payload);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-robots-tag')).toBeNull();
    const mails = await handle.db.select().from(mailOutbox);
    expect(mails.map((m) => m.to).sort()).toEqual(['lead@prospect.example', site.staffInbox].sort());
    expect(mails.every((m) => !m.subject.startsWith('[Preview'))).toBe(true);
  });
});

describe('documents', () => {
  it('a preview writes to the store of its own deploy, production to the site-wide store', async () => {
    await inDeployContext('deploy-preview', () => documentsStore().set('s1/preview.pdf', 'preview bytes'));
    await inDeployContext('production', () => documentsStore().set('s1/production.pdf', 'production bytes'));
    const siteWide = getStore({ name: DOCUMENTS_STORE, consistency: 'strong' });
    const deploy = getDeployStore({ name: DOCUMENTS_STORE, consistency: 'strong' });
    expect(await siteWide.get('s1/preview.pdf')).toBeNull();
    expect(await deploy.get('s1/preview.pdf')).toBe('preview bytes');
    expect(await siteWide.get('s1/production.pdf')).toBe('production bytes');
    expect(await deploy.get('s1/production.pdf')).toBeNull();
  });
});

describe('the blog cache', () => {
  it('a preview neither purges (a tag purge reaches production) nor lets the CDN keep its pages', async () => {
    await inDeployContext('deploy-preview', purgeBlogCache);
    expect(purges).not.toHaveBeenCalled();
    expect(inDeployContext('deploy-preview', blogCacheHeaders)).not.toHaveProperty('Netlify-CDN-Cache-Control');
  });

  it('production purges the blog tag and caches 60 s at the CDN', async () => {
    await inDeployContext('production', purgeBlogCache);
    expect(purges).toHaveBeenCalledWith({ tags: ['blog'] });
    expect(inDeployContext('production', blogCacheHeaders)).toMatchObject({
      'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=60',
      'Netlify-Cache-Tag': 'blog',
    });
  });
});

describe('the static files of a preview', () => {
  it('are marked noindex by the build outside production (dist/_headers), and production is left alone', () => {
    expect(previewHeaders('deploy-preview')).toBe('/*\n  X-Robots-Tag: noindex\n');
    expect(previewHeaders('branch-deploy')).toContain('X-Robots-Tag: noindex');
    expect(previewHeaders('production')).toBeNull();
    expect(previewHeaders(undefined)).toBeNull(); // npm start, CI
    const toml = readFileSync(path.resolve(import.meta.dirname, '../../../netlify.toml'), 'utf8');
    expect(toml).toMatch(/command = "npm run build && node scripts\/preview-noindex\.ts"/);
  });
});
