/**
 * The conditions the functions run in, checked from outside: Netlify's environment and nothing else, a
 * project they cannot write, platform headers they cannot be handed by a client, and a deploy that lacks
 * a setting refusing to serve.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { contactPayload } from '../fixtures/forms.ts';
import { parity, site } from './helpers.ts';
import { deployedSettings } from '../fixtures/deployed-settings.ts';

/** The environment a deploy's process started with, which every function worker inherits. */
const environmentOf = (pid: number) =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

describe('the functions’ environment', () => {
  it('is Netlify’s: the site variables, Netlify Database, Blobs with a deploy id; no NODE_ENV, CONTEXT or mail key', () => {
    const env = environmentOf(parity.production.pid);
    // Netlify's own URL, and the agency's per-site settings as the site's environment variables set them.
    expect(env).toMatchObject({ SITE_NAME: 'bolesta', URL: 'https://bolesta.netlify.app', ...deployedSettings });
    expect(env.SITE_ID).toMatch(/^[0-9a-f-]{36}$/);
    expect(env.BETTER_AUTH_SECRET).toHaveLength(44);
    expect(env.NETLIFY_DB_URL).toBe(parity.databaseUrl);
    for (const name of [
      'NODE_ENV',
      'CONTEXT',
      'DATABASE_URL',
      'NETLIFY_DB_DRIVER',
      'RESEND_API_KEY',
      'TEST_DATABASE_URL',
    ])
      expect(env, name).not.toHaveProperty(name);
    const blobs = JSON.parse(Buffer.from(env.NETLIFY_BLOBS_CONTEXT!, 'base64').toString('utf8')) as Record<
      string,
      string
    >;
    expect(blobs).toMatchObject({ siteID: env.SITE_ID, deployID: parity.production.deployId });
    expect(blobs.deployID).toMatch(/^\w{1,24}$/);
  });

  const root = process.getuid?.() === 0;
  it.skipIf(!root)('runs as nobody, who can write /tmp but neither the unpacked archives nor the project', () => {
    const status = readFileSync(`/proc/${parity.production.pid}/status`, 'utf8');
    expect(/^Uid:\s+(.*)$/m.exec(status)![1]!.split(/\s+/)).toEqual(['65534', '65534', '65534', '65534']);
    const canWrite = (file: string) => spawnSync('runuser', ['-u', 'nobody', '--', 'test', '-w', file]).status === 0;
    const archive = path.join(parity.production.root, '.unzipped/contact');
    for (const file of [
      archive,
      path.join(archive, 'netlify/functions/contact.mjs'),
      path.join(parity.repoRoot, 'dist/blog-shell.html'),
      path.join(parity.repoRoot, 'netlify/functions'),
    ])
      expect(canWrite(file), file).toBe(false);
    expect(canWrite('/tmp')).toBe(true);
  });
});

describe('platform headers', () => {
  it('come from the platform only: a client’s x-nf-deploy-context does not make production a preview', async () => {
    const res = await site('production', '/api/health', {
      headers: {
        'x-nf-deploy-context': 'deploy-preview',
        'x-nf-deploy-id': 'forged',
        authorization: `Bearer ${parity.healthToken}`,
      },
    });
    expect(((await res.json()) as { site: string }).site).toBe('production');
    expect(res.headers.get('x-robots-tag')).toBeNull();
  });
});

describe('a deploy without BETTER_AUTH_SECRET', () => {
  it('refuses with 503 misconfigured and names the setting in its log', async () => {
    const res = await site('misconfigured', '/api/contact', { json: contactPayload() });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: 'misconfigured' } });
    // The worker's console reaches the log file a moment after the answer.
    await vi.waitFor(() =>
      expect(readFileSync(parity.misconfigured.log, 'utf8')).toContain('BETTER_AUTH_SECRET is not set'),
    );
  });
});

describe('a function that fails', () => {
  it('answers 500 without a trace, and its log shows the stack with the source files, not the bundle', async () => {
    const res = await site('misconfigured', '/parity/deliberate-error');
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).toContain('Something went wrong on our side');
    expect(body).not.toMatch(/deliberate|\.ts:|\.mjs:/);
    const stack = await vi.waitFor(() => {
      const log = readFileSync(parity.misconfigured.log, 'utf8');
      const at = log.indexOf('Error: a deliberate failure');
      expect(at).toBeGreaterThan(-1);
      return log.slice(at).split('\n').slice(0, 12).join('\n');
    });
    // The throw, in the fixture's own source, then the handler wrapper of every function.
    expect(stack).toMatch(/at failOnPurpose \(tests\/fixtures\/deliberate-error\/deliberate-error\.mts:8:\d+\)/);
    expect(stack).toMatch(/\(src\/server\/http\.ts:\d+:\d+\)/);
    expect(stack).not.toMatch(/deliberate-error\.mjs:\d/);
  });
});
