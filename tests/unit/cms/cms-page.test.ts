// /cms: the built editor page, served by its function with the editor's own headers, never its frame on its own, and
// only at CMS_ORIGIN when set (docs/decisions/0037). `npm run cms`'s local proxy: local-proxy.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import adminMe from '../../../netlify/functions/admin-me.mts';
import auth from '../../../netlify/functions/auth.mts';
import cms, { config } from '../../../netlify/functions/cms.mts';
import contact from '../../../netlify/functions/contact.mts';
import { createRouter } from '../../../scripts/lib/functions.ts';
import { editorOrigin } from '../../../src/config/cms.ts';
import { site } from '../../../src/config/site.ts';
import { distDir } from '../../../scripts/lib/built-site.ts';
import { CMS_HEADERS } from '../../../src/server/security-headers.ts';
import { call, origin } from '../function-harness.ts';

describe('the /cms function', () => {
  it('serves the built editor page with the editor policy, noindex and no caching of a stale page', async () => {
    expect(config.path).toContain('/cms');
    const response = await call(cms, '/cms', undefined, { method: 'GET' });
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(CMS_HEADERS)) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const page = await response.text();
    expect(page).toBe(readFileSync(path.join(distDir, 'cms-shell.html'), 'utf8'));
    expect(page).toContain('<meta name="robots" content="noindex, nofollow"');
    // The site's stylesheet is handed to the preview, not applied to the editor's own screen.
    expect(page).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(page).toMatch(/data-stylesheets="\/_astro\/global\.[\w-]+\.css"/);
  });

  it('never serves the built frame on its own: /cms-shell, /cms-shell/ and /cms-shell.html go to /cms, noindex', async () => {
    expect(config.path).toEqual(['/cms', '/cms-shell', '/cms-shell/', '/cms-shell.html']);
    for (const shell of ['/cms-shell', '/cms-shell/', '/cms-shell.html']) {
      for (const method of ['GET', 'HEAD']) {
        const response = await call(cms, shell, undefined, { method });
        expect(response.status, shell).toBe(308);
        expect(response.headers.get('location')).toBe(`${origin}/cms`);
        expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
        expect(await response.text()).toBe('');
      }
    }
  });

  it("answers the frame's paths before the static files in the local runtime too, as Netlify does", async () => {
    // scripts/serve.ts asks the functions first, then dist/: the frame on its own is no static file any more.
    const router = createRouter((file) => import(file));
    const answer = await router.handle(new Request(`${origin}/cms-shell.html`), '127.0.0.1');
    expect(answer?.status).toBe(308);
    expect(answer?.headers.get('content-security-policy')).not.toBeNull();
    expect(answer?.headers.get('location')).toBe(`${origin}/cms`);
  });

  it('answers nothing but GET and HEAD', async () => {
    expect((await call(cms, '/cms', {}, { method: 'POST' })).status).toBe(405);
  });

  it('is not in the sitemap', () => {
    const sitemap = readFileSync(path.join(distDir, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).not.toContain('/cms');
  });
});

describe('CMS_ORIGIN: the editor on its own origin (docs/decisions/0037)', () => {
  const editor = 'https://cms.agency.test';
  afterEach(() => {
    delete process.env.CMS_ORIGIN;
  });

  it("sends /cms and the frame from the site's origin to the editor's, and serves the editor only there", async () => {
    process.env.CMS_ORIGIN = editor;
    for (const where of ['/cms', '/cms-shell', `${editor}/cms-shell.html`]) {
      const moved = await call(cms, where, undefined, { method: 'GET' });
      expect(moved.status, where).toBe(308);
      expect(moved.headers.get('location')).toBe(`${editor}/cms`);
      expect(moved.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    }
    const page = await call(cms, `${editor}/cms`, undefined, { method: 'GET', origin: editor });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CMS_HEADERS['Content-Security-Policy']);
  });

  it("answers nothing else on the editor's origin: no sign-in, no portal, no form", async () => {
    process.env.CMS_ORIGIN = editor;
    const signIn = await call(
      auth,
      `${editor}/api/auth/sign-in/email`,
      { email: 'a@b.test', password: 'x' },
      { origin: editor },
    );
    expect(signIn.status).toBe(404);
    expect(await signIn.json()).toMatchObject({ error: { code: 'not_found' } });
    const me = await call(adminMe, `${editor}/api/admin/me`, undefined, { method: 'GET', origin: editor });
    expect(me.status).toBe(404);
    const contactForm = await call(contact, `${editor}/api/contact`, {}, { origin: editor });
    expect(contactForm.status).toBe(404);
  });

  it('refuses a value that is not another origin: the editor is then served nowhere, the rest of the site as before', async () => {
    for (const value of ['http://cms.agency.com', 'https://cms.agency.com/editor', 'not a url', site.url]) {
      process.env.CMS_ORIGIN = value;
      expect(editorOrigin(process.env, new URL(site.url).origin).problem, value).toMatch(/^CMS_ORIGIN must be/);
      const response = await call(cms, '/cms', undefined, { method: 'GET' });
      expect(response.status, value).toBe(503);
      expect(await response.text(), value).toMatch(/CMS_ORIGIN in Netlify’s environment variables, will not do/);
    }
    expect(editorOrigin({ CMS_ORIGIN: `${editor}/` }, new URL(site.url).origin)).toEqual({ origin: editor });
    expect(editorOrigin({}, new URL(site.url).origin)).toEqual({ origin: undefined });
  });

  it('refuses the site’s netlify.app address once a custom domain is primary (Netlify redirects it there: a loop)', () => {
    const env = { CMS_ORIGIN: 'https://bolesta-site.netlify.app', SITE_NAME: 'bolesta-site' };
    expect(editorOrigin(env, 'https://www.agency.com').problem).toMatch(
      /^CMS_ORIGIN must not be the site's netlify\.app address once a custom domain is primary: Netlify redirects it to https:\/\/www\.agency\.com/,
    );
    expect(editorOrigin(env, 'https://www.agency.com').origin).toBeUndefined();
    // A domain alias of the site is served as it is; before a custom domain, netlify.app is the site itself.
    expect(editorOrigin({ ...env, CMS_ORIGIN: 'https://cms.agency.com' }, 'https://www.agency.com')).toEqual({
      origin: 'https://cms.agency.com',
    });
    expect(editorOrigin({ ...env, CMS_ORIGIN: 'https://other-site.netlify.app' }, 'https://www.agency.com')).toEqual({
      origin: 'https://other-site.netlify.app',
    });
  });
});
